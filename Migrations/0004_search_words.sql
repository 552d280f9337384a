-- The words of every search row as written (not stemmed, not cut into bigrams): the vocabulary that
-- "did you mean" suggestions are taken from, with each word's document frequency, read through
-- `search_words_vocab`.
--
-- `search_index` cannot serve as that vocabulary: its English columns hold porter stems (popover is
-- `popov`) and its Korean columns two-syllable pieces. Here a row holds its distinct words once each
-- (Latin-script words and Hangul runs, particles included, as `TextSegmenter.vocabularyWords` makes
-- them), same rowid as in `search_index`. detail=none and columnsize=0: only which rows hold a word
-- is kept, no positions or lengths. The indexer fills it in the same transaction as `search_index`;
-- the new segmentation version makes the store rebuild both once.
CREATE VIRTUAL TABLE search_words USING fts5(
    words,
    tokenize = 'unicode61 remove_diacritics 0',
    detail = none,
    columnsize = 0
);

-- One row per distinct word: `term`, `doc` (rows holding it), `cnt`.
CREATE VIRTUAL TABLE search_words_vocab USING fts5vocab(search_words, row);

DROP TRIGGER guidelines_search_delete;
DROP TRIGGER sections_search_delete;
DROP TRIGGER topics_search_delete;

CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
    DELETE FROM search_words WHERE rowid = old.id * 4 + 2;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
    DELETE FROM search_words WHERE rowid = old.id * 4 + 1;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4;
    DELETE FROM search_words WHERE rowid = old.id * 4;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
