/*
 * The floor of an uncached topic read: what SQLite alone costs to run the statements a
 * `GET /v1/topics/{slug}` with the response cache off runs, stepped to the last row with every
 * column read, and nothing else (no JSON, no HTTP, no Swift). `make bench` compiles it with the
 * system's C compiler against the system's SQLite and sets its CPU per topic beside the server's:
 * what the server spends above it is ours to cut; what a target asks below it no server that
 * reads SQLite on every request can give.
 *
 * The statements are the ones KnowledgeReader runs for a topic (the locales, the topic's row,
 * its texts, its sections with their titles, its guidelines with their texts); they are written
 * out here again on purpose, so this program shares no code with the server. Keep them in step
 * when the reader's statements change.
 *
 * The connection is opened as the server's readers are (read-only, no mutex, a 1 MiB page cache)
 * and each topic is read in its own read transaction, as each request is.
 *
 * With `json` after SECONDS it also writes what it reads as JSON into one buffer per topic, as any
 * server answering with JSON must: one array per row holding its columns' values, strings escaped
 * (quote, backslash, control characters, DEL), numbers in decimal. That is less than the server's
 * answer holds (no member names, no links, no nesting by section, no language fallbacks), so it is
 * still a floor: the least a server reading SQLite spends to compose a topic's JSON, without HTTP.
 *
 * usage: topic-floor DB PATHS SECONDS [json]
 *   PATHS: one request path a line (/v1/topics/<slug>), as the benchmark's wrk script rotates them.
 * prints: topics=N rows_per_topic=R cpu_us_per_topic=U [json_bytes_per_topic=B]
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_SLUGS = 4096, SLUG_BYTES = 256 };

static const char *const statements[] = {
    "SELECT code, name, is_source FROM locales ORDER BY position, code",
    "SELECT t.id, t.slug, c.slug, t.revision, t.updated_at, c.position, t.position,"
    " (SELECT count(*) FROM guidelines g WHERE g.topic_id = t.id), t.created_at"
    " FROM topics t JOIN categories c ON c.id = t.category_id WHERE t.slug = ?",
    "SELECT locale, title, summary, review_state FROM topic_texts WHERE topic_id = ?",
    "SELECT s.id, s.key, s.position, s.revision, s.updated_at, s.created_at, st.locale, st.title, st.review_state"
    " FROM sections s LEFT JOIN section_texts st ON st.section_id = s.id"
    " WHERE s.topic_id = ?1 ORDER BY s.position, s.id, st.locale",
    "SELECT g.id, g.key, g.section_id, g.position, g.revision, g.updated_at, g.created_at,"
    " gt.locale, gt.text, gt.source_hash, gt.updated_at, gt.source_revision, gt.review_state"
    " FROM guidelines g LEFT JOIN guideline_texts gt ON gt.guideline_id = g.id"
    " WHERE g.topic_id = ?1 ORDER BY g.position, g.id, gt.locale",
};
enum { STATEMENTS = sizeof statements / sizeof statements[0] };

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "topic-floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

/* A growable buffer the JSON of a topic is written into (reused from topic to topic). */
struct buffer {
    unsigned char *bytes;
    size_t count, capacity;
};

static void reserve(struct buffer *out, size_t more) {
    if (out->capacity - out->count >= more) return;
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity - out->count < more) capacity *= 2;
    unsigned char *grown = realloc(out->bytes, capacity);
    if (!grown) {
        fprintf(stderr, "topic-floor: out of memory\n");
        exit(1);
    }
    out->bytes = grown;
    out->capacity = capacity;
}

static void put(struct buffer *out, const void *bytes, size_t count) {
    reserve(out, count);
    memcpy(out->bytes + out->count, bytes, count);
    out->count += count;
}

static void put_byte(struct buffer *out, unsigned char byte) {
    reserve(out, 1);
    out->bytes[out->count++] = byte;
}

/* The bytes a JSON string cannot hold as they are (set by `main`). */
static unsigned char escaped[256];

/* A JSON string of `count` bytes of UTF-8: the runs that need no escape copied whole. */
static void put_string(struct buffer *out, const unsigned char *text, size_t count) {
    static const char hex[] = "0123456789abcdef";
    put_byte(out, '"');
    size_t run = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned char byte = text[i];
        if (!escaped[byte]) continue;
        put(out, text + run, i - run);
        run = i + 1;
        switch (byte) {
        case '"': put(out, "\\\"", 2); break;
        case '\\': put(out, "\\\\", 2); break;
        case '\n': put(out, "\\n", 2); break;
        case '\r': put(out, "\\r", 2); break;
        case '\t': put(out, "\\t", 2); break;
        default: {
            char escape[6] = {'\\', 'u', '0', '0', hex[byte >> 4], hex[byte & 15]};
            put(out, escape, 6);
        }
        }
    }
    put(out, text + run, count - run);
    put_byte(out, '"');
}

static void put_integer(struct buffer *out, sqlite3_int64 value) {
    char digits[24];
    int length = snprintf(digits, sizeof digits, "%lld", (long long)value);
    put(out, digits, (size_t)length);
}

/* Steps `statement` to its end reading every column as the server does (texts as bytes, numbers
 * as integers); returns the rows, sets `first` (when given) to the first row's first column, and
 * folds the values into `sink` so nothing is optimised away. With `json`, writes each row as an
 * array of its columns' values, after a comma when the buffer already holds a row. */
static long step_all(sqlite3 *db, sqlite3_stmt *statement, sqlite3_int64 *first, unsigned long *sink, struct buffer *json) {
    long rows = 0;
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        if (rows == 0 && first) *first = sqlite3_column_int64(statement, 0);
        rows++;
        int columns = sqlite3_column_count(statement);
        if (json) {
            if (json->count > 1) put_byte(json, ','); /* past the '[': a row is written */
            put_byte(json, '[');
        }
        for (int column = 0; column < columns; column++) {
            if (json && column > 0) put_byte(json, ',');
            switch (sqlite3_column_type(statement, column)) {
            case SQLITE_TEXT: {
                const unsigned char *text = sqlite3_column_text(statement, column);
                int bytes = sqlite3_column_bytes(statement, column);
                *sink += (unsigned long)bytes + (bytes > 0 ? text[bytes - 1] : 0);
                if (json) put_string(json, text, (size_t)bytes);
                break;
            }
            case SQLITE_NULL:
                if (json) put(json, "null", 4);
                break;
            default: {
                sqlite3_int64 value = sqlite3_column_int64(statement, column);
                *sink += (unsigned long)value;
                if (json) put_integer(json, value);
            }
            }
        }
        if (json) put_byte(json, ']');
    }
    if (rc != SQLITE_DONE) fail(db, "step");
    if (sqlite3_reset(statement) != SQLITE_OK) fail(db, "reset");
    return rows;
}

int main(int argc, char **argv) {
    if (argc != 4 && !(argc == 5 && strcmp(argv[4], "json") == 0)) {
        fprintf(stderr, "usage: topic-floor DB PATHS SECONDS [json]\n");
        return 2;
    }
    for (int byte = 0; byte < 256; byte++) escaped[byte] = byte < 0x20 || byte == '"' || byte == '\\' || byte == 0x7f;
    struct buffer buffer = {0};
    struct buffer *json = argc == 5 ? &buffer : NULL;
    size_t json_bytes = 0;
    static char slugs[MAX_SLUGS][SLUG_BYTES];
    int count = 0;
    FILE *paths = fopen(argv[2], "r");
    if (!paths) {
        perror(argv[2]);
        return 1;
    }
    char line[SLUG_BYTES + 64];
    while (count < MAX_SLUGS && fgets(line, sizeof line, paths)) {
        line[strcspn(line, "\r\n")] = 0;
        const char *slash = strrchr(line, '/');
        if (!slash || !slash[1] || strlen(slash + 1) >= SLUG_BYTES) continue;
        strcpy(slugs[count++], slash + 1);
    }
    fclose(paths);
    if (count == 0) {
        fprintf(stderr, "topic-floor: no paths in %s\n", argv[2]);
        return 1;
    }
    double seconds = atof(argv[3]);

    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) fail(db, "open");
    if (sqlite3_exec(db, "PRAGMA cache_size = -1024", NULL, NULL, NULL) != SQLITE_OK) fail(db, "cache_size");
    sqlite3_stmt *prepared[STATEMENTS];
    for (int i = 0; i < STATEMENTS; i++) {
        if (sqlite3_prepare_v2(db, statements[i], -1, &prepared[i], NULL) != SQLITE_OK) fail(db, statements[i]);
    }

    unsigned long sink = 0;
    long topics = 0, rows = 0;
    double start = cpu_seconds(), elapsed = 0;
    while (elapsed < seconds) {
        const char *slug = slugs[topics % count];
        if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) fail(db, "begin");
        if (json) {
            json->count = 0;
            put_byte(json, '[');
        }
        rows += step_all(db, prepared[0], NULL, &sink, json);
        if (sqlite3_bind_text(prepared[1], 1, slug, -1, SQLITE_STATIC) != SQLITE_OK) fail(db, "bind");
        sqlite3_int64 id = 0;
        if (step_all(db, prepared[1], &id, &sink, json) != 1) {
            fprintf(stderr, "topic-floor: no topic %s\n", slug);
            return 1;
        }
        rows += 1;
        for (int i = 2; i < STATEMENTS; i++) {
            if (sqlite3_bind_int64(prepared[i], 1, id) != SQLITE_OK) fail(db, "bind");
            rows += step_all(db, prepared[i], NULL, &sink, json);
        }
        if (json) {
            put_byte(json, ']');
            json_bytes += json->count;
            sink += json->bytes[json->count / 2];
        }
        if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) fail(db, "commit");
        topics++;
        elapsed = cpu_seconds() - start;
    }
    for (int i = 0; i < STATEMENTS; i++) sqlite3_finalize(prepared[i]);
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "close");
    printf("topics=%ld rows_per_topic=%.1f cpu_us_per_topic=%.1f", topics, (double)rows / (double)topics, 1e6 * elapsed / (double)topics);
    if (json) printf(" json_bytes_per_topic=%.0f", (double)json_bytes / (double)topics);
    printf(" sink=%lu\n", sink % 10);
    free(buffer.bytes);
    return 0;
}
