#ifndef GUIDEBOOK_CSQLITE_SHIM_H
#define GUIDEBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_config is variadic; Swift cannot call it directly. */
static inline int guidebook_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}

/*
 * guidebook_phrase_weight(table, weight_0, ..., weight_{columns-1})
 *
 * For a query of one phrase: the row's BM25 term weight, tf(k1+1) / (tf + k1(1 - b + b·len/avglen))
 * with k1 = 1.2 and b = 0.75, where tf is the column weights of the phrase's instances summed and
 * len the row's token count over all columns; the same quantity FTS5's bm25() multiplies by the
 * phrase's idf. Returned without the idf so a caller can keep it per phrase and combine phrases.
 */
static void guidebook_fts5_phrase_weight(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                         int argc, sqlite3_value **argv) {
    enum { maxColumns = 64 };
    int columns = api->xColumnCount(fts);
    if (columns > maxColumns || argc != columns || api->xPhraseCount(fts) != 1) {
        sqlite3_result_error(context, "guidebook_phrase_weight: expected one phrase and one weight per column", -1);
        return;
    }
    sqlite3_int64 rows = 0, totalTokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &totalTokens);
    int tokens = 0;
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &tokens);
    Fts5PhraseIter iterator;
    int column = 0, offset = 0;
    if (rc == SQLITE_OK) rc = api->xPhraseFirst(fts, 0, &iterator, &column, &offset);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }

    double hits = 0;
    for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
        if (column < columns) hits += sqlite3_value_double(argv[column]);
    }
    double averageLength = rows > 0 && totalTokens > 0 ? (double)totalTokens / (double)rows : 1.0;
    const double k1 = 1.2, b = 0.75;
    double weight = hits > 0 ? (hits * (k1 + 1.0)) / (hits + k1 * (1.0 - b + b * (double)tokens / averageLength)) : 0;
    sqlite3_result_double(context, weight);
}

/* guidebook_row_count(table): the number of rows in the FTS5 table, from its stored totals. */
static void guidebook_fts5_row_count(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                     int argc, sqlite3_value **argv) {
    (void)argc; (void)argv;
    sqlite3_int64 rows = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    sqlite3_result_int64(context, rows);
}

/* Registers both functions on this connection. FTS5 hands out its API through `SELECT fts5(?1)`. */
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
    rc = api->xCreateFunction(api, "guidebook_phrase_weight", 0, guidebook_fts5_phrase_weight, 0);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "guidebook_row_count", 0, guidebook_fts5_row_count, 0);
}
#endif
