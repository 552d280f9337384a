-- Translation memories imported from TMX files (POST /v1/memory/import), kept apart from the
-- knowledge base's own translations: the base's translations are the memory as they stand, found
-- through the search index; an imported memory is its units, each under the import it came with
-- (its origin), found through an index of its own. Deleting an origin deletes its units.

CREATE TABLE memory_origins (
    id INTEGER PRIMARY KEY,
    -- The file's name as given at import, shown with every match it gives.
    name TEXT NOT NULL,
    source_locale TEXT NOT NULL,
    target_locale TEXT NOT NULL,
    -- The TMX header's creationtool and creationtoolversion, when given.
    creation_tool TEXT,
    imported_at TEXT NOT NULL,
    -- The name of the token that imported it.
    imported_by TEXT,
    units INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE memory_units (
    id INTEGER PRIMARY KEY,
    origin_id INTEGER NOT NULL REFERENCES memory_origins (id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    target TEXT NOT NULL
);
CREATE INDEX memory_units_by_origin ON memory_units (origin_id);

-- The English of each unit, tokenized as the search index tokenizes (porter stems of the Latin
-- words, CJK bigrams, surface forms as '#' tokens), kept in step by the triggers below.
CREATE VIRTUAL TABLE memory_index USING fts5(
    source,
    content = 'memory_units',
    content_rowid = 'id',
    tokenize = 'guidebook'
);
CREATE VIRTUAL TABLE memory_index_vocab USING fts5vocab(memory_index, row);

CREATE TRIGGER memory_units_index_insert AFTER INSERT ON memory_units BEGIN
    INSERT INTO memory_index (rowid, source) VALUES (new.id, new.source);
END;
CREATE TRIGGER memory_units_index_delete BEFORE DELETE ON memory_units BEGIN
    INSERT INTO memory_index (memory_index, rowid, source) VALUES ('delete', old.id, old.source);
END;
