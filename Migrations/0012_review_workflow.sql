-- A translation team's workflow (docs/review.md): review states, the reviewer role, every version
-- of every text, suggestions with votes, comment threads, coverage kept per topic, and webhooks
-- filtered by topic.

-- The reviewer role, between editor and admin (SQLite cannot change a CHECK in place: the table
-- is made again with the same rows).
CREATE TABLE tokens_with_reviewers (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
    role         TEXT NOT NULL CHECK (role IN ('reader', 'editor', 'reviewer', 'admin')),
    digest       BLOB NOT NULL UNIQUE CHECK (length(digest) = 32),
    created_at   TEXT NOT NULL,
    last_used_at TEXT
);
INSERT INTO tokens_with_reviewers (id, name, role, digest, created_at, last_used_at)
    SELECT id, name, role, digest, created_at, last_used_at FROM tokens;
DROP TABLE tokens;
ALTER TABLE tokens_with_reviewers RENAME TO tokens;

-- Every text row (the English source and each translation) is the current version of its text:
--   review_state  a translation's workflow state: 'draft' (needs editing), 'translated' (waiting
--                 for review) or 'approved'. Whether it is outdated is not stored: it is outdated
--                 while its source_revision is not its source's (an approved one too). Translations
--                 written before this migration are 'translated'. Unused on source rows.
--   version       1, then one more for every change of the text or its state (on a source row it
--                 equals source_revision); earlier versions are in text_versions.
--   changed_by    the name of the token that made this version (NULL: an import from the command
--                 line, or written before this migration).
--   action        how this version came about: NULL (written), 'approved', 'unapproved',
--                 'reverted' (note: the version it restores), 'suggestion' (note: the suggestion's
--                 id), 'deleted' (only in text_versions: the translation was removed).
--   note          what the action needs to be understood: the reason given when a reviewer
--                 approved over a quality check's error, the version a revert restored.
ALTER TABLE guideline_texts ADD COLUMN review_state TEXT NOT NULL DEFAULT 'translated'
    CHECK (review_state IN ('draft', 'translated', 'approved'));
ALTER TABLE guideline_texts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guideline_texts ADD COLUMN changed_by TEXT;
ALTER TABLE guideline_texts ADD COLUMN action TEXT;
ALTER TABLE guideline_texts ADD COLUMN note TEXT;
ALTER TABLE topic_texts ADD COLUMN review_state TEXT NOT NULL DEFAULT 'translated'
    CHECK (review_state IN ('draft', 'translated', 'approved'));
ALTER TABLE topic_texts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE topic_texts ADD COLUMN changed_by TEXT;
ALTER TABLE topic_texts ADD COLUMN action TEXT;
ALTER TABLE topic_texts ADD COLUMN note TEXT;
ALTER TABLE section_texts ADD COLUMN review_state TEXT NOT NULL DEFAULT 'translated'
    CHECK (review_state IN ('draft', 'translated', 'approved'));
ALTER TABLE section_texts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE section_texts ADD COLUMN changed_by TEXT;
ALTER TABLE section_texts ADD COLUMN action TEXT;
ALTER TABLE section_texts ADD COLUMN note TEXT;
-- A source text's version is its revision (the history of an English text starts at the revision it has now).
UPDATE guideline_texts SET version = source_revision WHERE source_revision > 1 AND locale IN (SELECT code FROM locales WHERE is_source = 1);
UPDATE topic_texts SET version = source_revision WHERE source_revision > 1 AND locale IN (SELECT code FROM locales WHERE is_source = 1);
UPDATE section_texts SET version = source_revision WHERE source_revision > 1 AND locale IN (SELECT code FROM locales WHERE is_source = 1);

-- The versions a text had before its current one (`GET .../history`), copied from the text row
-- when it changes (`TextRows`), so a text written once costs nothing here. One owner per row;
-- deleting the owner deletes its history. `text` NULL with action 'deleted': the translation was
-- removed in that version. A topic's version has its title in `text` and its summary in `summary`.
CREATE TABLE text_versions (
    id              INTEGER PRIMARY KEY,
    guideline_id    INTEGER REFERENCES guidelines(id) ON DELETE CASCADE,
    topic_id        INTEGER REFERENCES topics(id) ON DELETE CASCADE,
    section_id      INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    locale          TEXT NOT NULL,
    version         INTEGER NOT NULL,
    text            TEXT,
    summary         TEXT,
    review_state    TEXT CHECK (review_state IN ('draft', 'translated', 'approved')),
    source_revision INTEGER,
    changed_by      TEXT,
    changed_at      TEXT NOT NULL,
    action          TEXT,
    note            TEXT,
    CHECK ((guideline_id IS NOT NULL) + (topic_id IS NOT NULL) + (section_id IS NOT NULL) = 1)
);
CREATE UNIQUE INDEX text_versions_of_guideline ON text_versions (guideline_id, locale, version) WHERE guideline_id IS NOT NULL;
CREATE UNIQUE INDEX text_versions_of_topic ON text_versions (topic_id, locale, version) WHERE topic_id IS NOT NULL;
CREATE UNIQUE INDEX text_versions_of_section ON text_versions (section_id, locale, version) WHERE section_id IS NOT NULL;

-- Suggestions: a text anyone with a token proposes for a translation, made for one English
-- revision; editors and reviewers vote on it and accept it (it becomes the translation, in state
-- 'translated') or reject it.
CREATE TABLE suggestions (
    id              INTEGER PRIMARY KEY,
    guideline_id    INTEGER REFERENCES guidelines(id) ON DELETE CASCADE,
    topic_id        INTEGER REFERENCES topics(id) ON DELETE CASCADE,
    section_id      INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    locale          TEXT NOT NULL REFERENCES locales(code),
    text            TEXT NOT NULL,
    summary         TEXT,
    source_revision INTEGER NOT NULL,
    author          TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'rejected')),
    decided_by      TEXT,
    decided_at      TEXT,
    CHECK ((guideline_id IS NOT NULL) + (topic_id IS NOT NULL) + (section_id IS NOT NULL) = 1)
);
CREATE INDEX suggestions_of_guideline ON suggestions (guideline_id, locale) WHERE guideline_id IS NOT NULL;
CREATE INDEX suggestions_of_topic ON suggestions (topic_id, locale) WHERE topic_id IS NOT NULL;
CREATE INDEX suggestions_of_section ON suggestions (section_id, locale) WHERE section_id IS NOT NULL;

-- One vote per token and suggestion (+1 or -1; voting again replaces it).
CREATE TABLE suggestion_votes (
    suggestion_id INTEGER NOT NULL REFERENCES suggestions(id) ON DELETE CASCADE,
    voter         TEXT NOT NULL,
    value         INTEGER NOT NULL CHECK (value IN (-1, 1)),
    voted_at      TEXT NOT NULL,
    PRIMARY KEY (suggestion_id, voter)
) WITHOUT ROWID;

-- Comment threads on a text: its English source (locale 'en') or one translation. A thread is open
-- until resolved; it can be reopened. Comments are Markdown as written; they are rendered with
-- every text escaped (`CommentMarkdown`).
CREATE TABLE comment_threads (
    id           INTEGER PRIMARY KEY,
    guideline_id INTEGER REFERENCES guidelines(id) ON DELETE CASCADE,
    topic_id     INTEGER REFERENCES topics(id) ON DELETE CASCADE,
    section_id   INTEGER REFERENCES sections(id) ON DELETE CASCADE,
    locale       TEXT NOT NULL REFERENCES locales(code),
    created_by   TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    resolved_by  TEXT,
    resolved_at  TEXT,
    CHECK ((guideline_id IS NOT NULL) + (topic_id IS NOT NULL) + (section_id IS NOT NULL) = 1)
);
CREATE INDEX comment_threads_of_guideline ON comment_threads (guideline_id, locale) WHERE guideline_id IS NOT NULL;
CREATE INDEX comment_threads_of_topic ON comment_threads (topic_id, locale) WHERE topic_id IS NOT NULL;
CREATE INDEX comment_threads_of_section ON comment_threads (section_id, locale) WHERE section_id IS NOT NULL;
-- The work list's has_open_comments filter.
CREATE INDEX comment_threads_open ON comment_threads (guideline_id, locale) WHERE guideline_id IS NOT NULL AND resolved_at IS NULL;

CREATE TABLE comments (
    id         INTEGER PRIMARY KEY,
    thread_id  INTEGER NOT NULL REFERENCES comment_threads(id) ON DELETE CASCADE,
    author     TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX comments_of_thread ON comments (thread_id, id);

-- The change log names comments and suggestions, and carries the state a translation is in after
-- a change ('draft', 'translated', 'approved'; 'missing' once deleted) or a suggestion's
-- ('open', 'accepted', 'rejected'), or a thread's ('open', 'resolved'). Made again with the same
-- rows (its CHECKs change), still append-only.
DROP TRIGGER changes_are_never_updated;
DROP TRIGGER changes_are_never_deleted;
CREATE TABLE changes_with_states (
    seq         INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    resource    TEXT NOT NULL CHECK (resource IN ('topic', 'section', 'guideline', 'glossary')),
    resource_id TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('created', 'updated', 'deleted', 'translation', 'glossary', 'comment', 'suggestion')),
    locale      TEXT,
    token       TEXT,
    etag        TEXT,
    state       TEXT
);
INSERT INTO changes_with_states (seq, at, resource, resource_id, kind, locale, token, etag)
    SELECT seq, at, resource, resource_id, kind, locale, token, etag FROM changes;
DROP TABLE changes;
ALTER TABLE changes_with_states RENAME TO changes;
CREATE TRIGGER changes_are_never_updated BEFORE UPDATE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;
CREATE TRIGGER changes_are_never_deleted BEFORE DELETE ON changes BEGIN
    SELECT RAISE(ABORT, 'the change log is append-only');
END;

-- Translation coverage kept per topic, so the coverage of a million guidelines is read, not
-- counted: for each topic, its guidelines with an English text (locale '', state 'total') and,
-- per locale, its guidelines' translations in each state ('draft', 'translated', 'approved',
-- 'outdated'); missing is the rest. The triggers below mark a topic stale whenever something its
-- counts depend on changes, whoever writes; every write through the store counts its stale
-- topics again before it commits (`CoverageObserver`), and a read counts those still stale (left
-- by another writer) itself, so the counts are never wrong.
CREATE TABLE coverage_counts (
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    locale   TEXT NOT NULL,
    state    TEXT NOT NULL,
    n        INTEGER NOT NULL,
    PRIMARY KEY (topic_id, locale, state)
) WITHOUT ROWID;
CREATE TABLE coverage_stale (topic_id INTEGER PRIMARY KEY);

-- (`WHERE NOT EXISTS` rather than `INSERT OR IGNORE`: an outer statement's conflict handling, such as
-- an upsert's, would override the trigger's OR IGNORE.)
CREATE TRIGGER guideline_texts_coverage_insert AFTER INSERT ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT g.topic_id FROM guidelines g WHERE g.id = new.guideline_id
        AND NOT EXISTS (SELECT 1 FROM coverage_stale c WHERE c.topic_id = g.topic_id);
END;
CREATE TRIGGER guideline_texts_coverage_update AFTER UPDATE OF source_revision, review_state, locale, guideline_id ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT DISTINCT g.topic_id FROM guidelines g WHERE g.id IN (old.guideline_id, new.guideline_id)
        AND NOT EXISTS (SELECT 1 FROM coverage_stale c WHERE c.topic_id = g.topic_id);
END;
CREATE TRIGGER guideline_texts_coverage_delete AFTER DELETE ON guideline_texts BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT g.topic_id FROM guidelines g WHERE g.id = old.guideline_id
        AND NOT EXISTS (SELECT 1 FROM coverage_stale c WHERE c.topic_id = g.topic_id);
END;
CREATE TRIGGER guidelines_coverage_insert AFTER INSERT ON guidelines BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT new.topic_id WHERE NOT EXISTS (SELECT 1 FROM coverage_stale WHERE topic_id = new.topic_id);
END;
CREATE TRIGGER guidelines_coverage_move AFTER UPDATE OF topic_id ON guidelines BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT old.topic_id WHERE NOT EXISTS (SELECT 1 FROM coverage_stale WHERE topic_id = old.topic_id);
    INSERT INTO coverage_stale (topic_id) SELECT new.topic_id WHERE NOT EXISTS (SELECT 1 FROM coverage_stale WHERE topic_id = new.topic_id);
END;
CREATE TRIGGER guidelines_coverage_delete AFTER DELETE ON guidelines BEGIN
    INSERT INTO coverage_stale (topic_id) SELECT old.topic_id WHERE NOT EXISTS (SELECT 1 FROM coverage_stale WHERE topic_id = old.topic_id);
END;
-- A deleted topic's counts go with it (the foreign key); nothing is left to count.
CREATE TRIGGER topics_coverage_delete AFTER DELETE ON topics BEGIN
    DELETE FROM coverage_stale WHERE topic_id = old.id;
END;

INSERT INTO coverage_counts (topic_id, locale, state, n)
    SELECT g.topic_id, '', 'total', count(*) FROM guidelines g
    JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale IN (SELECT code FROM locales WHERE is_source = 1)
    GROUP BY g.topic_id;
INSERT INTO coverage_counts (topic_id, locale, state, n)
    SELECT g.topic_id, t.locale, CASE WHEN t.source_revision IS s.source_revision THEN t.review_state ELSE 'outdated' END, count(*)
    FROM guidelines g
    JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale IN (SELECT code FROM locales WHERE is_source = 1)
    JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale <> s.locale
    GROUP BY 1, 2, 3;

-- A webhook may receive only the events of some topics (by slug; an event of other topics is
-- not sent to it, and an event of several topics is cut to its topics). No rows: every topic.
CREATE TABLE webhook_topics (
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    topic      TEXT NOT NULL,
    PRIMARY KEY (webhook_id, topic)
) STRICT, WITHOUT ROWID;
