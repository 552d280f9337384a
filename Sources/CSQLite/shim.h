#ifndef GUIDEBOOK_CSQLITE_SHIM_H
#define GUIDEBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_config is variadic; Swift cannot call it directly. */
static inline int guidebook_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}
#endif
