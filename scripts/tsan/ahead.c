/*
 * The tokenizing-ahead session of Sources/CSQLite/shim.h ("Tokenizing ahead") under ThreadSanitizer,
 * compiled as C. `swift build --sanitize=thread` instruments the Swift code and intercepts pthread
 * calls, but not the memory accesses of the C functions a module map's header defines, so the
 * server's run in tsan-check cannot see a race between the writer and the tokenizing thread; this
 * program can. On an in-memory database: three bulk INSERTs in step, each checked to have made the
 * tokens ahead; one out of step, which must fail; one ended before its reader has given every row.
 * Exits 1 when a result is not the expected one; the caller judges the sanitizer's output.
 *
 * Built by scripts/tsan-check.sh: clang -fsanitize=thread ahead.c -I Sources/CSQLite -lsqlite3.
 */
#include "shim.h"
#include <stdio.h>

static int run(sqlite3 *db, const char *sql) {
    char *message = 0;
    int rc = sqlite3_exec(db, sql, 0, 0, &message);
    if (rc != SQLITE_OK) fprintf(stderr, "ahead: %s: %s\n", sql, message ? message : "?");
    sqlite3_free(message);
    return rc;
}

static int integer(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement = 0;
    int value = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, 0) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
        value = sqlite3_column_int(statement, 0);
    } else {
        fprintf(stderr, "ahead: %s: %s\n", sql, sqlite3_errmsg(db));
    }
    sqlite3_finalize(statement);
    return value;
}

int main(void) {
    sqlite3 *db = 0;
    if (guidebook_sqlite3_config_multithread() != SQLITE_OK || guidebook_sqlite3_config_no_memstatus() != SQLITE_OK) return 1;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK || guidebook_fts5_register_functions(db) != SQLITE_OK) return 1;
    if (run(db, "CREATE TABLE t (row INTEGER PRIMARY KEY, title TEXT, body TEXT);"
                "CREATE VIRTUAL TABLE f USING fts5(title, body, tokenize = 'guidebook');"
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)"
                " INSERT INTO t SELECT i, CASE WHEN i % 3 THEN 'Sheet ' || i END,"
                " 'Popovers and sheets 시트를 진행률을 표시하는 ' || i || ' café' FROM n") != SQLITE_OK) return 1;
    int failed = 0;
    for (int round = 1; round <= 3; round++) {
        if (run(db, "BEGIN; DELETE FROM f; SELECT guidebook_ahead_begin('SELECT title, body FROM t ORDER BY row', NULL)") != SQLITE_OK
            || run(db, "INSERT INTO f (rowid, title, body) SELECT row, title, body FROM t ORDER BY row") != SQLITE_OK) return 1;
        int ended = integer(db, "SELECT guidebook_ahead_end()");
        int forms = integer(db, "SELECT count(*) FROM json_each(guidebook_collected_forms())");
        if (run(db, "COMMIT") != SQLITE_OK) return 1;
        printf("ahead: round %d: ended %d (1: in step), %d surface forms\n", round, ended, forms);
        if (ended != 1 || forms < 5000) failed = 1;
    }
    if (run(db, "SELECT guidebook_ahead_begin('SELECT title, body FROM t ORDER BY row DESC', NULL)") != SQLITE_OK) return 1;
    fprintf(stderr, "ahead: (an INSERT out of step, expected to fail:)\n");
    if (run(db, "INSERT INTO f (rowid, title, body) SELECT row + 10000, title, body FROM t ORDER BY row") == SQLITE_OK) failed = 1;
    if (integer(db, "SELECT guidebook_ahead_end()") != 0) failed = 1;
    /* A session ended before its reader has given every row: the thread still finishes and is joined. */
    if (run(db, "SELECT guidebook_ahead_begin('SELECT title, body FROM t', NULL)") != SQLITE_OK) return 1;
    if (integer(db, "SELECT guidebook_ahead_end()") != -1) failed = 1;
    if (sqlite3_close(db) != SQLITE_OK) return 1;
    printf("ahead: %s\n", failed ? "FAILED" : "ok");
    return failed;
}
