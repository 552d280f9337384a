-- Large values kept beside the knowledge base (the search row directory and vocabulary,
-- megabytes at a million guidelines) move out of `meta` into a table of their own.
--
-- `meta` is WITHOUT ROWID: its values lie in the same B-tree as its keys. When a search looks up
-- a small fact there (`search_generation`, on every search), each step of the B-tree search that
-- lands on a cell whose value overflows onto other pages reads that whole value to compare the
-- key: at 1,000,000 guidelines, the 4 MB directory was read on every search (a third of the
-- engine's time for a two-word query). Here the keys are in the table's index and the values in
-- its rows, so a lookup reads only the value it asks for.
CREATE TABLE meta_blobs (
    key   TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

INSERT INTO meta_blobs (key, value)
    SELECT key, value FROM meta WHERE key IN ('search_directory', 'search_vocabulary');
DELETE FROM meta WHERE key IN ('search_directory', 'search_vocabulary');
