#ifndef GUIDEBOOK_CSQLITE_SHIM_H
#define GUIDEBOOK_CSQLITE_SHIM_H
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

/* sqlite3_config is variadic; Swift cannot call it directly. */
static inline int guidebook_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}

/* No memory statistics: with them on (SQLite's default), every allocation SQLite makes takes one
 * process-wide mutex, and Debian's build has no lookaside memory, so every statement allocates:
 * two reader threads then queue on that mutex (a futex call per request). Must run before the first
 * connection opens (SQLITE_MISUSE after). */
static inline int guidebook_sqlite3_config_no_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
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

/*
 * guidebook_phrase_postings(table, weight_0, ..., weight_{columns-1})
 *
 * Every row the query's one phrase matches, in rowid order, with the phrase's hits in each (as
 * guidebook_phrase_hits gives them for that row), at once: called on the query's first row
 * (`... MATCH ?1 LIMIT 1`), it walks all of them with xQueryPhrase, in C, instead of one SQL row
 * each. The result is a blob of 12 bytes a row: the rowid (32 bits) and the hits (a double), in the
 * machine's byte order. A rowid beyond 32 bits is an error (SQLITE_RANGE).
 */
typedef struct {
    sqlite3_value **weights;
    int columns;
    unsigned char *bytes;
    sqlite3_int64 used, size;
    int rc;
} guidebook_postings;

static int guidebook_fts5_postings_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *data) {
    guidebook_postings *postings = (guidebook_postings *)data;
    sqlite3_int64 rowid = api->xRowid(fts);
    if (rowid < 0 || rowid > 0xFFFFFFFFLL) return SQLITE_RANGE;
    Fts5PhraseIter iterator;
    int column = 0, offset = 0;
    int rc = api->xPhraseFirst(fts, 0, &iterator, &column, &offset);
    if (rc != SQLITE_OK) return rc;
    double hits = 0;
    for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
        if (column < postings->columns) hits += sqlite3_value_double(postings->weights[column]);
    }
    if (postings->used + 12 > postings->size) {
        sqlite3_int64 size = postings->size ? postings->size * 2 : 12 * 4096;
        unsigned char *bytes = (unsigned char *)sqlite3_realloc64(postings->bytes, (sqlite3_uint64)size);
        if (bytes == 0) return SQLITE_NOMEM;
        postings->bytes = bytes;
        postings->size = size;
    }
    unsigned int row = (unsigned int)rowid;
    memcpy(postings->bytes + postings->used, &row, 4);
    memcpy(postings->bytes + postings->used + 4, &hits, 8);
    postings->used += 12;
    return SQLITE_OK;
}

static void guidebook_fts5_phrase_postings(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                           int argc, sqlite3_value **argv) {
    int columns = api->xColumnCount(fts);
    if (argc != columns || api->xPhraseCount(fts) != 1) {
        sqlite3_result_error(context, "guidebook_phrase_postings: expected one phrase and one weight per column", -1);
        return;
    }
    guidebook_postings postings = {argv, columns, 0, 0, 0, SQLITE_OK};
    int rc = api->xQueryPhrase(fts, 0, &postings, guidebook_fts5_postings_row);
    if (rc != SQLITE_OK) {
        sqlite3_free(postings.bytes);
        sqlite3_result_error_code(context, rc);
        return;
    }
    if (postings.used == 0) {
        sqlite3_free(postings.bytes);
        sqlite3_result_zeroblob(context, 0);
        return;
    }
    sqlite3_result_blob64(context, postings.bytes, (sqlite3_uint64)postings.used, sqlite3_free);
}

/*
 * guidebook_phrases_hits(table, weight_0, ..., weight_{columns-1})
 *
 * The same for a query of several phrases joined by OR: every phrase's instances, each counted with
 * the weight of its column. For a prefix phrase spelled out as its words ("앱" * as "앱" OR "앱이"),
 * each instance of the prefix is an instance of exactly one of the words, so the sum is the same.
 */
static void guidebook_fts5_phrases_hits(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                        int argc, sqlite3_value **argv) {
    int columns = api->xColumnCount(fts);
    if (argc != columns) {
        sqlite3_result_error(context, "guidebook_phrases_hits: expected one weight per column", -1);
        return;
    }
    double hits = 0;
    for (int phrase = 0; phrase < api->xPhraseCount(fts); phrase++) {
        Fts5PhraseIter iterator;
        int column = 0, offset = 0;
        int rc = api->xPhraseFirst(fts, phrase, &iterator, &column, &offset);
        if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
        for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
            if (column < columns) hits += sqlite3_value_double(argv[column]);
        }
    }
    sqlite3_result_double(context, hits);
}

/*
 * guidebook_words: the tokenizer of search_words, the vocabulary of "did you mean" suggestions.
 *
 * search_words indexes search_index's own stored columns (external content), so its words cost no
 * storage and a row's words can always be removed again from what search_index holds. A Latin
 * column (CJK runs blanked) goes to unicode61 without diacritics removal: its words as written,
 * case folded, not stemmed. A CJK column holds each run as overlapping bigrams ("진행 행률 률을",
 * see TextSegmenter.split): bigrams that overlap are joined back into the run ("진행률을"), one
 * token. (Two runs side by side, the second starting with the first's last character, come back
 * as one word: a word nobody types, harmless in a vocabulary.) Runs longer than 32 characters and
 * single characters are left out.
 */
typedef struct {
    fts5_tokenizer unicode61;
    Fts5Tokenizer *latin;
} guidebook_words;

enum { GUIDEBOOK_WORDS_MAX_RUN = 32 };

static int guidebook_words_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    (void)arguments;
    (void)count;
    fts5_api *api = (fts5_api *)context;
    void *unicodeContext = 0;
    guidebook_words *words = sqlite3_malloc(sizeof *words);
    if (words == 0) return SQLITE_NOMEM;
    memset(words, 0, sizeof *words);
    int rc = api->xFindTokenizer(api, "unicode61", &unicodeContext, &words->unicode61);
    if (rc == SQLITE_OK) {
        const char *options[] = {"remove_diacritics", "0"};
        rc = words->unicode61.xCreate(unicodeContext, options, 2, &words->latin);
    }
    if (rc != SQLITE_OK) {
        sqlite3_free(words);
        return rc;
    }
    *out = (Fts5Tokenizer *)words;
    return SQLITE_OK;
}

static void guidebook_words_delete(Fts5Tokenizer *tokenizer) {
    guidebook_words *words = (guidebook_words *)tokenizer;
    if (words->latin) words->unicode61.xDelete(words->latin);
    sqlite3_free(words);
}

/* True for the characters TextSegmenter.isCJK counts as CJK (all three bytes long in UTF-8). */
static int guidebook_words_is_cjk(const unsigned char *bytes, int length) {
    if (length < 3 || (bytes[0] & 0xF0) != 0xE0) return 0;
    unsigned value = ((unsigned)(bytes[0] & 0x0F) << 12) | ((unsigned)(bytes[1] & 0x3F) << 6) | (unsigned)(bytes[2] & 0x3F);
    return (value >= 0xAC00 && value <= 0xD7A3) || (value >= 0x1100 && value <= 0x11FF) || (value >= 0x3130 && value <= 0x318F)
        || (value >= 0xA960 && value <= 0xA97F) || (value >= 0xD7B0 && value <= 0xD7FF) || (value >= 0x3040 && value <= 0x30FF)
        || (value >= 0x31F0 && value <= 0x31FF) || (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0x3400 && value <= 0x4DBF)
        || (value >= 0xF900 && value <= 0xFAFF);
}

/* True for a private-use character (U+E000-U+F8FF, planes 15 and 16; `size` is its UTF-8 length).
   unicode61 counts them as token characters (category Co), while the query parser and the
   highlighter (TextSegmenter.isWordScalar) see a word boundary: the word beside one (U+F8FF "Pay",
   Apple's logo and a word) was indexed with it and could never be searched. They are blanked. */
static int guidebook_is_private_use(const unsigned char *bytes, int size) {
    if (size == 3) {
        unsigned value = ((unsigned)(bytes[0] & 0x0F) << 12) | ((unsigned)(bytes[1] & 0x3F) << 6) | (unsigned)(bytes[2] & 0x3F);
        return value >= 0xE000 && value <= 0xF8FF;
    }
    if (size == 4) {
        unsigned value = ((unsigned)(bytes[0] & 0x07) << 18) | ((unsigned)(bytes[1] & 0x3F) << 12) | ((unsigned)(bytes[2] & 0x3F) << 6)
            | (unsigned)(bytes[3] & 0x3F);
        return value >= 0xF0000 && value <= 0x10FFFD && (value & 0xFFFE) != 0xFFFE;
    }
    return 0;
}

static int guidebook_words_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                    int (*token)(void *, int, const char *, int, int, int)) {
    guidebook_words *words = (guidebook_words *)tokenizer;
    const unsigned char *bytes = (const unsigned char *)text;
    int first = 0;
    while (first < length && bytes[first] == ' ') first++;
    /* A Latin column never holds a CJK character, a CJK column nothing else: the first one tells. */
    if (first == length || !guidebook_words_is_cjk(bytes + first, length - first)) {
        return words->unicode61.xTokenize(words->latin, context, flags, text, length, token);
    }
    unsigned char run[GUIDEBOOK_WORDS_MAX_RUN * 3];
    int characters = 0, runStart = 0, runEnd = 0, previousWasPair = 0;
    const unsigned char *last = 0;  /* the last character of the run so far */
    int index = first;
    while (index <= length) {
        int start = index;
        while (index < length && bytes[index] != ' ') index++;
        int size = index - start;
        int isPair = size == 6 && guidebook_words_is_cjk(bytes + start, 3) && guidebook_words_is_cjk(bytes + start + 3, 3);
        if (isPair && previousWasPair && memcmp(last, bytes + start, 3) == 0) {
            /* The next bigram of the same run: one more character. */
            if (characters > 0 && characters < GUIDEBOOK_WORDS_MAX_RUN) memcpy(run + characters * 3, bytes + start + 3, 3);
            characters = characters > 0 && characters < GUIDEBOOK_WORDS_MAX_RUN ? characters + 1 : 0;
            runEnd = index;
        } else {
            if (characters >= 2) {
                int rc = token(context, 0, (const char *)run, characters * 3, runStart, runEnd);
                if (rc != SQLITE_OK) return rc;
            }
            characters = isPair ? 2 : 0;
            if (isPair) memcpy(run, bytes + start, 6);
            runStart = start;
            runEnd = index;
        }
        if (isPair) last = bytes + start + 3;
        previousWasPair = isPair;
        if (index == length) break;
        while (index < length && bytes[index] == ' ') index++;
    }
    if (characters >= 2) return token(context, 0, (const char *)run, characters * 3, runStart, runEnd);
    return SQLITE_OK;
}

/*
 * guidebook_forms: a set of surface forms (the words of the "did you mean" vocabulary as written),
 * each with the number of rows holding it. Per connection, it collects the forms of the rows a
 * statement puts into search_index, in the tokenizer's own pass (see guidebook_tokenizer below);
 * alone, it dedupes one row's forms for guidebook_surface_forms().
 *
 * One open-addressing table (a power of two, at most 3/4 full), so finding a form costs one cache
 * miss: an import counts millions of forms (4.3 million at 100,000 realistic guidelines, 354,000
 * of them distinct). A form of up to 16 bytes is kept in its entry (most are), a longer one in the
 * arena.
 */
enum { GUIDEBOOK_FORM_INLINE = 16 };

typedef struct {
    unsigned hash;
    int length;               /* 0: an empty entry */
    unsigned rows;            /* rows holding the form */
    unsigned lastRow;         /* the row it was last counted for */
    union {
        char bytes[GUIDEBOOK_FORM_INLINE];
        size_t at;            /* where a longer form's bytes are in the arena */
    } form;
} guidebook_form;

typedef struct {
    guidebook_form *entries;
    int count, capacity;      /* capacity: 0 or a power of two */
    char *arena;
    size_t used, size;
    unsigned row;             /* the row being tokenized (a number that grows; not the rowid) */
    int armed;                /* collecting: a statement marks its rows with guidebook_collect_forms() */
    int columnsLeft;          /* columns of the marked row not tokenized yet */
    int outOfStep;            /* a document was tokenized with no marked row before it */
    int rc;                   /* SQLITE_NOMEM once an allocation failed */
} guidebook_forms;

enum { GUIDEBOOK_INDEX_COLUMNS = 2 };

static void guidebook_forms_clear(guidebook_forms *forms) {
    sqlite3_free(forms->entries);
    sqlite3_free(forms->arena);
    memset(forms, 0, sizeof *forms);
}

static unsigned guidebook_forms_hash(const char *bytes, int length) {
    unsigned hash = 2166136261u;  /* FNV-1a */
    for (int index = 0; index < length; index++) hash = (hash ^ (unsigned char)bytes[index]) * 16777619u;
    return hash;
}

static const char *guidebook_form_bytes(const guidebook_forms *forms, const guidebook_form *form) {
    return form->length <= GUIDEBOOK_FORM_INLINE ? form->form.bytes : forms->arena + form->form.at;
}

static int guidebook_forms_grow(guidebook_forms *forms) {
    int capacity = forms->capacity ? forms->capacity * 2 : 1024;
    guidebook_form *entries = sqlite3_malloc64((sqlite3_uint64)capacity * sizeof *entries);
    if (entries == 0) return SQLITE_NOMEM;
    memset(entries, 0, (size_t)capacity * sizeof *entries);
    unsigned mask = (unsigned)capacity - 1;
    for (int old = 0; old < forms->capacity; old++) {
        if (forms->entries[old].length == 0) continue;
        unsigned slot = forms->entries[old].hash & mask;
        while (entries[slot].length != 0) slot = (slot + 1) & mask;
        entries[slot] = forms->entries[old];
    }
    sqlite3_free(forms->entries);
    forms->entries = entries;
    forms->capacity = capacity;
    return SQLITE_OK;
}

/* Counts `bytes` (not empty) once for the current row. */
static int guidebook_forms_add(guidebook_forms *forms, const char *bytes, int length) {
    if (forms->rc != SQLITE_OK) return forms->rc;
    if (length <= 0) return SQLITE_OK;
    if ((forms->count + 1) * 4 > forms->capacity * 3 && (forms->rc = guidebook_forms_grow(forms)) != SQLITE_OK) return forms->rc;
    unsigned hash = guidebook_forms_hash(bytes, length);
    unsigned mask = (unsigned)forms->capacity - 1, slot = hash & mask;
    for (; forms->entries[slot].length != 0; slot = (slot + 1) & mask) {
        guidebook_form *form = &forms->entries[slot];
        if (form->hash == hash && form->length == length && memcmp(guidebook_form_bytes(forms, form), bytes, (size_t)length) == 0) {
            if (form->lastRow != forms->row) {
                form->rows++;
                form->lastRow = forms->row;
            }
            return SQLITE_OK;
        }
    }
    guidebook_form *form = &forms->entries[slot];
    if (length <= GUIDEBOOK_FORM_INLINE) {
        memcpy(form->form.bytes, bytes, (size_t)length);
    } else {
        if (forms->used + (size_t)length > forms->size) {
            size_t size = forms->size ? forms->size * 2 : 16384;
            while (size < forms->used + (size_t)length) size *= 2;
            char *arena = sqlite3_realloc64(forms->arena, (sqlite3_uint64)size);
            if (arena == 0) return forms->rc = SQLITE_NOMEM;
            forms->arena = arena;
            forms->size = size;
        }
        memcpy(forms->arena + forms->used, bytes, (size_t)length);
        form->form.at = forms->used;
        forms->used += (size_t)length;
    }
    form->hash = hash;
    form->length = length;
    form->rows = 1;
    form->lastRow = forms->row;
    forms->count++;
    return SQLITE_OK;
}

/* One form as guidebook_forms_result lists it, with its first 8 bytes as a big-endian number (zeros
   after a shorter form, which holds no zero byte), so that most comparisons of the sort read no
   form's bytes. */
typedef struct {
    sqlite3_uint64 prefix;
    const char *bytes;
    int length;
    unsigned rows;
} guidebook_form_listed;

/* Orders forms by their bytes, as SQLite's BINARY collation does (a prefix first). */
static int guidebook_forms_compare(const void *left, const void *right) {
    const guidebook_form_listed *a = (const guidebook_form_listed *)left, *b = (const guidebook_form_listed *)right;
    if (a->prefix != b->prefix) return a->prefix < b->prefix ? -1 : 1;
    if (a->length <= 8 || b->length <= 8) return (a->length > b->length) - (a->length < b->length);
    int shorter = a->length < b->length ? a->length : b->length;
    int order = memcmp(a->bytes + 8, b->bytes + 8, (size_t)shorter - 8);
    return order != 0 ? order : (a->length > b->length) - (a->length < b->length);
}

/* Sorts `listed` by the forms' bytes: by the 8-byte prefixes first, a byte at a time from the last
   (a radix sort: an import lists hundreds of thousands of forms, and glibc's qsort took 0.15 s for
   354,000), then each run of equal prefixes by the rest of the bytes. */
static int guidebook_forms_sort(guidebook_form_listed *listed, int count) {
    if (count < 2) return SQLITE_OK;
    guidebook_form_listed *other = sqlite3_malloc64((sqlite3_uint64)count * sizeof *other);
    if (other == 0) return SQLITE_NOMEM;
    guidebook_form_listed *from = listed, *to = other;
    for (int shift = 0; shift < 64; shift += 8) {
        int counts[257] = {0};
        for (int index = 0; index < count; index++) counts[((from[index].prefix >> shift) & 0xFF) + 1]++;
        if (counts[((from[0].prefix >> shift) & 0xFF) + 1] == count) continue;  /* one byte value: already in order */
        for (int value = 0; value < 256; value++) counts[value + 1] += counts[value];
        for (int index = 0; index < count; index++) to[counts[(from[index].prefix >> shift) & 0xFF]++] = from[index];
        guidebook_form_listed *swap = from;
        from = to;
        to = swap;
    }
    if (from != listed) memcpy(listed, from, (size_t)count * sizeof *listed);
    sqlite3_free(other);
    for (int start = 0; start < count;) {
        int end = start + 1;
        while (end < count && listed[end].prefix == listed[start].prefix) end++;
        if (end - start > 1) qsort(listed + start, (size_t)(end - start), sizeof *listed, guidebook_forms_compare);
        start = end;
    }
    return SQLITE_OK;
}

/* The forms as JSON: an array of the forms (`withRows` 0) or an object of form: rows, in the forms'
   order (so the rows that go into search_surface_forms arrive in its key order). The forms hold
   letters, digits and CJK characters only (unicode61's tokens, CJK runs), but anything JSON needs
   escaped is escaped. */
static void guidebook_forms_result(sqlite3_context *context, const guidebook_forms *forms, int withRows) {
    guidebook_form_listed *listed = sqlite3_malloc64((sqlite3_uint64)(forms->count + 1) * sizeof *listed);
    if (listed == 0) {
        sqlite3_result_error_nomem(context);
        return;
    }
    int count = 0;
    for (int slot = 0; slot < forms->capacity; slot++) {
        const guidebook_form *form = &forms->entries[slot];
        if (form->length == 0) continue;
        const char *bytes = guidebook_form_bytes(forms, form);
        sqlite3_uint64 prefix = 0;
        for (int index = 0; index < 8; index++) {
            prefix = prefix << 8 | (index < form->length ? (unsigned char)bytes[index] : 0);
        }
        listed[count++] = (guidebook_form_listed){prefix, bytes, form->length, form->rows};
    }
    if (withRows && guidebook_forms_sort(listed, count) != SQLITE_OK) {
        sqlite3_free(listed);
        sqlite3_result_error_nomem(context);
        return;
    }
    sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(context));
    sqlite3_str_appendchar(out, 1, withRows ? '{' : '[');
    for (int entry = 0; entry < count; entry++) {
        if (entry > 0) sqlite3_str_appendchar(out, 1, ',');
        sqlite3_str_appendchar(out, 1, '"');
        const unsigned char *bytes = (const unsigned char *)listed[entry].bytes;
        int plain = 0;  /* bytes since the last one that needed escaping */
        for (int index = 0; index < listed[entry].length; index++) {
            unsigned char byte = bytes[index];
            if (byte != '"' && byte != '\\' && byte >= 0x20) {
                plain++;
                continue;
            }
            sqlite3_str_append(out, (const char *)bytes + index - plain, plain);
            plain = 0;
            if (byte == '"' || byte == '\\') {
                sqlite3_str_appendchar(out, 1, '\\');
                sqlite3_str_appendchar(out, 1, (char)byte);
            } else {
                sqlite3_str_appendf(out, "\\u%04x", byte);
            }
        }
        sqlite3_str_append(out, (const char *)bytes + listed[entry].length - plain, plain);
        sqlite3_str_appendchar(out, 1, '"');
        if (withRows) sqlite3_str_appendf(out, ":%u", listed[entry].rows);
    }
    sqlite3_str_appendchar(out, 1, withRows ? '}' : ']');
    sqlite3_free(listed);
    int rc = sqlite3_str_errcode(out);
    char *text = sqlite3_str_finish(out);
    if (rc != SQLITE_OK) {
        sqlite3_free(text);
        sqlite3_result_error_code(context, rc);
        return;
    }
    sqlite3_result_text(context, text, -1, sqlite3_free);
}

/*
 * guidebook: the tokenizer of search_index (Migrations/0010_text_once.sql). One pass over a column's
 * text gives everything the index and the suggestion vocabulary need:
 *
 *  - the Latin-script words: the text with every CJK character blanked, through porter over
 *    unicode61 remove_diacritics 2 (stems, case and diacritics folded);
 *  - the CJK runs (Hangul, kana, Han) as overlapping bigrams ("진행률을" -> 진행 행률 률을; a run of
 *    one character as itself), each run's bigrams as the same porter tokenizer gives them, after the
 *    Latin words, so a phrase of either kind sees its tokens at the positions it always had;
 *  - when the connection collects them (a row that guidebook_collect_forms() marked is indexed),
 *    the surface forms the "did you mean" vocabulary counts, into the connection's guidebook_forms,
 *    not the index: each Latin word as written (unicode61 remove_diacritics 0: case folded, not
 *    stemmed) and each CJK run of 2 to 32 characters whole. Indexed as tokens of their own, they
 *    doubled the postings FTS5 writes; counted here, they cost a hash lookup each.
 *
 * The tokens are defined by the composition above (porter and unicode61 as SQLite has them); two
 * shortcuts give the same tokens at the same positions for less work, and the argument `reference`
 * turns them off (GuidebookTokenizerTests compares both, character by character):
 *
 *  - a Latin word's surface form comes from the span the stem pass reports (unicode61 splits a text
 *    the same way whatever its remove_diacritics, since diacritics never end a word): lower-cased
 *    in place when the span is ASCII, through unicode61 remove_diacritics 0 when it is not, instead
 *    of a second unicode61 pass over the whole text;
 *  - a run of Hangul syllables (U+AC00-U+D7A3: letters with no case and no diacritic, which porter
 *    leaves as they are) gives its bigrams directly, instead of through porter and unicode61.
 *
 * The text is the record's text as the text tables hold it (search_content), so the index stores no
 * copy of it; the character classes are TextSegmenter's (guidebook_words_is_cjk).
 */
typedef struct {
    fts5_tokenizer porter;
    Fts5Tokenizer *stems;     /* porter unicode61 remove_diacritics 2 */
    fts5_tokenizer unicode61;
    Fts5Tokenizer *words;     /* unicode61 remove_diacritics 0: surface forms */
    int reference;            /* 1: no shortcuts (the tokens by their definition) */
    guidebook_forms *collected; /* the connection's collected forms */
    struct guidebook_ahead **ahead; /* the connection's tokenizing-ahead session, while one runs */
} guidebook_tokenizer;

/* What the guidebook tokenizer and the SQL functions around it share on one connection: made by
   guidebook_fts5_register_functions, freed with the tokenizer's module when the connection closes. */
typedef struct {
    fts5_api *api;
    guidebook_forms collected;   /* the forms of the rows a statement puts into the index */
    struct guidebook_ahead *ahead; /* between guidebook_ahead_begin() and guidebook_ahead_end() */
    Fts5Tokenizer *plain;        /* guidebook_surface_forms()'s tokenizers, made on first use */
    Fts5Tokenizer *reference;
} guidebook_connection;

static void guidebook_tokenizer_delete(Fts5Tokenizer *tokenizer) {
    guidebook_tokenizer *self = (guidebook_tokenizer *)tokenizer;
    if (self->stems) self->porter.xDelete(self->stems);
    if (self->words) self->unicode61.xDelete(self->words);
    sqlite3_free(self);
}

static int guidebook_tokenizer_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    guidebook_connection *connection = (guidebook_connection *)context;
    fts5_api *api = connection->api;
    void *porterContext = 0, *unicodeContext = 0;
    int reference = 0;
    for (int index = 0; index < count; index++) {
        if (strcmp(arguments[index], "reference") != 0) return SQLITE_ERROR;
        reference = 1;
    }
    guidebook_tokenizer *self = sqlite3_malloc(sizeof *self);
    if (self == 0) return SQLITE_NOMEM;
    memset(self, 0, sizeof *self);
    self->reference = reference;
    self->collected = &connection->collected;
    self->ahead = &connection->ahead;
    int rc = api->xFindTokenizer(api, "porter", &porterContext, &self->porter);
    if (rc == SQLITE_OK) {
        const char *options[] = {"unicode61", "remove_diacritics", "2"};
        rc = self->porter.xCreate(porterContext, options, 3, &self->stems);
    }
    if (rc == SQLITE_OK) rc = api->xFindTokenizer(api, "unicode61", &unicodeContext, &self->unicode61);
    if (rc == SQLITE_OK) {
        const char *options[] = {"remove_diacritics", "0"};
        rc = self->unicode61.xCreate(unicodeContext, options, 2, &self->words);
    }
    if (rc != SQLITE_OK) {
        guidebook_tokenizer_delete((Fts5Tokenizer *)self);
        return rc;
    }
    *out = (Fts5Tokenizer *)self;
    return SQLITE_OK;
}

/* What the inner tokenizers' tokens go through on their way to FTS5. */
typedef struct {
    void *context;
    int (*token)(void *, int, const char *, int, int, int);
    int primary;              /* tokens passed on so far */
    guidebook_forms *forms;   /* where the surface forms go (0: none are made) */
    char *surface;            /* buffer for a lower-cased surface form */
    int surfaceCapacity;
    int offset;               /* added to the offsets of a surface form tokenized from a part of the text */
    int *spans;               /* the Latin words' [start, end) byte spans, two ints each (0: not kept) */
    int spanCount;
    int spanCapacity;         /* spans that fit; more means the spans are not used */
} guidebook_tokenizer_sink;

static int guidebook_tokenizer_primary(void *pointer, int flags, const char *token, int length, int start, int end) {
    guidebook_tokenizer_sink *sink = (guidebook_tokenizer_sink *)pointer;
    sink->primary++;
    return sink->token(sink->context, flags, token, length, start, end);
}

/* A Latin word's stem: passed on, and its span kept for its surface form. */
static int guidebook_tokenizer_stem(void *pointer, int flags, const char *token, int length, int start, int end) {
    guidebook_tokenizer_sink *sink = (guidebook_tokenizer_sink *)pointer;
    if (sink->spans) {
        if (sink->spanCount < sink->spanCapacity) {
            sink->spans[2 * sink->spanCount] = start;
            sink->spans[2 * sink->spanCount + 1] = end;
        }
        sink->spanCount++;
    }
    return guidebook_tokenizer_primary(pointer, flags, token, length, start, end);
}

/* A surface form, counted once for the row (only after a token of the index, as it always was). */
static int guidebook_tokenizer_surface(void *pointer, int flags, const char *token, int length, int start, int end) {
    (void)flags;
    (void)start;
    (void)end;
    guidebook_tokenizer_sink *sink = (guidebook_tokenizer_sink *)pointer;
    if (sink->primary == 0 || length + 1 > sink->surfaceCapacity) return SQLITE_OK;
    return guidebook_forms_add(sink->forms, token, length);
}

/* The surface forms of the Latin words whose spans the stem pass kept, in their order. An ASCII span
   is lower-cased as unicode61 would (only A-Z change); any other goes through unicode61, alone, and
   gives one token: it starts with a letter or digit and holds nothing that ends a word. */
static int guidebook_tokenizer_latin_surfaces(guidebook_tokenizer *self, guidebook_tokenizer_sink *sink, int flags,
                                              const char *latin) {
    int rc = SQLITE_OK;
    guidebook_forms *forms = sink->forms;
    /* Most forms' entries are far apart in a large table: ask for all of this column's first, so
       their cache misses overlap instead of coming one after another. */
    if (forms->capacity > 0) {
        for (int index = 0; index < sink->spanCount; index++) {
            unsigned hash = 2166136261u;  /* guidebook_forms_hash of the lower-cased ASCII bytes */
            for (int at = sink->spans[2 * index]; at < sink->spans[2 * index + 1]; at++) {
                char c = latin[at];
                hash = (hash ^ (unsigned char)((c >= 'A' && c <= 'Z') ? c + 32 : c)) * 16777619u;
            }
            __builtin_prefetch(&forms->entries[hash & (unsigned)(forms->capacity - 1)]);
        }
    }
    for (int index = 0; rc == SQLITE_OK && index < sink->spanCount; index++) {
        int start = sink->spans[2 * index], end = sink->spans[2 * index + 1];
        int ascii = end - start + 1 <= sink->surfaceCapacity;
        for (int at = start; ascii && at < end; at++) ascii = ((unsigned char)latin[at] & 0x80) == 0;
        if (!ascii) {
            sink->offset = start;
            rc = self->unicode61.xTokenize(self->words, sink, flags, latin + start, end - start, guidebook_tokenizer_surface);
            sink->offset = 0;
            continue;
        }
        char *out = sink->surface;
        for (int at = start; at < end; at++) {
            char c = latin[at];
            out[at - start] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
        }
        rc = guidebook_forms_add(sink->forms, out, end - start);
    }
    return rc;
}

/* The UTF-8 length of a sequence by its first byte (1 for a stray continuation byte). */
static int guidebook_utf8_length(unsigned char byte) {
    if (byte >= 0xF0) return 4;
    if (byte >= 0xE0) return 3;
    if (byte >= 0xC0) return 2;
    return 1;
}

/* True for a Hangul syllable (U+AC00-U+D7A3), three bytes in UTF-8. */
static int guidebook_is_hangul_syllable(const unsigned char *bytes) {
    if (bytes[0] < 0xEA || bytes[0] > 0xED) return 0;
    unsigned value = ((unsigned)(bytes[0] & 0x0F) << 12) | ((unsigned)(bytes[1] & 0x3F) << 6) | (unsigned)(bytes[2] & 0x3F);
    return value >= 0xAC00 && value <= 0xD7A3;
}

/* The tokens of `text` to `token`, and its surface forms to `forms` unless that is 0. */
static int guidebook_tokenizer_run(guidebook_tokenizer *self, guidebook_forms *forms, void *context, int flags, const char *text,
                                   int length, int (*token)(void *, int, const char *, int, int, int)) {
    const unsigned char *bytes = (const unsigned char *)text;
    int document = forms != 0;
    if (length <= 0) return SQLITE_OK;
    /* latin: the text with CJK blanked; pairs: one run's bigrams; surface: a lower-cased form; spans: the
       Latin words' spans (a word and what ends it take two bytes at least). */
    int pairsCapacity = length / 3 * 7 + 8;
    int surfaceCapacity = length + 2;
    int spanCapacity = document && !self->reference ? length / 2 + 1 : 0;
    sqlite3_uint64 size = (sqlite3_uint64)length + (sqlite3_uint64)pairsCapacity + (sqlite3_uint64)surfaceCapacity
        + (sqlite3_uint64)spanCapacity * 2 * sizeof(int) + sizeof(int);
    char *buffer = sqlite3_malloc64(size);
    if (buffer == 0) return SQLITE_NOMEM;
    char *latin = buffer, *pairs = buffer + length, *surface = pairs + pairsCapacity;
    /* The spans start at the next int boundary after the surface buffer. */
    size_t spansAt = ((size_t)(surface + surfaceCapacity - buffer) + sizeof(int) - 1) / sizeof(int) * sizeof(int);
    int *spans = spanCapacity > 0 ? (int *)(void *)(buffer + spansAt) : 0;
    int hasCJK = 0;
    for (int index = 0; index < length;) {
        int size = guidebook_utf8_length(bytes[index]);
        if (index + size > length) size = length - index;
        if (size == 3 && guidebook_words_is_cjk(bytes + index, 3)) {
            memset(latin + index, ' ', 3);
            hasCJK = 1;
        } else if (guidebook_is_private_use(bytes + index, size)) {
            memset(latin + index, ' ', (size_t)size);
        } else {
            memcpy(latin + index, bytes + index, (size_t)size);
        }
        index += size;
    }
    guidebook_tokenizer_sink sink = {context, token, 0, forms, surface, surfaceCapacity, 0, spans, 0, spanCapacity};
    int rc = self->porter.xTokenize(self->stems, &sink, flags, latin, length, guidebook_tokenizer_stem);
    if (rc == SQLITE_OK && document && sink.primary > 0) {
        if (spans != 0 && sink.spanCount <= spanCapacity) {
            rc = guidebook_tokenizer_latin_surfaces(self, &sink, flags, latin);
        } else {
            rc = self->unicode61.xTokenize(self->words, &sink, flags, latin, length, guidebook_tokenizer_surface);
        }
    }
    for (int index = 0; rc == SQLITE_OK && hasCJK && index < length;) {
        if (!(index + 3 <= length && guidebook_words_is_cjk(bytes + index, 3))) {
            index += guidebook_utf8_length(bytes[index]);
            continue;
        }
        int start = index, hangul = !self->reference;
        while (index + 3 <= length && guidebook_words_is_cjk(bytes + index, 3)) {
            hangul = hangul && guidebook_is_hangul_syllable(bytes + index);
            index += 3;
        }
        int characters = (index - start) / 3;
        int before = sink.primary;
        if (hangul) {
            /* Porter and unicode61 would give each bigram back as it is. */
            int width = characters == 1 ? 3 : 6;
            for (int pair = 0; rc == SQLITE_OK && (pair == 0 || pair + 1 < characters); pair++) {
                int at = start + pair * 3;
                rc = guidebook_tokenizer_primary(&sink, 0, text + at, width, at, at + width);
            }
        } else {
            int used = 0;
            if (characters == 1) {
                memcpy(pairs, bytes + start, 3);
                used = 3;
            } else {
                for (int pair = 0; pair + 1 < characters; pair++) {
                    if (pair > 0) pairs[used++] = ' ';
                    memcpy(pairs + used, bytes + start + pair * 3, 6);
                    used += 6;
                }
            }
            rc = self->porter.xTokenize(self->stems, &sink, flags, pairs, used, guidebook_tokenizer_primary);
        }
        if (rc == SQLITE_OK && document && sink.primary > before && characters >= 2 && characters <= GUIDEBOOK_WORDS_MAX_RUN) {
            rc = guidebook_tokenizer_surface(&sink, 0, text + start, index - start, start, index);
        }
    }
    sqlite3_free(buffer);
    return rc;
}


/*
 * Tokenizing ahead. A bulk write of search_index (SearchIndexer.finish: an import, a rebuild) spent
 * about a fifth of its time in this tokenizer, on the writer's thread, while another core waited
 * (docs/search.md, "A bulk write tokenizes on a second thread"). So guidebook_ahead_begin(sql, rows)
 * starts a second thread and a reader: a statement that gives the title and body of the rows the
 * INSERT after it will index, in the same order (the same query). The reader's rows go to the
 * thread in batches (GUIDEBOOK_AHEAD_ROWS rows; GUIDEBOOK_AHEAD_BATCHES alive at most), which it
 * tokenizes, counting their surface forms, while FTS5 writes the batch before. When FTS5 asks for a
 * document's tokens, the tokenizer checks that the text is the next one made ahead, byte for byte,
 * and hands back its tokens (guidebook_tokenizer_run made them, as it makes them in place); once a
 * batch is used up, it reads the next one. A text that is not the next one made ahead fails the
 * statement (SQLITE_ABORT) and leaves the session out of step, which guidebook_ahead_end() reports:
 * the indexer then indexes the rows in place (SearchIndexer.putAhead).
 *
 * The thread counts the surface forms of every row it is given into the connection's collected
 * forms, which nothing else touches until guidebook_ahead_end() has joined it: they are the forms
 * of the rows indexed when the session ends in step. A session holds its reader, a statement of
 * the connection, so it must be ended before the connection closes (sqlite3_close refuses a
 * connection with a statement left).
 */
enum { GUIDEBOOK_AHEAD_ROWS = 500, GUIDEBOOK_AHEAD_BATCHES = 3 };

typedef struct {
    size_t textAt;              /* where its bytes are in the batch's text */
    int length;
    int startsRow;              /* the first document of its row (a NULL column is none: FTS5 skips it) */
    size_t tokensAt, tokensEnd; /* its records in the batch's tokens */
} guidebook_ahead_document;

typedef struct guidebook_ahead_batch {
    struct guidebook_ahead_batch *next;
    char *text;                 /* the documents' bytes, one after another */
    size_t textUsed, textSize;
    guidebook_ahead_document *documents; /* a row's columns that are not NULL, one after another */
    int count, capacity;
    unsigned char *tokens;      /* per token: length, flags, start, end (ints), its bytes padded to an int */
    size_t tokensUsed, tokensSize;
    int tokenized;              /* set by the thread, under the lock, when tokens and rc are final */
    int rc;
} guidebook_ahead_batch;

typedef struct guidebook_ahead {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int stopping;                     /* no more batches come: the thread ends once it has them all */
    guidebook_ahead_batch *queue;     /* read, oldest first; FTS5 is given the first one's tokens */
    int replayed;                     /* documents of the first batch given so far */
    int outOfStep;                    /* FTS5 asked for a text that was not the next one made ahead */
    sqlite3_stmt *reader;             /* 0 once it has given its last row */
    guidebook_tokenizer *tokenizer;   /* the thread's own */
    guidebook_forms *forms;           /* the connection's collected forms: the thread's until the end */
} guidebook_ahead;

static void guidebook_ahead_batch_free(guidebook_ahead_batch *batch) {
    if (batch == 0) return;
    sqlite3_free(batch->text);
    sqlite3_free(batch->documents);
    sqlite3_free(batch->tokens);
    sqlite3_free(batch);
}

/* Makes room for `more` bytes after `used` in `*buffer` of `*size` bytes (doubling). */
static int guidebook_ahead_reserve(void **buffer, size_t *size, size_t used, size_t more) {
    if (used + more <= *size) return SQLITE_OK;
    size_t grown = *size ? *size * 2 : 65536;
    while (grown < used + more) grown *= 2;
    void *bigger = sqlite3_realloc64(*buffer, (sqlite3_uint64)grown);
    if (bigger == 0) return SQLITE_NOMEM;
    *buffer = bigger;
    *size = grown;
    return SQLITE_OK;
}

/* The token callback of the thread: one record in the batch's tokens. */
static int guidebook_ahead_record(void *pointer, int flags, const char *token, int length, int start, int end) {
    guidebook_ahead_batch *batch = (guidebook_ahead_batch *)pointer;
    int header[4] = {length, flags, start, end};
    size_t padded = ((size_t)length + sizeof(int) - 1) / sizeof(int) * sizeof(int);
    int rc = guidebook_ahead_reserve((void **)&batch->tokens, &batch->tokensSize, batch->tokensUsed, sizeof header + padded);
    if (rc != SQLITE_OK) return rc;
    memcpy(batch->tokens + batch->tokensUsed, header, sizeof header);
    if (length > 0) memcpy(batch->tokens + batch->tokensUsed + sizeof header, token, (size_t)length);
    batch->tokensUsed += sizeof header + padded;
    return SQLITE_OK;
}

/* On the thread: the tokens of every document of `batch`, and the surface forms of its rows. */
static void guidebook_ahead_tokenize(guidebook_ahead *ahead, guidebook_ahead_batch *batch) {
    int rc = SQLITE_OK;
    for (int index = 0; rc == SQLITE_OK && index < batch->count; index++) {
        guidebook_ahead_document *document = &batch->documents[index];
        if (document->startsRow) ahead->forms->row++;  /* what guidebook_collect_forms() does */
        document->tokensAt = batch->tokensUsed;
        rc = guidebook_tokenizer_run(ahead->tokenizer, ahead->forms, batch, FTS5_TOKENIZE_DOCUMENT, batch->text + document->textAt,
                                     document->length, guidebook_ahead_record);
        document->tokensEnd = batch->tokensUsed;
    }
    batch->rc = rc != SQLITE_OK ? rc : ahead->forms->rc;
}

static void *guidebook_ahead_main(void *pointer) {
    guidebook_ahead *ahead = (guidebook_ahead *)pointer;
    pthread_mutex_lock(&ahead->lock);
    for (;;) {
        guidebook_ahead_batch *batch = ahead->queue;
        while (batch != 0 && batch->tokenized) batch = batch->next;
        if (batch == 0) {
            if (ahead->stopping) break;
            pthread_cond_wait(&ahead->changed, &ahead->lock);
            continue;
        }
        /* The connection's thread appends batches and frees tokenized ones; this one stays. */
        pthread_mutex_unlock(&ahead->lock);
        guidebook_ahead_tokenize(ahead, batch);
        pthread_mutex_lock(&ahead->lock);
        batch->tokenized = 1;
        pthread_cond_broadcast(&ahead->changed);
    }
    pthread_mutex_unlock(&ahead->lock);
    return 0;
}

/* Adds the reader's column to `batch` as a document, unless it is NULL (FTS5 tokenizes no NULL). */
static int guidebook_ahead_add(guidebook_ahead_batch *batch, sqlite3_stmt *reader, int column, int *startsRow) {
    if (sqlite3_column_type(reader, column) == SQLITE_NULL) return SQLITE_OK;
    const char *text = (const char *)sqlite3_column_text(reader, column);
    int length = sqlite3_column_bytes(reader, column);
    if (text == 0) return SQLITE_NOMEM;
    if (batch->count == batch->capacity) {
        int capacity = batch->capacity ? batch->capacity * 2 : 2 * GUIDEBOOK_AHEAD_ROWS;
        guidebook_ahead_document *documents = sqlite3_realloc64(batch->documents, (sqlite3_uint64)capacity * sizeof *documents);
        if (documents == 0) return SQLITE_NOMEM;
        batch->documents = documents;
        batch->capacity = capacity;
    }
    if (guidebook_ahead_reserve((void **)&batch->text, &batch->textSize, batch->textUsed, (size_t)length) != SQLITE_OK) return SQLITE_NOMEM;
    if (length > 0) memcpy(batch->text + batch->textUsed, text, (size_t)length);
    batch->documents[batch->count++] = (guidebook_ahead_document){batch->textUsed, length, *startsRow, 0, 0};
    *startsRow = 0;
    batch->textUsed += (size_t)length;
    return SQLITE_OK;
}

/* On the connection's thread: the reader's next GUIDEBOOK_AHEAD_ROWS rows, as one more batch for
   the thread (none once the reader has given its last row). */
static int guidebook_ahead_read(guidebook_ahead *ahead) {
    if (ahead->reader == 0) return SQLITE_OK;
    guidebook_ahead_batch *batch = sqlite3_malloc(sizeof *batch);
    if (batch == 0) return SQLITE_NOMEM;
    memset(batch, 0, sizeof *batch);
    int rc = SQLITE_OK;
    /* Rows with text, so that a batch is empty only once the reader is done. */
    for (int rows = 0; rc == SQLITE_OK && rows < GUIDEBOOK_AHEAD_ROWS;) {
        int stepped = sqlite3_step(ahead->reader);
        if (stepped == SQLITE_DONE) {
            rc = sqlite3_finalize(ahead->reader);
            ahead->reader = 0;
            break;
        }
        if (stepped != SQLITE_ROW) {
            rc = stepped;
            break;
        }
        int startsRow = 1;
        for (int column = 0; rc == SQLITE_OK && column < GUIDEBOOK_INDEX_COLUMNS; column++) {
            rc = guidebook_ahead_add(batch, ahead->reader, column, &startsRow);
        }
        if (!startsRow) rows++;
    }
    if (rc != SQLITE_OK || batch->count == 0) {
        guidebook_ahead_batch_free(batch);
        return rc;
    }
    pthread_mutex_lock(&ahead->lock);
    guidebook_ahead_batch **last = &ahead->queue;
    while (*last != 0) last = &(*last)->next;
    *last = batch;
    pthread_cond_broadcast(&ahead->changed);
    pthread_mutex_unlock(&ahead->lock);
    return SQLITE_OK;
}

/* Gives FTS5 the tokens made ahead for `text`, the next document made ahead; otherwise the session
   is out of step, and the statement fails. */
static int guidebook_ahead_replay(guidebook_ahead *ahead, const char *text, int length, void *context,
                                  int (*token)(void *, int, const char *, int, int, int)) {
    if (ahead->outOfStep) return SQLITE_ABORT;
    pthread_mutex_lock(&ahead->lock);
    guidebook_ahead_batch *batch = ahead->queue;
    while (batch != 0 && !batch->tokenized) pthread_cond_wait(&ahead->changed, &ahead->lock);
    pthread_mutex_unlock(&ahead->lock);
    if (batch != 0 && batch->rc != SQLITE_OK) return batch->rc;
    const guidebook_ahead_document *document = batch != 0 ? &batch->documents[ahead->replayed] : 0;
    if (document == 0 || document->length != (length > 0 ? length : 0)
        || (document->length > 0 && memcmp(batch->text + document->textAt, text, (size_t)document->length) != 0)) {
        ahead->outOfStep = 1;
        return SQLITE_ABORT;
    }
    int rc = SQLITE_OK;
    for (size_t at = document->tokensAt; rc == SQLITE_OK && at < document->tokensEnd;) {
        int header[4];
        memcpy(header, batch->tokens + at, sizeof header);
        rc = token(context, header[1], (const char *)batch->tokens + at + sizeof header, header[0], header[2], header[3]);
        at += sizeof header + ((size_t)header[0] + sizeof(int) - 1) / sizeof(int) * sizeof(int);
    }
    if (rc == SQLITE_OK && ++ahead->replayed == batch->count) {
        pthread_mutex_lock(&ahead->lock);
        ahead->queue = batch->next;
        pthread_mutex_unlock(&ahead->lock);
        ahead->replayed = 0;
        guidebook_ahead_batch_free(batch);
        rc = guidebook_ahead_read(ahead);
    }
    return rc;
}

static int guidebook_tokenizer_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                        int (*token)(void *, int, const char *, int, int, int)) {
    guidebook_tokenizer *self = (guidebook_tokenizer *)tokenizer;
    guidebook_ahead *ahead = *self->ahead;
    if (ahead != 0 && (flags & FTS5_TOKENIZE_DOCUMENT) != 0 && !self->reference) {
        return guidebook_ahead_replay(ahead, text, length, context, token);
    }
    guidebook_forms *collected = self->collected, *forms = 0;
    /* FTS5 tokenizes a row's columns one after another, right after the statement's SELECT made the
       row (and so called guidebook_collect_forms for it); a document with no marked column left
       means the rows were made first, and the counts would be wrong. */
    if ((flags & FTS5_TOKENIZE_DOCUMENT) != 0 && collected != 0 && collected->armed) {
        if (collected->columnsLeft == 0) {
            collected->outOfStep = 1;
        } else {
            collected->columnsLeft--;
            forms = collected;
        }
    }
    return guidebook_tokenizer_run(self, forms, context, flags, text, length, token);
}

/*
 * guidebook_collect_forms(row): gives `row` back, and marks the next row FTS5 indexes on this
 * connection as one whose surface forms the connection collects (the tokenizer's pass counts them).
 * A statement that puts rows into search_index calls it in its SELECT:
 *     INSERT INTO search_index (rowid, title, body) SELECT guidebook_collect_forms(row), title, body FROM ...
 * SQLite makes each row and hands it to FTS5 before it makes the next (a virtual table's INSERT
 * reads its SELECT as a coroutine unless the SELECT reads the same virtual table), so each row's
 * columns are tokenized right after its mark. guidebook_collected_forms() then gives the counts.
 */
static void guidebook_collect_forms(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    guidebook_connection *connection = (guidebook_connection *)sqlite3_user_data(context);
    guidebook_forms *collected = &connection->collected;
    collected->armed = 1;
    collected->row++;
    collected->columnsLeft = GUIDEBOOK_INDEX_COLUMNS;
    sqlite3_result_value(context, argv[0]);
}

/*
 * guidebook_collected_forms(): the surface forms collected since the last call, as a JSON object of
 * form: rows holding it, and starts over (collecting stops until the next mark). An error when a
 * document was tokenized out of step with the marks (its forms would be counted for another row).
 */
static void guidebook_collected_forms(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    guidebook_connection *connection = (guidebook_connection *)sqlite3_user_data(context);
    guidebook_forms *collected = &connection->collected;
    if (collected->outOfStep) {
        sqlite3_result_error(context, "guidebook_collected_forms: a row was indexed without guidebook_collect_forms() before it", -1);
    } else if (collected->rc != SQLITE_OK) {
        sqlite3_result_error_code(context, collected->rc);
    } else {
        guidebook_forms_result(context, collected, 1);
    }
    guidebook_forms_clear(collected);
}


/* How a session ended (guidebook_ahead_end()). */
enum {
    GUIDEBOOK_AHEAD_IN_STEP = 1,      /* FTS5 was given every row the reader had, each as it was made ahead */
    GUIDEBOOK_AHEAD_OUT_OF_STEP = 0,  /* FTS5 asked for a text that was not the next one made ahead */
    GUIDEBOOK_AHEAD_UNFINISHED = -1   /* neither: the reader had rows FTS5 was not given (a statement failed, or was shorter) */
};

/* Ends the connection's tokenizing-ahead session, if one runs: the thread finishes the batches it
   has, then is joined; everything the session holds is freed. *ended: how (GUIDEBOOK_AHEAD_...). */
static int guidebook_ahead_stop(guidebook_connection *connection, int *ended) {
    guidebook_ahead *ahead = connection->ahead;
    *ended = GUIDEBOOK_AHEAD_UNFINISHED;
    if (ahead == 0) return SQLITE_OK;
    pthread_mutex_lock(&ahead->lock);
    ahead->stopping = 1;
    pthread_cond_broadcast(&ahead->changed);
    pthread_mutex_unlock(&ahead->lock);
    int rc = pthread_join(ahead->thread, 0) == 0 ? SQLITE_OK : SQLITE_ERROR;
    if (ahead->outOfStep) {
        *ended = GUIDEBOOK_AHEAD_OUT_OF_STEP;
    } else if (ahead->queue == 0 && ahead->reader == 0) {
        *ended = GUIDEBOOK_AHEAD_IN_STEP;
    }
    for (guidebook_ahead_batch *batch = ahead->queue, *next; batch != 0; batch = next) {
        next = batch->next;
        guidebook_ahead_batch_free(batch);
    }
    if (ahead->reader != 0) sqlite3_finalize(ahead->reader);  /* its error, if any, was the last step's */
    guidebook_tokenizer_delete((Fts5Tokenizer *)ahead->tokenizer);
    pthread_cond_destroy(&ahead->changed);
    pthread_mutex_destroy(&ahead->lock);
    sqlite3_free(ahead);
    connection->ahead = 0;
    return rc;
}

/*
 * guidebook_ahead_begin(sql, rows): starts tokenizing ahead on this connection (see "Tokenizing
 * ahead" above): `sql` is the reader, a query of two columns (title, body) with `rows` bound as
 * ?1 (if it has a parameter), giving the rows in the order the INSERT after it gives them to FTS5; a thread with a
 * tokenizer of its own; the collected forms emptied for the thread to count.
 */
static void guidebook_ahead_begin(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    guidebook_connection *connection = (guidebook_connection *)sqlite3_user_data(context);
    if (connection->ahead != 0) {
        sqlite3_result_error(context, "guidebook_ahead_begin: a session already runs on this connection", -1);
        return;
    }
    if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
        sqlite3_result_error(context, "guidebook_ahead_begin: the reader must be SQL text", -1);
        return;
    }
    sqlite3_stmt *reader = 0;
    int rc = sqlite3_prepare_v2(sqlite3_context_db_handle(context), (const char *)sqlite3_value_text(argv[0]), -1, &reader, 0);
    if (rc == SQLITE_OK && (reader == 0 || sqlite3_column_count(reader) != GUIDEBOOK_INDEX_COLUMNS)) rc = SQLITE_MISUSE;
    if (rc == SQLITE_OK && sqlite3_bind_parameter_count(reader) >= 1) rc = sqlite3_bind_value(reader, 1, argv[1]);
    guidebook_ahead *ahead = rc == SQLITE_OK ? sqlite3_malloc(sizeof *ahead) : 0;
    if (rc == SQLITE_OK && ahead == 0) rc = SQLITE_NOMEM;
    Fts5Tokenizer *made = 0;
    if (rc == SQLITE_OK) rc = guidebook_tokenizer_create(connection, 0, 0, &made);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(reader);
        sqlite3_free(ahead);
        sqlite3_result_error_code(context, rc);
        return;
    }
    memset(ahead, 0, sizeof *ahead);
    ahead->reader = reader;
    ahead->tokenizer = (guidebook_tokenizer *)made;
    guidebook_forms_clear(&connection->collected);
    ahead->forms = &connection->collected;
    const char *failed = 0;
    if (pthread_mutex_init(&ahead->lock, 0) != 0) {
        failed = "guidebook_ahead_begin: no mutex";
    } else if (pthread_cond_init(&ahead->changed, 0) != 0) {
        pthread_mutex_destroy(&ahead->lock);
        failed = "guidebook_ahead_begin: no condition variable";
    } else if (pthread_create(&ahead->thread, 0, guidebook_ahead_main, ahead) != 0) {
        pthread_cond_destroy(&ahead->changed);
        pthread_mutex_destroy(&ahead->lock);
        failed = "guidebook_ahead_begin: no thread";
    }
    if (failed != 0) {
        sqlite3_finalize(reader);
        guidebook_tokenizer_delete(made);
        sqlite3_free(ahead);
        sqlite3_result_error(context, failed, -1);
        return;
    }
    connection->ahead = ahead;
    for (int batch = 0; rc == SQLITE_OK && batch < GUIDEBOOK_AHEAD_BATCHES; batch++) rc = guidebook_ahead_read(ahead);
    if (rc != SQLITE_OK) {
        int ended = 0;
        (void)guidebook_ahead_stop(connection, &ended);
        sqlite3_result_error_code(context, rc);
        return;
    }
    sqlite3_result_null(context);
}

/*
 * guidebook_ahead_end(): ends the session; gives 1 when it stayed in step (FTS5 was given exactly
 * the reader's rows, each as made ahead: the forms guidebook_collected_forms() now gives are those
 * of the rows indexed), 0 when it fell out of step (a text not the next one made ahead failed the
 * statement), -1 when it ended unfinished (the reader had rows FTS5 was not given).
 */
static void guidebook_ahead_end(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    guidebook_connection *connection = (guidebook_connection *)sqlite3_user_data(context);
    if (connection->ahead == 0) {
        sqlite3_result_error(context, "guidebook_ahead_end: no session runs", -1);
        return;
    }
    int ended = 0;
    int rc = guidebook_ahead_stop(connection, &ended);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    sqlite3_result_int(context, ended);
}

static int guidebook_token_ignored(void *context, int flags, const char *token, int length, int start, int end) {
    (void)context; (void)flags; (void)token; (void)length; (void)start; (void)end;
    return SQLITE_OK;
}

/*
 * guidebook_surface_forms(title, body [, 'reference']): the distinct surface forms of one row of
 * search_index, as a JSON array, the ones guidebook_collect_forms() counts for it. For what no
 * index pass collects: a row taken out of the index (search_removals) and the reference loader.
 * 'reference' makes them without the tokenizer's shortcuts (GuidebookTokenizerTests).
 */
static void guidebook_surface_forms(sqlite3_context *context, int argc, sqlite3_value **argv) {
    guidebook_connection *connection = (guidebook_connection *)sqlite3_user_data(context);
    int reference = argc == 3;
    if (reference && (sqlite3_value_type(argv[2]) != SQLITE_TEXT || strcmp((const char *)sqlite3_value_text(argv[2]), "reference") != 0)) {
        sqlite3_result_error(context, "guidebook_surface_forms: the third argument can only be 'reference'", -1);
        return;
    }
    Fts5Tokenizer **made = reference ? &connection->reference : &connection->plain;
    if (*made == 0) {
        const char *arguments[] = {"reference"};
        int rc = guidebook_tokenizer_create(connection, arguments, reference, made);
        if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    }
    guidebook_tokenizer *tokenizer = (guidebook_tokenizer *)*made;
    guidebook_forms forms;
    memset(&forms, 0, sizeof forms);
    forms.row = 1;
    int rc = SQLITE_OK;
    for (int column = 0; rc == SQLITE_OK && column < 2; column++) {
        const char *text = (const char *)sqlite3_value_text(argv[column]);
        if (text == 0) continue;
        rc = guidebook_tokenizer_run(tokenizer, &forms, 0, FTS5_TOKENIZE_DOCUMENT, text, sqlite3_value_bytes(argv[column]),
                                     guidebook_token_ignored);
    }
    if (rc == SQLITE_OK) rc = forms.rc;
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
    } else {
        guidebook_forms_result(context, &forms, 0);
    }
    guidebook_forms_clear(&forms);
}

static void guidebook_connection_destroy(void *pointer) {
    guidebook_connection *connection = (guidebook_connection *)pointer;
    int ended = 0;
    (void)guidebook_ahead_stop(connection, &ended);  /* a session the connection closed in the middle of */
    if (connection->plain) guidebook_tokenizer_delete(connection->plain);
    if (connection->reference) guidebook_tokenizer_delete(connection->reference);
    guidebook_forms_clear(&connection->collected);
    sqlite3_free(connection);
}

/* Registers guidebook_phrase_hits(), guidebook_phrases_hits(), guidebook_phrase_postings(), the tokenizers guidebook (search_index)
   and guidebook_words (the vocabulary table of migrations 0004 to 0009, dropped by 0010), and the SQL functions
   guidebook_collect_forms(), guidebook_collected_forms() and guidebook_surface_forms() on this connection. FTS5
   hands out its API through `SELECT fts5(?1)`. */
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
    rc = api->xCreateFunction(api, "guidebook_phrase_hits", 0, guidebook_fts5_phrase_hits, 0);
    if (rc != SQLITE_OK) return rc;
    rc = api->xCreateFunction(api, "guidebook_phrases_hits", 0, guidebook_fts5_phrases_hits, 0);
    if (rc != SQLITE_OK) return rc;
    rc = api->xCreateFunction(api, "guidebook_phrase_postings", 0, guidebook_fts5_phrase_postings, 0);
    if (rc != SQLITE_OK) return rc;
    /* FTS5 copies the methods; the API pointer lives as long as the connection. */
    fts5_tokenizer methods = {guidebook_words_create, guidebook_words_delete, guidebook_words_tokenize};
    rc = api->xCreateTokenizer(api, "guidebook_words", (void *)api, &methods, 0);
    if (rc != SQLITE_OK) return rc;
    guidebook_connection *connection = sqlite3_malloc(sizeof *connection);
    if (connection == 0) return SQLITE_NOMEM;
    memset(connection, 0, sizeof *connection);
    connection->api = api;
    fts5_tokenizer index = {guidebook_tokenizer_create, guidebook_tokenizer_delete, guidebook_tokenizer_tokenize};
    rc = api->xCreateTokenizer(api, "guidebook", connection, &index, guidebook_connection_destroy);
    if (rc != SQLITE_OK) {
        /* FTS5 owns the connection's state only once the tokenizer is registered. */
        sqlite3_free(connection);
        return rc;
    }
    rc = sqlite3_create_function_v2(db, "guidebook_collect_forms", 1, SQLITE_UTF8, connection, guidebook_collect_forms, 0, 0, 0);
    if (rc != SQLITE_OK) return rc;
    rc = sqlite3_create_function_v2(db, "guidebook_collected_forms", 0, SQLITE_UTF8, connection, guidebook_collected_forms, 0, 0, 0);
    if (rc != SQLITE_OK) return rc;
    if (rc == SQLITE_OK) rc = sqlite3_create_function_v2(db, "guidebook_ahead_begin", 2, SQLITE_UTF8, connection, guidebook_ahead_begin, 0, 0, 0);
    if (rc == SQLITE_OK) rc = sqlite3_create_function_v2(db, "guidebook_ahead_end", 0, SQLITE_UTF8, connection, guidebook_ahead_end, 0, 0, 0);
    for (int count = 2; rc == SQLITE_OK && count <= 3; count++) {
        rc = sqlite3_create_function_v2(db, "guidebook_surface_forms", count, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, connection,
                                        guidebook_surface_forms, 0, 0, 0);
    }
    return rc;
}
#endif
