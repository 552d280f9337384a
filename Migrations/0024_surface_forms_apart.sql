-- The surface forms are counted apart from the index.
--
-- The "did you mean" vocabulary (every word as written, with the number of rows holding it) was read
-- from the search index itself: its tokenizer added each word's surface form to the index as a
-- colocated token marked '#', and fts5vocab counted their rows. Those tokens doubled the postings
-- FTS5 writes: indexing 100,000 realistic guidelines took 4.2 s with them and 1.9 s without
-- (docs/benchmarks.md), and reading the counts back took FTS5 another 0.4 s after each bulk write.
--
-- Now the tokenizer counts the forms in the same pass, into a hash of the connection, for each row a
-- statement puts into the index (the rows it marks with guidebook_collect_forms, Sources/CSQLite/
-- shim.h); the indexer adds those counts to `search_surface_forms` (SearchIndexer.finish). A row taken
-- out of the index goes through `search_removals`, whose trigger deletes it from FTS5 and counts its
-- forms down (guidebook_surface_forms: the row's distinct forms, as JSON). A form no row holds stays
-- at 0 until the next bulk write deletes it; the vocabulary reads only the forms above 0.
--
-- The index is rebuilt without the '#' tokens, and the counts made, when the store next opens the file
-- (SearchIndexer.version); the triggers below take rows out as before, through search_removals.

CREATE TABLE search_surface_forms (
    form TEXT PRIMARY KEY,
    rows INTEGER NOT NULL
) WITHOUT ROWID;

-- Never holds a row: inserting one takes that row out of the index.
CREATE VIEW search_removals (row, title, body) AS SELECT NULL, NULL, NULL WHERE 0;
CREATE TRIGGER search_removals_take_out INSTEAD OF INSERT ON search_removals BEGIN
    INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', new.row, new.title, new.body);
    UPDATE search_surface_forms SET rows = rows - 1
        WHERE form IN (SELECT value FROM json_each(guidebook_surface_forms(new.title, new.body)));
END;

-- The translation memory's index (migration 0013) has the same tokenizer, and the '#' tokens in it
-- too: built again without them, so that a unit deleted later takes out exactly what it put in.
INSERT INTO memory_index (memory_index) VALUES ('rebuild');

-- The triggers of migration 0010 (the same rows, the same conditions), now through search_removals.
-- Inserting into a view with an INSTEAD OF trigger makes a temporary table for the rows first, even
-- when there are none, so the three triggers an import fires for every new record's texts first ask
-- whether the rows they would take out are in the index at all (a row's number: the record's id * 4
-- + kind; a section's titles are its guidelines' titles too).
DROP TRIGGER topic_texts_search_insert;
DROP TRIGGER topic_texts_search_update;
DROP TRIGGER topic_texts_search_delete;
DROP TRIGGER section_texts_search_insert;
DROP TRIGGER section_texts_search_update;
DROP TRIGGER section_texts_search_delete;
DROP TRIGGER guidelines_search_move;
DROP TRIGGER guidelines_search_remove;
DROP TRIGGER sections_search_remove;
DROP TRIGGER topics_search_remove;
DROP TRIGGER guideline_texts_search_insert;
DROP TRIGGER guideline_texts_search_update;
DROP TRIGGER guideline_texts_search_delete;

CREATE TRIGGER topic_texts_search_insert BEFORE INSERT ON topic_texts
    WHEN EXISTS (SELECT 1 FROM search_index_docsize WHERE id = new.topic_id * 4) BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = new.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topic_texts_search_update BEFORE UPDATE OF topic_id, locale, title, summary ON topic_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topic_texts_search_delete BEFORE DELETE ON topic_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.topic_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER section_texts_search_insert BEFORE INSERT ON section_texts
    WHEN EXISTS (SELECT 1 FROM search_index_docsize WHERE id = new.section_id * 4 + 1)
      OR EXISTS (SELECT 1 FROM guidelines g JOIN search_index_docsize d ON d.id = g.id * 4 + 2 WHERE g.section_id = new.section_id) BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = new.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = new.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER section_texts_search_update BEFORE UPDATE OF section_id, locale, title ON section_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER section_texts_search_delete BEFORE DELETE ON section_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.section_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guidelines_search_move BEFORE UPDATE OF id, section_id ON guidelines BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guidelines_search_remove BEFORE DELETE ON guidelines BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER sections_search_remove BEFORE DELETE ON sections BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_section_content c
        WHERE c.section_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.section_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER topics_search_remove BEFORE DELETE ON topics BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_topic_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_section_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.topic_id = old.id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_insert BEFORE INSERT ON guideline_texts
    WHEN EXISTS (SELECT 1 FROM search_index_docsize WHERE id = new.guideline_id * 4 + 2) BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = new.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_update BEFORE UPDATE OF guideline_id, locale, text ON guideline_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
CREATE TRIGGER guideline_texts_search_delete BEFORE DELETE ON guideline_texts BEGIN
    INSERT INTO search_removals (row, title, body)
        SELECT c.row, c.title, c.body FROM search_guideline_content c
        WHERE c.guideline_id = old.guideline_id AND EXISTS (SELECT 1 FROM search_index_docsize WHERE id = c.row);
END;
