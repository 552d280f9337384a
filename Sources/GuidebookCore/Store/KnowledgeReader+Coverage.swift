internal import SQLite

extension KnowledgeReader {
    /// The translation coverage of every locale but the source, over the guidelines (of one topic
    /// when `topic` is given; `StoreError.notFound` for an unknown one): how many translations are
    /// in each state (`WorkflowState`), overall and per topic. Read from the counts kept per topic
    /// (`CoverageCounts`), so its cost grows with the topics, not the guidelines.
    public func translationCoverage(topic: String? = nil) throws -> [TranslationCoverage] {
        let locales = try locales().filter { !$0.isSource }
        let topics = try topicsInOrder(only: topic)
        // Each topic's place in the order, by row id: an array when the ids are dense (they are,
        // unless most topics were deleted), a dictionary otherwise.
        let largestID = topics.reduce(Int64(0)) { max($0, $1.id) }
        let dense = largestID < 4 * Int64(topics.count) + 1_024
        var placeByID = dense ? [Int32](repeating: -1, count: Int(largestID) + 1) : []
        var place: [Int64: Int] = [:]
        if !dense { place.reserveCapacity(topics.count) }
        for (index, (id, _)) in topics.enumerated() {
            if dense { placeByID[Int(id)] = Int32(index) } else { place[id] = index }
        }
        func placeOf(_ id: Int64) -> Int? {
            guard dense else { return place[id] }
            guard id >= 0, id < placeByID.count, placeByID[Int(id)] >= 0 else { return nil }
            return Int(placeByID[Int(id)])
        }
        let localeCount = locales.count
        // One flat array: topic-major, one slot per locale; totals apart.
        var counts = Array(repeating: TranslationCoverage.Counts(), count: topics.count * localeCount)
        var totals = Array(repeating: 0, count: topics.count)
        func add(topic index: Int, locale: String, state: String, n: Int) {
            if locale.isEmpty { return totals[index] = n }
            guard let localeIndex = locales.firstIndex(where: { $0.code == locale }), let state = WorkflowState(rawValue: state) else { return }
            counts[index * localeCount + localeIndex][state] += n
        }
        let counter = CoverageCounts(database: database)
        let stale = Set(try counter.staleTopics())
        // The locale and the state come as numbers (SQL's CASE over the few there are): 40,000 rows
        // at 1M guidelines, read without a string made per row. A locale of -2 is the topic's total.
        let states = WorkflowState.allCases
        var values: [SQLValue] = locales.map { .text($0.code) } + states.map { .text($0.rawValue) }
        let localeCase = locales.indices.map { "WHEN ?\($0 + 1) THEN \($0)" }.joined(separator: " ")
        let stateCase = states.indices.map { "WHEN ?\(localeCount + $0 + 1) THEN \($0)" }.joined(separator: " ")
        var stored = """
            SELECT topic_id, CASE locale WHEN '' THEN -2 \(localeCase) ELSE -1 END,
                   CASE state \(stateCase) ELSE -1 END, n FROM coverage_counts
            """
        if topic != nil {
            values.append(.integer(topics[0].0))
            stored += " WHERE topic_id = ?\(values.count)"
        }
        try database.forEachRow(stored, values) { row in
            let id = row.int64(0)
            guard let index = placeOf(id), !stale.contains(id) else { return }
            let localeIndex = row.int(1), stateIndex = row.int(2)
            if localeIndex == -2 { return totals[index] = row.int(3) }
            guard localeIndex >= 0, stateIndex >= 0 else { return }
            counts[index * localeCount + localeIndex][states[stateIndex]] += row.int(3)
        }
        // Topics a writer outside the store left stale (the counts of those the store wrote are
        // settled before each commit): counted here.
        for id in stale {
            guard let index = placeOf(id) else { continue }
            let topicCounts = try counter.count(topic: id)
            totals[index] = topicCounts.total
            for (locale, states) in topicCounts.byLocale {
                for (state, n) in states { add(topic: index, locale: locale, state: state, n: n) }
            }
        }
        return locales.enumerated().map { localeIndex, locale in
            var overall = TranslationCoverage.Counts()
            var perTopic: [(slug: String, counts: TranslationCoverage.Counts)] = []
            perTopic.reserveCapacity(topics.count)
            for (index, (_, slug)) in topics.enumerated() {
                var topicCounts = counts[index * localeCount + localeIndex]
                topicCounts.missing = max(0, totals[index] - topicCounts.current - topicCounts.outdated)
                overall += topicCounts
                perTopic.append((slug, topicCounts))
            }
            return TranslationCoverage(locale: locale, overall: overall, topics: perTopic)
        }
    }

    /// Every topic's row id and slug in display order (the topic list's: category position, then
    /// topic position and id), or only the topic `slug` (`StoreError.notFound` when there is none).
    func topicsInOrder(only slug: String?) throws -> [(id: Int64, slug: String)] {
        if let slug {
            let topics = try database.rows("SELECT id, slug FROM topics WHERE slug = ?1", [.text(slug)]) { (id: $0.int64(0), slug: $0.text(1)) }
            if topics.isEmpty { throw StoreError.notFound(kind: "topic", id: slug) }
            return topics
        }
        // One join ordered by category and topic position sorts every topic in a temporary B-tree
        // (a third of the coverage call at 1M). The categories are few: read them in order, then each
        // one's topics through `topics_by_category`, which holds them by position and id already.
        // Categories that share a position are read together so their topics interleave by position
        // exactly as in the join.
        let categories = try database.rows("SELECT id, position FROM categories ORDER BY position, id") { (id: $0.int64(0), position: $0.int64(1)) }
        var topics: [(id: Int64, slug: String)] = []
        var start = 0
        while start < categories.count {
            var end = start + 1
            while end < categories.count, categories[end].position == categories[start].position { end += 1 }
            let ids = categories[start..<end].map { SQLValue.integer($0.id) }
            let placeholders = (1...ids.count).map { "?\($0)" }.joined(separator: ", ")
            try database.forEachRow("SELECT id, slug FROM topics WHERE category_id IN (\(placeholders)) ORDER BY position, id", ids) { row in
                topics.append((id: row.int64(0), slug: row.text(1)))
            }
            start = end
        }
        return topics
    }

    /// A page of guidelines whose translation into `locale` is in one of `states`, in creation
    /// order, optionally within one topic (`StoreError.notFound` for an unknown one) and only those
    /// with an open comment thread on the translation or its English (`openComments`).
    public func translationWork(locale: String, states: Set<WorkflowState>, topic: String?, openComments: Bool = false,
                                after: [Int64]?, limit: Int) throws -> Page<TranslationWork> {
        var sql = """
            SELECT g.id, g.key, tp.slug, s.text, s.source_revision, t.text, t.source_revision, t.review_state,
                   EXISTS (SELECT 1 FROM comment_threads c WHERE c.guideline_id = g.id AND c.locale IN (?1, ?2) AND c.resolved_at IS NULL)
            FROM guidelines g JOIN topics tp ON tp.id = g.topic_id
            JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = ?1
            LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = ?2
            WHERE g.id > ?3
            """
        var conditions: [String] = []
        for state in WorkflowState.allCases where states.contains(state) {
            switch state {
            case .missing: conditions.append("t.guideline_id IS NULL")
            case .outdated: conditions.append("(t.guideline_id IS NOT NULL AND t.source_revision IS NOT s.source_revision)")
            case .draft, .translated, .approved:
                conditions.append("(t.source_revision = s.source_revision AND t.review_state = '\(state.rawValue)')")
            }
        }
        sql += conditions.isEmpty ? " AND 0" : " AND (" + conditions.joined(separator: " OR ") + ")"
        var values: [SQLValue] = [.text(SourceLocale.code), .text(locale), .integer(after?.first ?? 0)]
        if let topic {
            guard let topicID = try database.scalarInt("SELECT id FROM topics WHERE slug = ?", [.text(topic)]) else {
                throw StoreError.notFound(kind: "topic", id: topic)
            }
            sql += " AND g.topic_id = ?4"
            values.append(.int(topicID))
        }
        if openComments {
            // Driven by the open threads (few), not by every guideline.
            sql += """
                 AND g.id IN (SELECT c.guideline_id FROM comment_threads c
                              WHERE c.guideline_id IS NOT NULL AND c.resolved_at IS NULL AND c.locale IN (?1, ?2))
                """
        }
        values.append(.int(limit + 1))
        sql += " ORDER BY g.id LIMIT ?\(values.count)"
        var items: [TranslationWork] = []
        try database.forEachRow(sql, values) { row in
            let sourceRevision = row.optionalInt(4) ?? 1
            let missing = row.isNull(5)
            let state: TranslationState = missing ? .missing : (row.optionalInt(6) == sourceRevision ? .current : .outdated)
            items.append(TranslationWork(guideline: row.text(1), topic: row.text(2), state: state, review: missing ? nil : ReviewState(rawValue: row.text(7)),
                                         sourceText: row.text(3), sourceRevision: sourceRevision, text: row.optionalText(5),
                                         translatedRevision: row.optionalInt(6), sortKey: [row.int64(0)], hasOpenComments: row.int(8) == 1))
        }
        let page = Array(items.prefix(limit))
        return Page(items: page, nextAfter: items.count > limit ? page.last?.sortKey : nil)
    }
}
