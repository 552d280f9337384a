-- Approvals over the quality checks' errors (docs/checks.md, "The approval gate"): a reviewer may
-- approve a translation the checks find an `error` in only with a reason, which is recorded three
-- times: as the approved version's note (its history), in the change log's entry of the approval
-- (`changes.note`), and here, beside the translation's findings, while that approval stands.
--
-- One row per translation (a guideline's text, a topic's title and summary, a section's title):
-- the approval it is in now. The gate replaces it at every approval; the triggers below delete it
-- once the translation leaves `approved` or is deleted (with its record, by the cascade).
CREATE TABLE approval_overrides (
    resource  TEXT NOT NULL CHECK (resource IN ('topic', 'section', 'guideline')),
    record_id INTEGER NOT NULL,
    locale    TEXT NOT NULL,
    reason    TEXT NOT NULL,
    -- The checks whose errors were overridden, comma-separated (`placeholders,particles`).
    checks    TEXT NOT NULL,
    token     TEXT,
    at        TEXT NOT NULL,
    PRIMARY KEY (resource, record_id, locale)
) WITHOUT ROWID;

CREATE TRIGGER guideline_texts_unapproved_override AFTER UPDATE OF review_state ON guideline_texts WHEN new.review_state <> 'approved' BEGIN
    DELETE FROM approval_overrides WHERE resource = 'guideline' AND record_id = new.guideline_id AND locale = new.locale;
END;
CREATE TRIGGER guideline_texts_deleted_override AFTER DELETE ON guideline_texts BEGIN
    DELETE FROM approval_overrides WHERE resource = 'guideline' AND record_id = old.guideline_id AND locale = old.locale;
END;
CREATE TRIGGER topic_texts_unapproved_override AFTER UPDATE OF review_state ON topic_texts WHEN new.review_state <> 'approved' BEGIN
    DELETE FROM approval_overrides WHERE resource = 'topic' AND record_id = new.topic_id AND locale = new.locale;
END;
CREATE TRIGGER topic_texts_deleted_override AFTER DELETE ON topic_texts BEGIN
    DELETE FROM approval_overrides WHERE resource = 'topic' AND record_id = old.topic_id AND locale = old.locale;
END;
CREATE TRIGGER section_texts_unapproved_override AFTER UPDATE OF review_state ON section_texts WHEN new.review_state <> 'approved' BEGIN
    DELETE FROM approval_overrides WHERE resource = 'section' AND record_id = new.section_id AND locale = new.locale;
END;
CREATE TRIGGER section_texts_deleted_override AFTER DELETE ON section_texts BEGIN
    DELETE FROM approval_overrides WHERE resource = 'section' AND record_id = old.section_id AND locale = old.locale;
END;

-- The change log's entries carry a note: an approval over the checks' errors has its reason.
ALTER TABLE changes ADD COLUMN note TEXT;
