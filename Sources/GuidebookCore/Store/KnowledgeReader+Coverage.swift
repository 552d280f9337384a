internal import SQLite

extension KnowledgeReader {
    /// The translation coverage of every locale but the source, over the guidelines: current
    /// (made from the source's current revision), outdated (made from an older one) and missing.
    public func translationCoverage() throws -> [TranslationCoverage] {
        let locales = try locales().filter { !$0.isSource }
        let topics = try database.rows("""
            SELECT t.id, t.slug FROM topics t JOIN categories c ON c.id = t.category_id ORDER BY c.position, t.position, t.id
            """) { ($0.int64(0), $0.text(1)) }
        var counts: [String: [Int64: TranslationCoverage.Counts]] = [:]
        try database.forEachRow("""
            SELECT g.topic_id, l.code, count(*),
                   sum(t.guideline_id IS NOT NULL AND t.source_revision = s.source_revision),
                   sum(t.guideline_id IS NOT NULL AND t.source_revision IS NOT s.source_revision)
            FROM guidelines g
            JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = ?1
            JOIN locales l ON l.is_source = 0
            LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = l.code
            GROUP BY g.topic_id, l.code
            """, [.text(SourceLocale.code)]) { row in
            let total = row.int(2), current = row.int(3), outdated = row.int(4)
            counts[row.text(1), default: [:]][row.int64(0)] = .init(current: current, outdated: outdated, missing: total - current - outdated)
        }
        return locales.map { locale in
            var overall = TranslationCoverage.Counts()
            var perTopic: [(slug: String, counts: TranslationCoverage.Counts)] = []
            for (id, slug) in topics {
                let topicCounts = counts[locale.code]?[id] ?? .init()
                overall += topicCounts
                perTopic.append((slug, topicCounts))
            }
            return TranslationCoverage(locale: locale, overall: overall, topics: perTopic)
        }
    }

    /// A page of guidelines whose translation into `locale` is in `state`, in creation order,
    /// optionally within one topic (`StoreError.notFound` for an unknown one).
    public func translationWork(locale: String, state: TranslationState, topic: String?, after: [Int64]?, limit: Int) throws -> Page<TranslationWork> {
        var sql = """
            SELECT g.id, g.key, tp.slug, s.text, s.source_revision, t.text, t.source_revision
            FROM guidelines g JOIN topics tp ON tp.id = g.topic_id
            JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = ?1
            LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = ?2
            WHERE g.id > ?3 AND
            """
        switch state {
        case .missing: sql += " t.guideline_id IS NULL"
        case .outdated: sql += " t.guideline_id IS NOT NULL AND t.source_revision IS NOT s.source_revision"
        case .current: sql += " t.source_revision = s.source_revision"
        }
        var values: [SQLValue] = [.text(SourceLocale.code), .text(locale), .integer(after?.first ?? 0)]
        if let topic {
            guard let topicID = try database.scalarInt("SELECT id FROM topics WHERE slug = ?", [.text(topic)]) else {
                throw StoreError.notFound(kind: "topic", id: topic)
            }
            sql += " AND g.topic_id = ?4"
            values.append(.int(topicID))
        }
        sql += " ORDER BY g.id LIMIT \(limit + 1)"
        let rows = try database.rows(sql, values) { row in
            TranslationWork(guideline: row.text(1), topic: row.text(2), state: state, sourceText: row.text(3), sourceRevision: row.optionalInt(4) ?? 1,
                            text: row.optionalText(5), translatedRevision: row.optionalInt(6), sortKey: [row.int64(0)])
        }
        let items = Array(rows.prefix(limit))
        return Page(items: items, nextAfter: rows.count > limit ? items.last?.sortKey : nil)
    }
}
