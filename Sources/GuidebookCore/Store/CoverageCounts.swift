internal import SQLite

/// The translation coverage kept per topic (`coverage_counts`, Migrations/0012): for each topic,
/// its guidelines with an English text and, per locale, its translations in each state. Triggers
/// mark a topic stale (`coverage_stale`) whenever something its counts depend on changes, whoever
/// writes (a large write through the store takes the two insert triggers out and marks the
/// topics it writes itself: `CoverageTriggers`); `refreshStale` counts those topics again (every
/// write through the store, before it commits: `CoverageObserver`), and `counts` counts a topic
/// still stale itself, so what it returns is always what a full count would give.
struct CoverageCounts {
    let database: Database

    /// One topic's counts: guidelines with an English text, and per locale the translations by state.
    struct TopicCounts {
        var total = 0
        /// By locale code, by state (`draft`, `translated`, `approved`, `outdated`).
        var byLocale: [String: [String: Int]] = [:]
    }

    /// Counts the guidelines of topic `id` from the text tables.
    ///
    /// One range of `guideline_texts` a guideline (its locales are adjacent in the table's key),
    /// each translation matched with its source's revision here: joining the table to itself cost
    /// two B-tree seeks a guideline, and an import counts every topic it writes.
    func count(topic id: Int64) throws -> TopicCounts {
        var sourceRevisions: [Int64: Int?] = [:]  // by guideline: its English text's revision
        var translations: [(guideline: Int64, locale: String, sourceRevision: Int?, review: String)] = []
        try database.forEachRow("""
            SELECT t.guideline_id, t.locale, t.source_revision, t.review_state
            FROM guidelines g JOIN guideline_texts t ON t.guideline_id = g.id WHERE g.topic_id = ?1
            """, [.integer(id)]) { row in
            if row.text(1) == SourceLocale.code {
                sourceRevisions[row.int64(0)] = row.optionalInt(2)
            } else {
                translations.append((row.int64(0), row.text(1), row.optionalInt(2), row.text(3)))
            }
        }
        var counts = TopicCounts(total: sourceRevisions.count)
        for translation in translations {
            // A translation of a guideline with no English text is not counted.
            guard let sourceRevision = sourceRevisions[translation.guideline] else { continue }
            // Both revisions nil (texts of older binaries) is a match, as SQL's IS has it.
            let state = translation.sourceRevision == sourceRevision ? translation.review : "outdated"
            counts.byLocale[translation.locale, default: [:]][state, default: 0] += 1
        }
        return counts
    }

    /// True when the database keeps the counts (its schema has them).
    func isKept() throws -> Bool {
        try database.hasTable("coverage_stale")
    }

    /// The topics whose stored counts are stale.
    func staleTopics() throws -> [Int64] {
        try database.rows("SELECT topic_id FROM coverage_stale ORDER BY topic_id") { $0.int64(0) }
    }

    /// Counts every stale topic again and stores its counts (inside a write transaction).
    func refreshStale() throws {
        let stale = try staleTopics()
        guard !stale.isEmpty else { return }
        for topic in stale {
            let counts = try count(topic: topic)
            try database.run("DELETE FROM coverage_counts WHERE topic_id = ?1", [.integer(topic)])
            // A topic deleted in this transaction has nothing left to count (and no row to refer to).
            guard try database.scalarInt("SELECT 1 FROM topics WHERE id = ?1", [.integer(topic)]) != nil else { continue }
            try database.run("INSERT INTO coverage_counts (topic_id, locale, state, n) VALUES (?1, '', 'total', ?2)", [.integer(topic), .int(counts.total)])
            for (locale, states) in counts.byLocale {
                for (state, n) in states {
                    try database.run("INSERT INTO coverage_counts (topic_id, locale, state, n) VALUES (?1, ?2, ?3, ?4)",
                                     [.integer(topic), .text(locale), .text(state), .int(n)])
                }
            }
        }
        try database.run("DELETE FROM coverage_stale")
    }
}
