-- Which search rows each change of the index touched, so that a search cache holding generation g
-- can be brought to a later generation by re-reading only those rows (the row directory's entries
-- and each kept phrase's postings) instead of everything.
--
-- A row is recorded under the value `search_generation` has when it is put or deleted (always
-- after the transaction's first bump), so the rows changed after generation g are exactly those
-- recorded above g. `search_changes_floor` is the generation below which the record is incomplete:
-- a bulk change (an import of many rows, a rebuild) records nothing and raises the floor, and old
-- records are pruned the same way. A cache older than the floor reloads everything.
CREATE TABLE search_changes (
    generation INTEGER NOT NULL,
    row        INTEGER NOT NULL,
    PRIMARY KEY (generation, row)
) WITHOUT ROWID;

INSERT INTO meta (key, value) SELECT 'search_changes_floor', value FROM meta WHERE key = 'search_generation';

DROP TRIGGER guidelines_search_delete;
DROP TRIGGER sections_search_delete;
DROP TRIGGER topics_search_delete;

CREATE TRIGGER guidelines_search_delete AFTER DELETE ON guidelines BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4 + 2;
    DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 + 2 FROM meta WHERE key = 'search_generation';
END;
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4 + 1;
    DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 + 1 FROM meta WHERE key = 'search_generation';
END;
CREATE TRIGGER topics_search_delete AFTER DELETE ON topics BEGIN
    DELETE FROM search_words WHERE rowid = old.id * 4;
    DELETE FROM search_index WHERE rowid = old.id * 4;
    UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
    INSERT OR IGNORE INTO search_changes (generation, row)
        SELECT CAST(value AS INTEGER), old.id * 4 FROM meta WHERE key = 'search_generation';
END;
