-- The words of every search row as written (not stemmed, not cut into bigrams): the vocabulary that
-- "did you mean" suggestions come from, with each word's document frequency, read through
-- `search_words_vocab`.
--
-- `search_index` cannot serve as that vocabulary: its English columns hold porter stems (popover is
-- `popov`) and its Korean columns two-syllable pieces. `search_words` indexes the same stored columns
-- again (external content: it stores no text of its own) with the `guidebook_words` tokenizer
-- (Sources/CSQLite/shim.h, registered on every connection by `Database.registerFullTextFunctions`):
-- English words through unicode61 without porter, Korean runs joined back from their bigrams
-- (진행 행률 률을 -> 진행률을). detail=none and columnsize=0: only which rows hold a word is kept.
-- The indexer adds a row's words in the same transaction as the row, and deletes them before it
-- deletes the row (FTS5 reads them from search_index's stored row); so do the triggers below.
CREATE VIRTUAL TABLE search_words USING fts5(
    title, body, title_cjk, body_cjk,
    content = 'search_index',
    content_rowid = 'rowid',
    tokenize = 'guidebook_words',
    detail = none,
    columnsize = 0
);
-- (FTS5's 'rebuild' command fails on SQLite 3.40 when the content table is itself FTS5; this is the same.)
INSERT INTO search_words (rowid, title, body, title_cjk, body_cjk) SELECT rowid, title, body, title_cjk, body_cjk FROM search_index;

-- One row per distinct word: `term`, `doc` (rows holding it), `cnt`.
CREATE VIRTUAL TABLE search_words_vocab USING fts5vocab(search_words, row);

DROP TRIGGER guidelines_search_delete;
DROP TRIGGER sections_search_delete;
DROP TRIGGER topics_search_delete;

CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4 + 2;
    DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4 + 1;
    DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4;
    DELETE FROM search_index WHERE rowid = old.id * 4;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
