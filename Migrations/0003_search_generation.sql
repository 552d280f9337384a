-- A counter bumped in the same transaction as every change to the search index (by the indexer and
-- by the delete triggers below). A search reads it inside its own read transaction, so it names
-- exactly the index that search sees; phrase postings kept in memory are valid for one value.
INSERT INTO meta (key, value) VALUES ('search_generation', '0');

DROP TRIGGER guidelines_search_delete;
DROP TRIGGER sections_search_delete;
DROP TRIGGER topics_search_delete;

CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    DELETE FROM search_index WHERE rowid = old.id * 4;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
END;
