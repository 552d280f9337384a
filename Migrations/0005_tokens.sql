-- API tokens: who may read (when reads are not public), edit and administer the knowledge base.
--
-- A token's secret is never stored: `digest` is the SHA-256 of the secret as the client sends it
-- (`gb_` followed by 43 base64url characters, 256 random bits), so a copy of this file cannot be
-- used to sign in. The server keeps the rows in memory and compares digests in constant time.
-- `last_used_at` is written at most once a minute per token (and not at all on a read-only copy).
-- A token is revoked by deleting its row. The admin token given by GUIDEBOOK_ADMIN_TOKEN is not
-- stored here: it lives in the server's configuration.
CREATE TABLE tokens (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
    role         TEXT NOT NULL CHECK (role IN ('reader', 'editor', 'admin')),
    digest       BLOB NOT NULL UNIQUE CHECK (length(digest) = 32),
    created_at   TEXT NOT NULL,
    last_used_at TEXT
);
