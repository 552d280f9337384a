#ifndef GUIDEBOOK_CSQLITE_SHIM_H
#define GUIDEBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_config is variadic; Swift cannot call it directly. */
static inline int guidebook_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}

/*
 * guidebook_phrase_hits(table, weight_0, ..., weight_{columns-1})
 *
 * For a query of one phrase: the phrase's instances in the row, each counted with the weight of its
 * column. That is the term frequency FTS5's bm25() uses; the caller adds the length normalization
 * and the idf, from row lengths it keeps, so that a row costs only its own position list here.
 */
static void guidebook_fts5_phrase_hits(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                       int argc, sqlite3_value **argv) {
    int columns = api->xColumnCount(fts);
    if (argc != columns || api->xPhraseCount(fts) != 1) {
        sqlite3_result_error(context, "guidebook_phrase_hits: expected one phrase and one weight per column", -1);
        return;
    }
    Fts5PhraseIter iterator;
    int column = 0, offset = 0;
    int rc = api->xPhraseFirst(fts, 0, &iterator, &column, &offset);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    double hits = 0;
    for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
        if (column < columns) hits += sqlite3_value_double(argv[column]);
    }
    sqlite3_result_double(context, hits);
}

/* Registers guidebook_phrase_hits() on this connection. FTS5 hands out its API through `SELECT fts5(?1)`. */
static inline int guidebook_fts5_register_functions(sqlite3 *db) {
    sqlite3_stmt *statement = 0;
    fts5_api *api = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    rc = sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(statement);
        rc = (rc == SQLITE_ROW || rc == SQLITE_DONE) ? SQLITE_OK : rc;
    }
    int finalized = sqlite3_finalize(statement);
    if (rc == SQLITE_OK) rc = finalized;
    if (rc != SQLITE_OK) return rc;
    if (api == 0 || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "guidebook_phrase_hits", 0, guidebook_fts5_phrase_hits, 0);
}
#endif
