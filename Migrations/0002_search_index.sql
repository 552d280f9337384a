-- Full-text search over topics, sections and guidelines in every locale.
--
-- One row per record, holding the text of every locale (so a mixed query like "split 뷰" finds a
-- guideline whose English says split and whose Korean says 뷰). `title`/`body` hold the text with
-- its Hangul/CJK runs blanked out,
-- tokenized by unicode61 with porter stemming (English: modal finds modality). `title_cjk`/`body_cjk`
-- hold overlapping bigrams of the CJK runs ("진행률을" -> "진행 행률 률을"), so a Korean noun is
-- found inside the words that carry particles, and two-syllable queries work.
--
-- rowid = record_id * 4 + kind (0 topic, 1 section, 2 guideline).
CREATE VIRTUAL TABLE search_index USING fts5(
    title, body, title_cjk, body_cjk,
    kind UNINDEXED, ref UNINDEXED, topic UNINDEXED, category UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Titles weigh ten times the body.
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(10.0, 1.0, 10.0, 1.0)');

-- Which segmentation the index was built with; a different value makes the store rebuild it.
INSERT INTO meta (key, value) VALUES ('search_index_version', '0');

-- Deleting a record (directly or by cascade) removes its rows from the index in the same transaction.
CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4;
END;
