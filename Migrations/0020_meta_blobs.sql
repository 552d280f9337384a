-- Large values kept beside the knowledge base (the search row directory and vocabulary,
-- megabytes at a million guidelines) move out of `meta` into a table of their own.
--
-- `meta` is WITHOUT ROWID: its values lie in the same B-tree as its keys. When a search looks up
-- a small fact there (`search_generation`, on every search), each step of the B-tree search that
-- lands on a cell whose value overflows onto other pages reads that whole value to compare the
-- key. Whether a lookup steps on the directory's cell depends on the page's layout; in the
-- benchmark's file of 1,000,000 guidelines it did, and every search read the 4 MB directory
-- (0.85 ms of each; bench-results/2026-12-04-night-search-1m.md). Here the keys are in the
-- table's index and the values in its rows, so a lookup reads only the value it asks for.
CREATE TABLE meta_blobs (
    key   TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

INSERT INTO meta_blobs (key, value)
    SELECT key, value FROM meta WHERE key IN ('search_directory', 'search_vocabulary');
DELETE FROM meta WHERE key IN ('search_directory', 'search_vocabulary');
