-- Quality checks of translations (docs/checks.md): what each check found in each translated field.
--
-- The store writes a translation's findings in the same transaction as any change that can change
-- them (the translation, its English source, the glossary), whoever writes (the API, an import),
-- from `TranslationCheckObserver`; a store opened with other check options (or after this
-- migration) checks every translation once at start (meta `checks_fingerprint`). So they are read,
-- never computed, when listed.
--
-- A finding belongs to a guideline's text, a section's title or a topic's title or summary: the
-- record's id is set (guideline_id, section_id; neither for a topic's), and topic_id always, so one
-- topic's findings and the whole base's are one index range each. Deleting the record deletes its
-- findings (the foreign keys); a guideline moved to another topic takes its findings along (trigger).
CREATE TABLE translation_findings (
    id           INTEGER PRIMARY KEY,
    topic_id     INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    section_id   INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    guideline_id INTEGER REFERENCES guidelines(id) ON DELETE CASCADE,
    locale       TEXT NOT NULL,
    field        TEXT NOT NULL CHECK (field IN ('text', 'title', 'summary')),
    check_name   TEXT NOT NULL,
    severity     TEXT NOT NULL CHECK (severity IN ('error', 'warning')),
    message      TEXT NOT NULL,
    found        TEXT,
    fix          TEXT,
    at_offset    INTEGER,
    corrected    TEXT
);
-- Few indexes, as every one is written with every finding: a record's findings (and the foreign
-- keys' deletes), a topic's in order, and the errors (few) in order. The whole base's list is read
-- in rowid order; the section index holds only sections' findings (a partial index serves
-- `section_id = ?`).
CREATE INDEX translation_findings_by_guideline ON translation_findings (guideline_id, locale);
CREATE INDEX translation_findings_by_section ON translation_findings (section_id, locale) WHERE section_id IS NOT NULL;
CREATE INDEX translation_findings_by_topic ON translation_findings (topic_id, locale, id);
CREATE INDEX translation_findings_errors ON translation_findings (locale, id) WHERE severity = 'error';

-- The findings counted by topic, locale and check (topic_id 0: the whole knowledge base), kept by
-- the triggers below, so the counts a listing shows cost a few rows however many findings there are.
CREATE TABLE translation_finding_counts (
    topic_id   INTEGER NOT NULL,
    locale     TEXT NOT NULL,
    check_name TEXT NOT NULL,
    count      INTEGER NOT NULL,
    PRIMARY KEY (topic_id, locale, check_name)
) WITHOUT ROWID;

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
CREATE TRIGGER guidelines_move_findings AFTER UPDATE OF topic_id ON guidelines WHEN new.topic_id <> old.topic_id BEGIN
    UPDATE translation_findings SET topic_id = new.topic_id WHERE guideline_id = new.id;
END;
