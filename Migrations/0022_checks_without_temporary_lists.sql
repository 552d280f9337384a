-- Three tables written on every import and edit are rebuilt with their CHECK constraints written
-- as comparisons joined by OR instead of `IN (...)` lists, with the same meaning. SQLite evaluates
-- `x IN (a, b, c)` of three or more constants by building a temporary B-tree of the list
-- (`OpenEphemeral` in EXPLAIN of an INSERT into `guideline_texts`) every time a row is checked:
-- for every text, change-log row and finding written. Found with a breakpoint on
-- `sqlite3BtreeCreateTable` during an import (one per row written).
-- A CHECK constraint cannot be changed in place, so each table is made again, its rows copied, and
-- its indexes and triggers (the current ones, as 0010, 0012, 0017, 0019 and 0021 left them) made
-- again in their order. `legacy_alter_table` keeps the rename from checking the views and other
-- tables' triggers that name these tables while they are being replaced: they refer by name and
-- find the new table once it is renamed. No foreign key refers to these tables.
PRAGMA legacy_alter_table = ON;

-- guideline_texts
CREATE TABLE guideline_texts_rebuilt (
    guideline_id INTEGER NOT NULL REFERENCES guidelines(id) ON DELETE CASCADE,
    locale       TEXT NOT NULL REFERENCES locales(code),
    text         TEXT NOT NULL,
    source_hash  TEXT,
    updated_at   TEXT NOT NULL, source_revision INTEGER, review_state TEXT NOT NULL DEFAULT 'translated'
    CHECK (review_state = 'draft' OR review_state = 'translated' OR review_state = 'approved'), version INTEGER NOT NULL DEFAULT 1, changed_by TEXT, action TEXT, note TEXT,
    PRIMARY KEY (guideline_id, locale)
) WITHOUT ROWID;
INSERT INTO guideline_texts_rebuilt (guideline_id, locale, text, source_hash, updated_at, source_revision, review_state, version, changed_by, action, note) SELECT guideline_id, locale, text, source_hash, updated_at, source_revision, review_state, version, changed_by, action, note FROM guideline_texts;
DROP TABLE guideline_texts;
ALTER TABLE guideline_texts_rebuilt RENAME TO guideline_texts;
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
CREATE TRIGGER guideline_texts_unapproved_override AFTER UPDATE OF review_state ON guideline_texts WHEN new.review_state <> 'approved' BEGIN
    DELETE FROM approval_overrides WHERE resource = 'guideline' AND record_id = new.guideline_id AND locale = new.locale;
END;
CREATE TRIGGER guideline_texts_deleted_override AFTER DELETE ON guideline_texts BEGIN
    DELETE FROM approval_overrides WHERE resource = 'guideline' AND record_id = old.guideline_id AND locale = old.locale;
END;
CREATE TRIGGER guideline_texts_coverage_insert AFTER INSERT ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT g.topic_id FROM guidelines g WHERE g.id = new.guideline_id
        ON CONFLICT (topic_id) DO NOTHING;
END;
CREATE TRIGGER guideline_texts_coverage_update AFTER UPDATE OF source_revision, review_state, locale, guideline_id ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT DISTINCT g.topic_id FROM guidelines g WHERE g.id IN (old.guideline_id, new.guideline_id)
        ON CONFLICT (topic_id) DO NOTHING;
END;
CREATE TRIGGER guideline_texts_coverage_delete AFTER DELETE ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT g.topic_id FROM guidelines g WHERE g.id = old.guideline_id
        ON CONFLICT (topic_id) DO NOTHING;
END;

-- translation_findings
CREATE TABLE translation_findings_rebuilt (
    id           INTEGER PRIMARY KEY,
    topic_id     INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    section_id   INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    guideline_id INTEGER REFERENCES guidelines(id) ON DELETE CASCADE,
    locale       TEXT NOT NULL,
    field        TEXT NOT NULL CHECK (field = 'text' OR field = 'title' OR field = 'summary'),
    check_name   TEXT NOT NULL,
    severity     TEXT NOT NULL CHECK (severity IN ('error', 'warning')),
    message      TEXT NOT NULL,
    found        TEXT,
    fix          TEXT,
    at_offset    INTEGER,
    corrected    TEXT
);
INSERT INTO translation_findings_rebuilt (id, topic_id, section_id, guideline_id, locale, field, check_name, severity, message, found, fix, at_offset, corrected) SELECT id, topic_id, section_id, guideline_id, locale, field, check_name, severity, message, found, fix, at_offset, corrected FROM translation_findings;
DROP TABLE translation_findings;
ALTER TABLE translation_findings_rebuilt RENAME TO translation_findings;
CREATE INDEX translation_findings_by_guideline ON translation_findings (guideline_id, locale);
CREATE INDEX translation_findings_by_section ON translation_findings (section_id, locale) WHERE section_id IS NOT NULL;
CREATE INDEX translation_findings_by_topic ON translation_findings (topic_id, locale, id);
CREATE INDEX translation_findings_errors ON translation_findings (locale, id) WHERE severity = 'error';
CREATE TRIGGER translation_findings_counted AFTER INSERT ON translation_findings BEGIN
    INSERT INTO translation_finding_counts (topic_id, locale, check_name, count)
        VALUES (new.topic_id, new.locale, new.check_name, 1), (0, new.locale, new.check_name, 1)
        ON CONFLICT (topic_id, locale, check_name) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER translation_findings_uncounted AFTER DELETE ON translation_findings BEGIN
    UPDATE translation_finding_counts SET count = count - 1
        WHERE topic_id IN (old.topic_id, 0) AND locale = old.locale AND check_name = old.check_name;
END;
CREATE TRIGGER translation_findings_moved AFTER UPDATE OF topic_id ON translation_findings WHEN new.topic_id <> old.topic_id BEGIN
    UPDATE translation_finding_counts SET count = count - 1
        WHERE topic_id = old.topic_id AND locale = old.locale AND check_name = old.check_name;
    INSERT INTO translation_finding_counts (topic_id, locale, check_name, count) VALUES (new.topic_id, new.locale, new.check_name, 1)
        ON CONFLICT (topic_id, locale, check_name) DO UPDATE SET count = count + 1;
END;

-- changes
CREATE TABLE changes_rebuilt (
    seq         INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    resource    TEXT NOT NULL CHECK (resource = 'topic' OR resource = 'section' OR resource = 'guideline' OR resource = 'glossary'),
    resource_id TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind = 'created' OR kind = 'updated' OR kind = 'deleted' OR kind = 'translation' OR kind = 'glossary' OR kind = 'comment' OR kind = 'suggestion'),
    locale      TEXT,
    token       TEXT,
    etag        TEXT,
    state       TEXT
, note TEXT);
INSERT INTO changes_rebuilt (seq, at, resource, resource_id, kind, locale, token, etag, state, note) SELECT seq, at, resource, resource_id, kind, locale, token, etag, state, note FROM changes;
DROP TABLE changes;
ALTER TABLE changes_rebuilt RENAME TO changes;
CREATE TRIGGER changes_are_never_updated BEFORE UPDATE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;
CREATE TRIGGER changes_are_never_deleted BEFORE DELETE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;
PRAGMA legacy_alter_table = OFF;
