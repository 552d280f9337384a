import GuidebookChecks
internal import SQLite

/// The stored findings of the quality checks (`Migrations/0017_translation_findings.sql`): one
/// translation's, a page of one topic's or of the whole knowledge base's, and their counts.
extension KnowledgeReader {
    /// What a list of findings may be narrowed to.
    public struct FindingFilter: Sendable, Equatable {
        public var topic: String?
        public var locale: String?
        public var check: CheckName?
        public var severity: CheckSeverity?

        public init(topic: String? = nil, locale: String? = nil, check: CheckName? = nil, severity: CheckSeverity? = nil) {
            (self.topic, self.locale, self.check, self.severity) = (topic, locale, check, severity)
        }
    }

    /// The findings of a guideline's translation into `locale`; nil when there is no such guideline.
    public func findings(guideline key: String, locale: String) throws -> [TranslationFinding]? {
        guard let id = try database.scalarInt("SELECT id FROM guidelines WHERE key = ?1", [.text(key)]) else { return nil }
        return try findingRows("f.guideline_id = ?1 AND f.locale = ?2", [.int(id), .text(locale)])
    }

    /// The findings of a section's title in `locale`; nil when there is no such section.
    public func findings(topic slug: String, section key: String, locale: String) throws -> [TranslationFinding]? {
        guard let id = try database.scalarInt("SELECT s.id FROM sections s JOIN topics t ON t.id = s.topic_id WHERE t.slug = ?1 AND s.key = ?2",
                                              [.text(slug), .text(key)]) else { return nil }
        return try findingRows("f.section_id = ?1 AND f.guideline_id IS NULL AND f.locale = ?2", [.int(id), .text(locale)])
    }

    /// The findings of a topic's own title and summary in `locale`; nil when there is no such topic.
    public func findings(topic slug: String, locale: String) throws -> [TranslationFinding]? {
        guard let id = try topicID(slug) else { return nil }
        return try findingRows("f.topic_id = ?1 AND f.locale = ?2 AND f.section_id IS NULL AND f.guideline_id IS NULL", [.int(id), .text(locale)])
    }

    /// A page of findings in id order after `after`, narrowed by `filter` (`StoreError.notFound`
    /// for an unknown topic).
    public func findings(_ filter: FindingFilter, after: Int64?, limit: Int) throws -> Page<TranslationFinding> {
        var conditions = ["f.id > ?1"]
        var values: [SQLValue] = [.integer(after ?? 0)]
        if let slug = filter.topic {
            guard let id = try topicID(slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
            values.append(.int(id)); conditions.append("f.topic_id = ?\(values.count)")
        }
        if let locale = filter.locale { values.append(.text(locale)); conditions.append("f.locale = ?\(values.count)") }
        // The check and the severity are written into the statement (their names are the enums'
        // own): the planner then sees `severity = 'error'` and reads the errors' own index.
        if let check = filter.check { conditions.append("f.check_name = '\(check.rawValue)'") }
        if let severity = filter.severity { conditions.append("f.severity = '\(severity.rawValue)'") }
        values.append(.int(limit + 1))
        // One statement per combination of filters (a bounded number, each prepared once).
        var rows = try findingRows(conditions.joined(separator: " AND "), values, limit: "?\(values.count)")
        let more = rows.count > limit
        if more { rows.removeLast() }
        return Page(items: rows, nextAfter: more ? rows.last.map { [$0.id] } : nil)
    }

    /// The findings counted by check, in one topic or the whole knowledge base, in one locale or all
    /// (`StoreError.notFound` for an unknown topic). A few rows, kept by triggers.
    public func findingCounts(topic slug: String? = nil, locale: String? = nil) throws -> FindingCounts {
        var topic = 0
        if let slug {
            guard let id = try topicID(slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
            topic = id
        }
        var counts = FindingCounts()
        try database.forEachRow("""
            SELECT check_name, sum(count) FROM translation_finding_counts WHERE topic_id = ?1 AND (?2 IS NULL OR locale = ?2) AND count > 0
            GROUP BY check_name
            """, [.int(topic), .optionalText(locale)]) { row in
            if let check = CheckName(rawValue: row.text(0)) { counts.byCheck[check] = row.int(1) }
        }
        return counts
    }

    /// The approval over the checks' errors that the translation of `owner` into `locale` is in
    /// now (nil: none, or no such record).
    public func approvalOverride(_ owner: TextOwner, locale: String) throws -> ApprovalOverride? {
        guard let record = try rowID(of: owner) else { return nil }
        return try ApprovalOverrides(database: database).find(owner.resource, record: record, locale: locale)
    }

    private func topicID(_ slug: String) throws -> Int? {
        try database.scalarInt("SELECT id FROM topics WHERE slug = ?1", [.text(slug)])
    }

    /// A finding's corrected text made again from its record's `text` (`FindingsTable` stores none
    /// when this gives it).
    private static func correction(of text: String?, found: String?, fix: String?, offset: Int?) -> String? {
        guard let text, let found, let fix, let offset else { return nil }
        return CheckFinding.text(text, replacing: found, at: offset, with: fix)
    }

    private func findingRows(_ condition: String, _ values: [SQLValue], limit: String? = nil) throws -> [TranslationFinding] {
        try database.rows("""
            SELECT f.id, t.slug, s.key, g.key, f.locale, f.field, f.check_name, f.severity, f.message, f.found, f.fix, f.at_offset, f.corrected,
                   CASE WHEN f.corrected IS NULL AND f.found IS NOT NULL AND f.fix IS NOT NULL AND f.at_offset IS NOT NULL THEN
                       CASE WHEN f.guideline_id IS NOT NULL THEN
                                (SELECT text FROM guideline_texts WHERE guideline_id = f.guideline_id AND locale = f.locale)
                            WHEN f.section_id IS NOT NULL THEN
                                (SELECT title FROM section_texts WHERE section_id = f.section_id AND locale = f.locale)
                            ELSE (SELECT CASE f.field WHEN 'summary' THEN summary ELSE title END FROM topic_texts
                                  WHERE topic_id = f.topic_id AND locale = f.locale) END
                   END
            FROM translation_findings f JOIN topics t ON t.id = f.topic_id
            LEFT JOIN sections s ON s.id = f.section_id LEFT JOIN guidelines g ON g.id = f.guideline_id
            WHERE \(condition) ORDER BY f.id\(limit.map { " LIMIT " + $0 } ?? "")
            """, values) { row in
            let section = row.optionalText(2), guideline = row.optionalText(3)
            let check = CheckName(rawValue: row.text(6)) ?? .unchanged
            return TranslationFinding(id: row.int64(0), resource: guideline != nil ? .guideline : section != nil ? .section : .topic, topic: row.text(1),
                                      section: section, guideline: guideline, locale: row.text(4), field: row.text(5), check: check,
                                      severity: CheckSeverity(rawValue: row.text(7)) ?? check.severity, message: row.text(8), found: row.optionalText(9),
                                      fix: row.optionalText(10), offset: row.optionalInt(11),
                                      correctedText: row.optionalText(12) ?? Self.correction(of: row.optionalText(13), found: row.optionalText(9),
                                                                                            fix: row.optionalText(10), offset: row.optionalInt(11)))
        }
    }
}
