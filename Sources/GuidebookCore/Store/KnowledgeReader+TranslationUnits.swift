internal import SQLite

extension KnowledgeReader {
    /// Every translatable text in topic order, with its translation into `locale` and its state,
    /// for the translators' files: optionally one topic (`StoreError.notFound` for an unknown one)
    /// and only the units in `states` (nil: all). Glossary terms are matched with the glossary
    /// checker's rule (English word stems). Four queries however large the base is.
    public func translationExport(locale: String, topic: String?, states: Set<WorkflowState>?) throws -> TranslationExport {
        let topics = try topicsInOrder(only: topic)
        // With a topic, each query keeps its rows (by its own topic column) and binds the topic as ?3.
        func onlyTopic(_ column: String) -> String { topic == nil ? "" : " AND \(column) = ?3" }
        let languages: [SQLValue] = [.text(SourceLocale.code), .text(locale)] + (topic == nil ? [] : [.integer(topics[0].0)])
        let checker = GlossaryChecker(terms: try GlossaryTable(database: database).terms())

        // Per topic, each unit with where it sorts: the topic's own texts first (section position
        // -1), then by section, its title before its guidelines (rank 0, then 1).
        var units: [Int64: [(section: Int, rank: Int, unit: TranslationUnit)]] = [:]
        var titles: [Int64: String] = [:]
        func add(_ place: UnitPlace, _ unit: TranslationUnit) {
            guard !unit.source.isEmpty, states?.contains(unit.workflowState) ?? true else { return }
            var unit = unit
            unit.terms = checker.terms(in: unit.source).map { .init(source: $0.source, target: $0.term[locale], note: $0.note) }
            units[place.topicID, default: []].append((place.section, place.rank, unit))
        }

        try forEachTopicUnit(condition: "1" + onlyTopic("s.topic_id"), languages) { place, unit in
            if unit.field == .topicTitle { titles[place.topicID] = unit.source }
            add(place, unit)
        }
        try forEachSectionUnit(condition: "1" + onlyTopic("se.topic_id") + " ORDER BY se.topic_id, se.position", languages, add)
        try forEachGuidelineUnit(condition: "1" + onlyTopic("g.topic_id") + " ORDER BY g.topic_id, se.position, g.position, g.id", languages, add)
        let groups = topics.compactMap { topicID, slug -> TranslationUnitGroup? in
            // A stable sort: within a section, the guidelines keep the query's position order.
            let ordered = (units[topicID] ?? []).enumerated().sorted {
                ($0.element.section, $0.element.rank, $0.offset) < ($1.element.section, $1.element.rank, $1.offset)
            }.map(\.element.unit)
            guard !ordered.isEmpty else { return nil }
            return TranslationUnitGroup(topic: slug, title: titles[topicID] ?? slug, units: ordered)
        }
        return TranslationExport(locale: locale, cursor: try latestChangeSeq(), groups: groups)
    }

    /// One unit with its translation into `locale` and its state (no glossary terms); nil when
    /// the knowledge base has no such text. The translation import looks each offered unit up here.
    public func translationUnit(_ id: TranslationUnitID, locale: String) throws -> TranslationUnit? {
        let languages: [SQLValue] = [.text(SourceLocale.code), .text(locale)]
        var found: TranslationUnit?
        switch id {
        case .guideline(let key):
            try forEachGuidelineUnit(condition: "g.key = ?3", languages + [.text(key)]) { found = $1 }
        case .topicTitle(let slug), .topicSummary(let slug):
            try forEachTopicUnit(condition: "tp.slug = ?3", languages + [.text(slug)]) { _, unit in
                if unit.field == id.field { found = unit }
            }
        case .sectionTitle(let slug, let key):
            try forEachSectionUnit(condition: "tp.slug = ?3 AND se.key = ?4", languages + [.text(slug), .text(key)]) { found = $1 }
        }
        return found
    }

    /// Where a unit sorts in an export: its topic, its section's position (-1: the topic's own
    /// texts) and its rank in the section (0: the title, 1: a guideline).
    private struct UnitPlace {
        var topicID: Int64
        var section: Int
        var rank: Int
    }

    // Each query binds the source locale as ?1 and the translation locale as ?2; `condition` ends
    // its WHERE clause (and may add an ORDER BY) with its own values from ?3 on.

    private func forEachTopicUnit(condition: String, _ values: [SQLValue], _ body: (UnitPlace, TranslationUnit) throws -> Void) throws {
        try database.forEachRow("""
            SELECT s.topic_id, tp.slug, s.title, s.summary, s.source_revision, x.title, x.summary, x.source_revision, x.source_hash, x.review_state
            FROM topic_texts s JOIN topics tp ON tp.id = s.topic_id
            LEFT JOIN topic_texts x ON x.topic_id = s.topic_id AND x.locale = ?2
            WHERE s.locale = ?1 AND
            """ + " " + condition, values) { row in
            let slug = row.text(1), revision = row.optionalInt(4) ?? 1
            let hasTranslation = !row.isNull(5)
            let state = TranslationState.of(madeFrom: row.optionalInt(7), sourceRevision: revision, legacyHash: row.optionalText(8),
                                            sourceHash: ContentHash.hex(row.text(2) + "\n" + row.text(3)))
            for (id, source, target) in [(TranslationUnitID.topicTitle(slug), row.text(2), row.optionalText(5)), (.topicSummary(slug), row.text(3), row.optionalText(6))] {
                let translated = hasTranslation && !(target ?? "").isEmpty
                try body(UnitPlace(topicID: row.int64(0), section: -1, rank: 0),
                         TranslationUnit(id, source: source, target: translated ? target : nil, state: translated ? state : .missing,
                                         sourceRevision: revision, translatedRevision: translated ? row.optionalInt(7) : nil,
                                         review: translated ? Self.review(row, 9) : nil))
            }
        }
    }

    private func forEachSectionUnit(condition: String, _ values: [SQLValue], _ body: (UnitPlace, TranslationUnit) throws -> Void) throws {
        try database.forEachRow("""
            SELECT se.topic_id, tp.slug, se.key, s.title, s.source_revision, x.title, x.source_revision, se.position, x.review_state
            FROM sections se JOIN topics tp ON tp.id = se.topic_id
            JOIN section_texts s ON s.section_id = se.id AND s.locale = ?1
            LEFT JOIN section_texts x ON x.section_id = se.id AND x.locale = ?2
            WHERE
            """ + " " + condition, values) { row in
            let revision = row.optionalInt(4) ?? 1
            let target = row.isNull(5) || row.isEmptyText(5) ? nil : row.text(5)
            let state: TranslationState = target == nil ? .missing : .of(madeFrom: row.optionalInt(6), sourceRevision: revision, legacyHash: nil, sourceHash: "")
            try body(UnitPlace(topicID: row.int64(0), section: row.int(7), rank: 0),
                     TranslationUnit(.sectionTitle(topic: row.text(1), key: row.text(2)), source: row.text(3), target: target, state: state,
                                     sourceRevision: revision, translatedRevision: target == nil ? nil : row.optionalInt(6),
                                     review: target == nil ? nil : Self.review(row, 8)))
        }
    }

    private func forEachGuidelineUnit(condition: String, _ values: [SQLValue], _ body: (UnitPlace, TranslationUnit) throws -> Void) throws {
        try database.forEachRow("""
            SELECT g.topic_id, g.key, se.position, s.text, s.source_revision, x.text, x.source_revision, x.source_hash, x.review_state
            FROM guidelines g JOIN sections se ON se.id = g.section_id
            JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = ?1
            LEFT JOIN guideline_texts x ON x.guideline_id = g.id AND x.locale = ?2
            WHERE
            """ + " " + condition, values) { row in
            let revision = row.optionalInt(4) ?? 1
            let target = row.isNull(5) ? nil : row.text(5)
            let state: TranslationState = target == nil ? .missing : .of(madeFrom: row.optionalInt(6), sourceRevision: revision,
                                                                         legacyHash: row.optionalText(7), sourceHash: ContentHash.hex(row.text(3)))
            try body(UnitPlace(topicID: row.int64(0), section: row.int(2), rank: 1),
                     TranslationUnit(.guideline(row.text(1)), source: row.text(3), target: target, state: state,
                                     sourceRevision: revision, translatedRevision: target == nil ? nil : row.optionalInt(6),
                                     review: target == nil ? nil : Self.review(row, 8)))
        }
    }

    /// The review state in `column` of `row` (a stored value SQLite's CHECK keeps to the three).
    static func review(_ row: Statement, _ column: Int) -> ReviewState? {
        row.isNull(column) ? nil : ReviewState(rawValue: row.text(column))
    }
}
