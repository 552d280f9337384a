#ifndef GUIDEBOOK_CSQLITE_SHIM_H
#define GUIDEBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>
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
 * guidebook: the tokenizer of search_index (Migrations/0010_text_once.sql). One pass over a column's
 * text gives everything the index and the suggestion vocabulary need:
 *
 *  - the Latin-script words: the text with every CJK character blanked, through porter over
 *    unicode61 remove_diacritics 2 (stems, case and diacritics folded);
 *  - the CJK runs (Hangul, kana, Han) as overlapping bigrams ("진행률을" -> 진행 행률 률을; a run of
 *    one character as itself), each run's bigrams as the same porter tokenizer gives them, after the
 *    Latin words, so a phrase of either kind sees its tokens at the positions it always had;
 *  - when a document is indexed (not a query), the surface forms the "did you mean" vocabulary
 *    reads, as colocated tokens that start with GUIDEBOOK_SURFACE ('#', which no query token holds):
 *    each Latin word as written (unicode61 remove_diacritics 0: case folded, not stemmed), all
 *    colocated with the last Latin word, and each CJK run of 2 to 32 characters whole, colocated
 *    with its last bigram. Colocated tokens add nothing to a row's length, so bm25 sees the lengths
 *    the two kinds of tokens give.
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
#define GUIDEBOOK_SURFACE '#'

typedef struct {
    fts5_tokenizer porter;
    Fts5Tokenizer *stems;     /* porter unicode61 remove_diacritics 2 */
    fts5_tokenizer unicode61;
    Fts5Tokenizer *words;     /* unicode61 remove_diacritics 0: surface forms */
    int reference;            /* 1: no shortcuts (the tokens by their definition) */
} guidebook_tokenizer;

static void guidebook_tokenizer_delete(Fts5Tokenizer *tokenizer) {
    guidebook_tokenizer *self = (guidebook_tokenizer *)tokenizer;
    if (self->stems) self->porter.xDelete(self->stems);
    if (self->words) self->unicode61.xDelete(self->words);
    sqlite3_free(self);
}

static int guidebook_tokenizer_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    fts5_api *api = (fts5_api *)context;
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
    int primary;              /* primary (not colocated) tokens passed on so far */
    char *surface;            /* buffer for a marked surface form */
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

/* A surface form, marked, colocated with the last primary token (there is always one before it). */
static int guidebook_tokenizer_surface(void *pointer, int flags, const char *token, int length, int start, int end) {
    (void)flags;
    guidebook_tokenizer_sink *sink = (guidebook_tokenizer_sink *)pointer;
    if (sink->primary == 0 || length + 1 > sink->surfaceCapacity) return SQLITE_OK;
    sink->surface[0] = GUIDEBOOK_SURFACE;
    memcpy(sink->surface + 1, token, (size_t)length);
    return sink->token(sink->context, FTS5_TOKEN_COLOCATED, sink->surface, length + 1, sink->offset + start, sink->offset + end);
}

/* The surface forms of the Latin words whose spans the stem pass kept, in their order. An ASCII span
   is lower-cased as unicode61 would (only A-Z change); any other goes through unicode61, alone, and
   gives one token: it starts with a letter or digit and holds nothing that ends a word. */
static int guidebook_tokenizer_latin_surfaces(guidebook_tokenizer *self, guidebook_tokenizer_sink *sink, int flags,
                                              const char *latin) {
    int rc = SQLITE_OK;
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
        out[0] = GUIDEBOOK_SURFACE;
        for (int at = start; at < end; at++) {
            char c = latin[at];
            out[1 + at - start] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
        }
        rc = sink->token(sink->context, FTS5_TOKEN_COLOCATED, out, end - start + 1, start, end);
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

static int guidebook_tokenizer_tokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                                        int (*token)(void *, int, const char *, int, int, int)) {
    guidebook_tokenizer *self = (guidebook_tokenizer *)tokenizer;
    const unsigned char *bytes = (const unsigned char *)text;
    int document = (flags & FTS5_TOKENIZE_DOCUMENT) != 0;
    if (length <= 0) return SQLITE_OK;
    /* latin: the text with CJK blanked; pairs: one run's bigrams; surface: a marked form; spans: the
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
        } else {
            memcpy(latin + index, bytes + index, (size_t)size);
        }
        index += size;
    }
    guidebook_tokenizer_sink sink = {context, token, 0, surface, surfaceCapacity, 0, spans, 0, spanCapacity};
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

/* Registers guidebook_phrase_hits(), guidebook_phrases_hits(), guidebook_phrase_postings() and the tokenizers guidebook (search_index) and
   guidebook_words (the vocabulary table of migrations 0004 to 0009, dropped by 0010) on this connection. FTS5
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
    fts5_tokenizer index = {guidebook_tokenizer_create, guidebook_tokenizer_delete, guidebook_tokenizer_tokenize};
    return api->xCreateTokenizer(api, "guidebook", (void *)api, &index, 0);
}
#endif
