-- The text is stored once and tokenized once.
--
-- Until now the search index kept its own copy of every record's text (`search_index_content`,
-- four columns: Latin words and CJK bigrams of the title and the body), and `search_words`
-- tokenized those columns a second time for the suggestion vocabulary. Now:
--
-- * `search_content` is a view of the text tables giving each search row's title and body as they
--   were always indexed (every locale's text in locale order, one per line); `search_index` is an
--   external-content FTS5 table over it, so the index holds tokens and row lengths, no text.
-- * One tokenizer, `guidebook` (Sources/CSQLite/shim.h, registered on every connection by
--   `Database.registerFullTextFunctions`), makes from each column in one pass the porter stems of
--   the Latin words, the bigrams of the CJK runs (after the words, so every phrase matches where
--   it matched in the four columns) and, as colocated tokens marked '#', the surface forms the
--   suggestion vocabulary reads through `search_index_vocab` (fts5vocab). Two columns (title 10x,
--   body) give the same bm25 term weights and row lengths as the four did.
--
-- External content means FTS5 deletes a row by tokenizing its content again, so a row must be
-- taken out of the index while the text tables still hold what was indexed. The BEFORE triggers
-- below do that for every change to what `search_content` shows, whoever writes (the indexer,
-- an import, the reference loader or an operator's sqlite3 session: every connection writing text
-- needs the tokenizer registered). They only delete, and only rows the index holds (the row has a
-- `search_index_docsize` entry), so a row touched twice is deleted once. The indexer puts rows
-- back from `search_content` before the transaction commits (`SearchIndexer.finish`).
--
-- rowid = record_id * 4 + kind (0 topic, 1 section, 2 guideline), as before; the expression
-- indexes let FTS5's lookup of one row (`WHERE row = ?`) find it through the view.

DROP TRIGGER guidelines_search_delete;
DROP TRIGGER sections_search_delete;
DROP TRIGGER topics_search_delete;
DROP TABLE search_words_vocab;
DROP TABLE search_words;
DROP TABLE search_index;

CREATE INDEX topics_search_row ON topics (id * 4);
CREATE INDEX sections_search_row ON sections (id * 4 + 1);
CREATE INDEX guidelines_search_row ON guidelines (id * 4 + 2);

-- A topic's titles and summaries; a titled section's titles; a guideline's section titles and texts
-- (group_concat keeps the order of its ordered subquery: locale order, as the index always had).
-- One view per kind, which the triggers join to the record they change (SQLite flattens a simple
-- view into the query, so they read through the records' indexes), and their union, the content
-- FTS5 reads.
CREATE VIEW search_topic_content (row, title, body, topic_id) AS
    SELECT t.id * 4,
           (SELECT group_concat(title, char(10)) FROM (SELECT title FROM topic_texts WHERE topic_id = t.id ORDER BY locale)),
           (SELECT group_concat(summary, char(10)) FROM (SELECT summary FROM topic_texts WHERE topic_id = t.id ORDER BY locale)),
           t.id
    FROM topics t;
CREATE VIEW search_section_content (row, title, body, section_id, topic_id) AS
    SELECT s.id * 4 + 1,
           (SELECT group_concat(title, char(10)) FROM (SELECT title FROM section_texts WHERE section_id = s.id AND title != '' ORDER BY locale)),
           NULL, s.id, s.topic_id
    FROM sections s WHERE EXISTS (SELECT 1 FROM section_texts WHERE section_id = s.id AND title != '');
CREATE VIEW search_guideline_content (row, title, body, guideline_id, section_id, topic_id) AS
    SELECT g.id * 4 + 2,
           (SELECT group_concat(title, char(10)) FROM (SELECT title FROM section_texts WHERE section_id = g.section_id AND title != '' ORDER BY locale)),
           (SELECT group_concat(text, char(10)) FROM (SELECT text FROM guideline_texts WHERE guideline_id = g.id ORDER BY locale)),
           g.id, g.section_id, g.topic_id
    FROM guidelines g;
CREATE VIEW search_content (row, title, body) AS
    SELECT row, title, body FROM search_topic_content
    UNION ALL SELECT row, title, body FROM search_section_content
    UNION ALL SELECT row, title, body FROM search_guideline_content;

CREATE VIRTUAL TABLE search_index USING fts5(
    title, body,
    content = 'search_content',
    content_rowid = 'row',
    tokenize = 'guidebook'
);
-- Titles weigh ten times the body.
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(10.0, 1.0)');

-- One row per distinct token: `term`, `doc` (rows holding it), `cnt`. The vocabulary is the terms
-- that start with '#'.
CREATE VIRTUAL TABLE search_index_vocab USING fts5vocab(search_index, row);

-- Takes rows out of the index while their content is still what was indexed, and only rows the
-- index holds (those with a docsize entry).
CREATE TRIGGER topic_texts_search_insert BEFORE INSERT ON topic_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = new.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topic_texts_search_update BEFORE UPDATE OF topic_id, locale, title, summary ON topic_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topic_texts_search_delete BEFORE DELETE ON topic_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
-- A section's titles are also the title of each of its guidelines' rows.
CREATE TRIGGER section_texts_search_insert BEFORE INSERT ON section_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = new.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = new.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER section_texts_search_update BEFORE UPDATE OF section_id, locale, title ON section_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER section_texts_search_delete BEFORE DELETE ON section_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_insert BEFORE INSERT ON guideline_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = new.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_update BEFORE UPDATE OF guideline_id, locale, text ON guideline_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_delete BEFORE DELETE ON guideline_texts BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
-- A guideline moved to another section takes that section's titles.
CREATE TRIGGER guidelines_search_move BEFORE UPDATE OF id, section_id ON guidelines BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
-- Deleting a record (directly or by cascade) takes its rows out first, and those of what it holds,
-- since the cascade may delete the texts a row is made of in any order.
CREATE TRIGGER guidelines_search_remove BEFORE DELETE ON guidelines BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER sections_search_remove BEFORE DELETE ON sections BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topics_search_remove BEFORE DELETE ON topics BEGIN
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_section_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_index (search_index, rowid, title, body)
        SELECT 'delete', c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;

-- The search caches' bookkeeping of a deleted record, as before (the rows are already out).
CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 + 2 FROM meta WHERE key = 'search_generation';
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 + 1 FROM meta WHERE key = 'search_generation';
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 FROM meta WHERE key = 'search_generation';
END;

-- The index of the knowledge base as it is, read once from the text tables. Search caches reload:
-- the generation moves on and the record of changed rows starts over above it.
INSERT INTO search_index (search_index) VALUES ('rebuild');
UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
DELETE FROM search_changes;
UPDATE meta SET value = (SELECT value FROM meta WHERE key = 'search_generation') WHERE key = 'search_changes_floor';
