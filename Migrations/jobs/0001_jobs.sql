-- Jobs live in their own database file beside the knowledge base, so recording a job's progress
-- never waits for the import transaction that holds the knowledge base's write lock.
CREATE TABLE jobs (
    id                 TEXT PRIMARY KEY,
    seq                INTEGER NOT NULL UNIQUE,
    kind               TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'canceled')),
    phase              TEXT NOT NULL,
    message            TEXT NOT NULL,
    progress_completed INTEGER NOT NULL DEFAULT 0,
    progress_total     INTEGER,
    progress_unit      TEXT NOT NULL,
    params             TEXT NOT NULL,
    result             TEXT,
    error              TEXT,
    revision           INTEGER NOT NULL DEFAULT 1,
    created_at         TEXT NOT NULL,
    started_at         TEXT,
    updated_at         TEXT NOT NULL,
    finished_at        TEXT
);
CREATE INDEX jobs_by_status ON jobs (status, seq);
