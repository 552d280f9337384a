-- Every id the API hands out is never handed out again, even after a delete. These tables had
-- `INTEGER PRIMARY KEY` without AUTOINCREMENT, so SQLite gave a new row max(rowid) + 1: delete a
-- guideline whose comment thread was the newest, and the next thread on another guideline got
-- the same id, so the old link `/v1/comment-threads/{id}` (in `comment.created` events too, and
-- in clients' caches) answered with another guideline's thread (found by fuzzing). Each table
-- whose id is in a URL or a payload and whose rows can be deleted is made again with
-- AUTOINCREMENT, which keeps the highest id ever given in `sqlite_sequence`:
--   comment_threads     /v1/comment-threads/{thread}, `id` and `href` of comment.created
--   comments            `id` in a thread, `comment` of comment.created
--   suggestions         …/suggestions/{suggestion}
--   glossary_terms      /v1/glossary/{id}
--   webhook_deliveries  `id` in /v1/webhooks/{id}/deliveries
--   translation_findings `id` of every finding in the checks' lists
-- Not rebuilt: `changes` (its seq is the feed's cursor, but triggers refuse every delete),
-- `memory_origins` (nothing deletes one), tokens (addressed by name), text_versions (by their
-- version number), memory_units and webhook_attempts (ids never shown); webhooks, webhook events
-- and jobs have random text ids.
--
-- Each table is made again as 0022 did (its rows copied with their ids, then its indexes made
-- again as the current schema has them), but the migration runs inside the runner's transaction
-- with `foreign_keys` ON, where it cannot be turned off, and dropping a table that a foreign key
-- refers to deletes its rows first, cascading into the referring table. So the tables that refer
-- to one (comments, suggestion_votes, glossary_translations, glossary_forbidden, webhook_attempts)
-- are kept in temporary tables, dropped before it and made again after it with the same SQL,
-- their rows and their indexes. No table refers to those, and they have no triggers.
PRAGMA legacy_alter_table = ON;

-- comment_threads (with comments)
CREATE TABLE comment_threads_rebuilt (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO comment_threads_rebuilt (id, guideline_id, topic_id, section_id, locale, created_by, created_at, resolved_by, resolved_at) SELECT id, guideline_id, topic_id, section_id, locale, created_by, created_at, resolved_by, resolved_at FROM comment_threads;
CREATE TEMP TABLE saved_comments AS SELECT * FROM comments;
DROP TABLE comments;
DROP TABLE comment_threads;
ALTER TABLE comment_threads_rebuilt RENAME TO comment_threads;
CREATE INDEX comment_threads_of_guideline ON comment_threads (guideline_id, locale) WHERE guideline_id IS NOT NULL;
CREATE INDEX comment_threads_of_topic ON comment_threads (topic_id, locale) WHERE topic_id IS NOT NULL;
CREATE INDEX comment_threads_of_section ON comment_threads (section_id, locale) WHERE section_id IS NOT NULL;
CREATE INDEX comment_threads_open ON comment_threads (guideline_id, locale) WHERE guideline_id IS NOT NULL AND resolved_at IS NULL;
CREATE TABLE comments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id  INTEGER NOT NULL REFERENCES comment_threads(id) ON DELETE CASCADE,
    author     TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
INSERT INTO comments (id, thread_id, author, body, created_at) SELECT id, thread_id, author, body, created_at FROM temp.saved_comments;
DROP TABLE temp.saved_comments;
CREATE INDEX comments_of_thread ON comments (thread_id, id);

-- suggestions (with suggestion_votes)
CREATE TABLE suggestions_rebuilt (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO suggestions_rebuilt (id, guideline_id, topic_id, section_id, locale, text, summary, source_revision, author, created_at, state, decided_by, decided_at) SELECT id, guideline_id, topic_id, section_id, locale, text, summary, source_revision, author, created_at, state, decided_by, decided_at FROM suggestions;
CREATE TEMP TABLE saved_suggestion_votes AS SELECT * FROM suggestion_votes;
DROP TABLE suggestion_votes;
DROP TABLE suggestions;
ALTER TABLE suggestions_rebuilt RENAME TO suggestions;
CREATE INDEX suggestions_of_guideline ON suggestions (guideline_id, locale) WHERE guideline_id IS NOT NULL;
CREATE INDEX suggestions_of_topic ON suggestions (topic_id, locale) WHERE topic_id IS NOT NULL;
CREATE INDEX suggestions_of_section ON suggestions (section_id, locale) WHERE section_id IS NOT NULL;
CREATE TABLE suggestion_votes (
    suggestion_id INTEGER NOT NULL REFERENCES suggestions(id) ON DELETE CASCADE,
    voter         TEXT NOT NULL,
    value         INTEGER NOT NULL CHECK (value IN (-1, 1)),
    voted_at      TEXT NOT NULL,
    PRIMARY KEY (suggestion_id, voter)
) WITHOUT ROWID;
INSERT INTO suggestion_votes (suggestion_id, voter, value, voted_at) SELECT suggestion_id, voter, value, voted_at FROM temp.saved_suggestion_votes;
DROP TABLE temp.saved_suggestion_votes;

-- glossary_terms (with glossary_translations, glossary_forbidden)
CREATE TABLE glossary_terms_rebuilt (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    source_term TEXT NOT NULL UNIQUE,
    note        TEXT
);
INSERT INTO glossary_terms_rebuilt (id, source_term, note) SELECT id, source_term, note FROM glossary_terms;
CREATE TEMP TABLE saved_glossary_translations AS SELECT * FROM glossary_translations;
CREATE TEMP TABLE saved_glossary_forbidden AS SELECT * FROM glossary_forbidden;
DROP TABLE glossary_translations;
DROP TABLE glossary_forbidden;
DROP TABLE glossary_terms;
ALTER TABLE glossary_terms_rebuilt RENAME TO glossary_terms;
CREATE TABLE glossary_translations (
    term_id INTEGER NOT NULL REFERENCES glossary_terms(id) ON DELETE CASCADE,
    locale  TEXT NOT NULL REFERENCES locales(code),
    term    TEXT NOT NULL,
    PRIMARY KEY (term_id, locale)
) WITHOUT ROWID;
INSERT INTO glossary_translations (term_id, locale, term) SELECT term_id, locale, term FROM temp.saved_glossary_translations;
DROP TABLE temp.saved_glossary_translations;
CREATE TABLE glossary_forbidden (
    term_id INTEGER NOT NULL REFERENCES glossary_terms(id) ON DELETE CASCADE,
    locale  TEXT NOT NULL REFERENCES locales(code),
    variant TEXT NOT NULL CHECK (length(variant) BETWEEN 1 AND 200),
    PRIMARY KEY (term_id, locale, variant)
) WITHOUT ROWID;
INSERT INTO glossary_forbidden (term_id, locale, variant) SELECT term_id, locale, variant FROM temp.saved_glossary_forbidden;
DROP TABLE temp.saved_glossary_forbidden;

-- webhook_deliveries (with webhook_attempts)
CREATE TABLE webhook_deliveries_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
INSERT INTO webhook_deliveries_rebuilt (id, event_id, webhook_id, state, attempts, next_attempt_at, created_at) SELECT id, event_id, webhook_id, state, attempts, next_attempt_at, created_at FROM webhook_deliveries;
CREATE TEMP TABLE saved_webhook_attempts AS SELECT * FROM webhook_attempts;
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_rebuilt RENAME TO webhook_deliveries;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);
CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at INTEGER NOT NULL,
    status INTEGER,                       -- the HTTP status, NULL when no answer came
    latency_ms INTEGER NOT NULL,
    error TEXT                            -- why it failed (refused address, timeout, status), NULL on success
) STRICT;
INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status, latency_ms, error) SELECT id, delivery_id, attempted_at, status, latency_ms, error FROM temp.saved_webhook_attempts;
DROP TABLE temp.saved_webhook_attempts;
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);

-- translation_findings
CREATE TABLE translation_findings_rebuilt (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
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

-- The high-water marks. Copying the rows set each to its table's max(id), but ids handed out and
-- deleted before this migration may have been higher (the newest thread, deleted with its
-- guideline); where the file still says so, the mark is set past them. max() of several
-- arguments is NULL when one is, hence the coalesces.
--   comment threads and comments: the ids in the comment.created events still kept in the
--   outbox; and one change-log entry of kind 'comment' is written per comment (state 'open' for
--   the first of a thread), one request each, so their count bounds every id ever given (an id
--   was at most one more than the number of rows ever inserted before it);
--   suggestions: the ids an accepted suggestion left in the history, and the count of the
--   change-log entries of new suggestions (kind 'suggestion', state 'open'), the same bound;
--   glossary terms: every add, change and delete is in the change log with the term's id.
--   Webhook deliveries and findings leave no trace once deleted: their marks are max(id).
DELETE FROM sqlite_sequence WHERE name IN ('comment_threads', 'comments', 'suggestions', 'glossary_terms', 'webhook_deliveries', 'translation_findings');
CREATE TEMP TABLE announced_comments AS
    SELECT json_extract(c.value, '$.thread') AS thread, json_extract(c.value, '$.comment') AS comment
    FROM webhook_events e, json_each(e.data, '$.comments') c
    WHERE e.type = 'comment.created' AND json_valid(e.data) AND json_type(e.data, '$.comments') = 'array';
INSERT INTO sqlite_sequence (name, seq) VALUES
    ('comment_threads', max(
        coalesce((SELECT max(id) FROM comment_threads), 0),
        coalesce((SELECT max(CAST(thread AS INTEGER)) FROM temp.announced_comments), 0),
        (SELECT count(*) FROM changes WHERE kind = 'comment' AND state = 'open'))),
    ('comments', max(
        coalesce((SELECT max(id) FROM comments), 0),
        coalesce((SELECT max(CAST(comment AS INTEGER)) FROM temp.announced_comments), 0),
        (SELECT count(*) FROM changes WHERE kind = 'comment'))),
    ('suggestions', max(
        coalesce((SELECT max(id) FROM suggestions), 0),
        coalesce((SELECT max(CAST(note AS INTEGER)) FROM text_versions WHERE action = 'suggestion'), 0),
        (SELECT count(*) FROM changes WHERE kind = 'suggestion' AND state = 'open'))),
    ('glossary_terms', max(
        coalesce((SELECT max(id) FROM glossary_terms), 0),
        coalesce((SELECT max(CAST(resource_id AS INTEGER)) FROM changes WHERE resource = 'glossary'), 0))),
    ('webhook_deliveries', coalesce((SELECT max(id) FROM webhook_deliveries), 0)),
    ('translation_findings', coalesce((SELECT max(id) FROM translation_findings), 0));
DROP TABLE temp.announced_comments;
PRAGMA legacy_alter_table = OFF;
