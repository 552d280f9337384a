-- Forbidden variants of a glossary term, per locale: spellings a translation must not use for the
-- term (진행 표시줄 where the approved equivalent is 진행률 표시줄). The approved equivalents stay
-- in glossary_translations (one per locale), the English term in glossary_terms.
CREATE TABLE glossary_forbidden (
    term_id INTEGER NOT NULL REFERENCES glossary_terms(id) ON DELETE CASCADE,
    locale  TEXT NOT NULL REFERENCES locales(code),
    variant TEXT NOT NULL CHECK (length(variant) BETWEEN 1 AND 200),
    PRIMARY KEY (term_id, locale, variant)
) WITHOUT ROWID;
