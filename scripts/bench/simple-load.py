#!/usr/bin/env python3
"""The peer's kind of reference: a one-transaction Python bulk load of an NDJSON knowledge base
into a simpler schema than Guidebook's (one text column per language, no Korean bigram columns,
no suggestion vocabulary, no change log). It shows what those parts of our schema cost; it is not
the engine limit of our schema (guidebook-bench reference-load is).

usage: simple-load.py NDJSON FRESH.sqlite [--rows-only]
--rows-only: the same rows without the full-text index (what the index alone costs is the
difference; make bench's floor of the realistic import uses it)
prints, tab-separated: simple-load, seconds, guidelines, guidelines/s, peak RSS (kB), CPU seconds
"""
import json
import resource
import sqlite3
import sys
import time

SCHEMA = """
PRAGMA journal_mode = WAL;
CREATE TABLE topics (id INTEGER PRIMARY KEY, slug TEXT UNIQUE NOT NULL, category TEXT NOT NULL,
                     title_en TEXT, title_ko TEXT, summary_en TEXT, summary_ko TEXT);
CREATE TABLE guidelines (id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, topic_id INTEGER NOT NULL REFERENCES topics(id),
                         section TEXT NOT NULL, position INTEGER NOT NULL, text_en TEXT, text_ko TEXT);
CREATE INDEX guidelines_by_topic ON guidelines (topic_id, position);
CREATE VIRTUAL TABLE search USING fts5(title, body, tokenize = 'porter unicode61 remove_diacritics 2');
"""


def main(source, target, rows_only):
    db = sqlite3.connect(target, isolation_level=None)
    db.executescript(SCHEMA)
    db.execute("PRAGMA synchronous = NORMAL")
    started, cpu_started = time.monotonic(), time.process_time()
    db.execute("BEGIN")
    topics, guidelines = [], []
    with open(source, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)
            if record.get("kind") != "topic":
                continue
            topic_id = len(topics) + 1
            title, summary = record.get("title", {}), record.get("summary", {})
            topics.append((topic_id, record["slug"], record["category"], title.get("en"), title.get("ko"),
                           summary.get("en"), summary.get("ko")))
            for section in record.get("sections", []):
                for position, guideline in enumerate(section.get("guidelines", [])):
                    text = guideline.get("text", {})
                    guidelines.append((len(guidelines) + 1, guideline["id"], topic_id, section["key"], position,
                                       text.get("en"), text.get("ko")))
    db.executemany("INSERT INTO topics VALUES (?, ?, ?, ?, ?, ?, ?)", topics)
    db.executemany("INSERT INTO guidelines VALUES (?, ?, ?, ?, ?, ?, ?)", guidelines)
    if not rows_only:
        db.execute("""INSERT INTO search (rowid, title, body)
                      SELECT g.id, t.title_en || ' ' || coalesce(t.title_ko, ''), coalesce(g.text_en, '') || ' ' || coalesce(g.text_ko, '')
                      FROM guidelines g JOIN topics t ON t.id = g.topic_id""")
    db.execute("COMMIT")
    db.close()
    seconds = time.monotonic() - started
    cpu = time.process_time() - cpu_started
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print("\t".join(["simple-load", "%.3f" % seconds, str(len(guidelines)), "%.0f" % (len(guidelines) / seconds), str(rss), "%.3f" % cpu]))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    rows_only = "--rows-only" in arguments
    arguments = [a for a in arguments if a != "--rows-only"]
    if len(arguments) != 2:
        sys.exit(__doc__)
    main(arguments[0], arguments[1], rows_only)
