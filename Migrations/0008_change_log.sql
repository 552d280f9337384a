-- Editing: the change log, versions for sections, and the source revision each translation was made from.

-- Every change to the knowledge base, in the order it committed: one row per changed resource,
-- appended in the same transaction as the change (by the API's writes and by imports alike) and
-- never rewritten (the triggers below refuse updates and deletes). `seq` is the cursor of
-- `GET /v1/changes`: rows are only ever appended, so max(seq) + 1 never reuses a number.
CREATE TABLE changes (
    seq         INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    resource    TEXT NOT NULL CHECK (resource IN ('topic', 'section', 'guideline', 'glossary')),
    -- topic slug, "topic-slug#section-key", or guideline id
    resource_id TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('created', 'updated', 'deleted', 'translation', 'glossary')),
    -- the locale of a `translation` change
    locale      TEXT,
    -- the name of the token that made the change (NULL: no token, or an import from the command line)
    token       TEXT,
    -- the resource's version after the change (the `"V"` every ETag of the resource starts with); NULL once deleted
    etag        TEXT
);

CREATE TRIGGER changes_are_never_updated BEFORE UPDATE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;
CREATE TRIGGER changes_are_never_deleted BEFORE DELETE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;

-- Sections become resources of their own (GET/PUT/PATCH/DELETE), with the fields that make a version.
ALTER TABLE sections ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sections ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
ALTER TABLE sections ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE sections SET created_at = (SELECT t.created_at FROM topics t WHERE t.id = sections.topic_id),
                    updated_at = (SELECT t.updated_at FROM topics t WHERE t.id = sections.topic_id);
ALTER TABLE section_texts ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE section_texts SET updated_at = (SELECT s.updated_at FROM sections s WHERE s.id = section_texts.section_id);

-- `source_revision`: on a source-locale row, the revision of that source text (1, then one more
-- for every change of it); on a translation, the source revision it was made from. A translation
-- is current while the two are equal, outdated after the source changed. Rows written before
-- this migration keep NULL and are judged by `source_hash` as before, until their source next
-- changes (the write then records which revision they translate).
ALTER TABLE guideline_texts ADD COLUMN source_revision INTEGER;
ALTER TABLE topic_texts ADD COLUMN source_revision INTEGER;
ALTER TABLE section_texts ADD COLUMN source_revision INTEGER;
UPDATE guideline_texts SET source_revision = 1 WHERE locale IN (SELECT code FROM locales WHERE is_source = 1);
UPDATE topic_texts SET source_revision = 1 WHERE locale IN (SELECT code FROM locales WHERE is_source = 1);
-- Section titles kept no source hash: every existing title counts as made from revision 1.
UPDATE section_texts SET source_revision = 1;
