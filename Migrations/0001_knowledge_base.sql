-- The knowledge base: locales, categories, topics, sections and guidelines.
-- Text lives in *_texts tables keyed by locale, so a new locale is a row in `locales`, not a column.

CREATE TABLE locales (
    code      TEXT PRIMARY KEY CHECK (length(code) BETWEEN 2 AND 35),
    name      TEXT NOT NULL,
    is_source INTEGER NOT NULL DEFAULT 0 CHECK (is_source IN (0, 1)),
    position  INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO locales (code, name, is_source, position) VALUES
    ('en', 'English', 1, 0),
    ('ko', '한국어', 0, 1);

CREATE TABLE categories (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
);

CREATE TABLE category_texts (
    category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    locale      TEXT NOT NULL REFERENCES locales(code),
    title       TEXT NOT NULL,
    PRIMARY KEY (category_id, locale)
) WITHOUT ROWID;

CREATE TABLE topics (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES categories(id),
    position    INTEGER NOT NULL,
    revision    INTEGER NOT NULL DEFAULT 1,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX topics_by_category ON topics (category_id, position);

-- `source_hash` records which source-locale text a translation was made from, so a later change
-- of the English text can mark the translation outdated.
CREATE TABLE topic_texts (
    topic_id    INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    locale      TEXT NOT NULL REFERENCES locales(code),
    title       TEXT NOT NULL,
    summary     TEXT NOT NULL DEFAULT '',
    source_hash TEXT,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (topic_id, locale)
) WITHOUT ROWID;

CREATE TABLE sections (
    id       INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    key      TEXT NOT NULL,
    position INTEGER NOT NULL,
    UNIQUE (topic_id, key)
);

CREATE TABLE section_texts (
    section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
    locale     TEXT NOT NULL REFERENCES locales(code),
    title      TEXT NOT NULL,
    PRIMARY KEY (section_id, locale)
) WITHOUT ROWID;

CREATE TABLE guidelines (
    id         INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    topic_id   INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    revision   INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX guidelines_by_topic ON guidelines (topic_id, position);
CREATE INDEX guidelines_by_section ON guidelines (section_id);

CREATE TABLE guideline_texts (
    guideline_id INTEGER NOT NULL REFERENCES guidelines(id) ON DELETE CASCADE,
    locale       TEXT NOT NULL REFERENCES locales(code),
    text         TEXT NOT NULL,
    source_hash  TEXT,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (guideline_id, locale)
) WITHOUT ROWID;

CREATE TABLE glossary_terms (
    id          INTEGER PRIMARY KEY,
    source_term TEXT NOT NULL UNIQUE,
    note        TEXT
);

CREATE TABLE glossary_translations (
    term_id INTEGER NOT NULL REFERENCES glossary_terms(id) ON DELETE CASCADE,
    locale  TEXT NOT NULL REFERENCES locales(code),
    term    TEXT NOT NULL,
    PRIMARY KEY (term_id, locale)
) WITHOUT ROWID;

-- Facts about this database file (for example when the seed was loaded).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
