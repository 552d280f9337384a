internal import SQLite

/// Writes bundles into the knowledge base on the single writer connection.
///
/// `Store.write` hands one to its body inside a transaction, so that an import is all or nothing
/// and readers never see half of it.
public final class KnowledgeWriter {
    /// The writer connection (inside the store only: SQLite does not show above it).
    let database: Database
    private let now: String

    /// `timestamp` is recorded as the change time of everything this writer touches.
    init(database: Database, timestamp: String = Timestamp.now()) {
        self.database = database
        self.now = timestamp
    }

    /// Applies a whole bundle: locales, categories, topics, glossary. Validates first.
    /// `afterTopic` is called after each topic with the number of guidelines it held; throwing from it aborts.
    @discardableResult
    public func apply(_ bundle: KnowledgeBundle, mode: ImportMode = .merge, afterTopic: (Int) throws -> Void = { _ in }) throws -> ImportCounts {
        precondition(database.isInTransaction, "KnowledgeWriter must run inside a transaction")
        try BundleValidator.validate(bundle)
        for locale in bundle.locales { try upsertLocale(locale) }
        for category in bundle.categories { try upsertCategory(category) }
        var counts = ImportCounts()
        for topic in bundle.topics {
            counts += try upsertTopic(topic, mode: mode)
            try afterTopic(topic.sections.reduce(0) { $0 + $1.guidelines.count })
        }
        for entry in bundle.glossary { try upsertGlossaryEntry(entry) }
        return counts
    }

    // MARK: Reads that writing depends on

    /// Every topic by its English title, with its slug and category: an import of notes reuses
    /// them for the topics it recognizes. Read inside the transaction, so it matches what is written.
    public func existingTopics() throws -> [ExistingTopic] {
        try database.rows("""
            SELECT tt.title, t.slug, c.slug FROM topic_texts tt JOIN topics t ON t.id = tt.topic_id
            JOIN categories c ON c.id = t.category_id WHERE tt.locale = ?1
            """, [.text(SourceLocale.code)]) {
            ExistingTopic(title: $0.text(0), slug: $0.text(1), category: $0.text(2))
        }
    }

    // MARK: Locales, categories, glossary

    /// Adds a locale or renames it. A new locale is data: no schema change.
    public func upsertLocale(_ locale: BundleLocale) throws {
        try BundleValidator.validate(locale, at: "locale")
        try database.run("""
            INSERT INTO locales (code, name, is_source, position)
            VALUES (?1, ?2, 0, (SELECT coalesce(max(position), -1) + 1 FROM locales))
            ON CONFLICT (code) DO UPDATE SET name = excluded.name WHERE name IS NOT excluded.name
            """, [.text(locale.code), .text(locale.name)])
    }

    /// Adds a category or updates its titles.
    public func upsertCategory(_ category: BundleCategory) throws {
        try BundleValidator.validate(category, at: "category")
        try database.run("""
            INSERT INTO categories (slug, position) VALUES (?1, (SELECT coalesce(max(position), -1) + 1 FROM categories))
            ON CONFLICT (slug) DO NOTHING
            """, [.text(category.slug)])
        guard let id = try database.scalarInt("SELECT id FROM categories WHERE slug = ?", [.text(category.slug)]) else {
            throw StoreError.corrupt("category \(category.slug) vanished during its upsert")
        }
        for (locale, title) in category.title.sorted(by: { $0.key < $1.key }) {
            try requireLocale(locale, field: "category \(category.slug).title")
            try database.run("""
                INSERT INTO category_texts (category_id, locale, title) VALUES (?, ?, ?)
                ON CONFLICT (category_id, locale) DO UPDATE SET title = excluded.title
                """, [.int(id), .text(locale), .text(title)])
        }
    }

    /// Adds a glossary entry or updates its translations.
    public func upsertGlossaryEntry(_ entry: BundleGlossaryEntry) throws {
        guard let source = entry.term[SourceLocale.code] else { return }
        try database.run("""
            INSERT INTO glossary_terms (source_term, note) VALUES (?1, ?2)
            ON CONFLICT (source_term) DO UPDATE SET note = excluded.note
            """, [.text(source), .optionalText(entry.note)])
        guard let id = try database.scalarInt("SELECT id FROM glossary_terms WHERE source_term = ?", [.text(source)]) else {
            throw StoreError.corrupt("glossary term vanished during its upsert")
        }
        for (locale, term) in entry.term where locale != SourceLocale.code {
            try requireLocale(locale, field: "glossary term '\(source)'")
            try database.run("""
                INSERT INTO glossary_translations (term_id, locale, term) VALUES (?, ?, ?)
                ON CONFLICT (term_id, locale) DO UPDATE SET term = excluded.term
                """, [.int(id), .text(locale), .text(term)])
        }
    }

    // MARK: Topics

    /// Adds or updates one topic with its sections and guidelines.
    public func upsertTopic(_ topic: BundleTopic, mode: ImportMode) throws -> ImportCounts {
        try BundleValidator.validate(topic, at: "topic \(topic.slug)")
        guard let categoryID = try database.scalarInt("SELECT id FROM categories WHERE slug = ?", [.text(topic.category)]) else {
            throw StoreError.invalid(field: "topic \(topic.slug).category", reason: "no category '\(topic.category)' (declare it in the bundle's categories)")
        }
        var counts = ImportCounts()
        let topicID: Int
        var topicOutcome: WriteOutcome
        if let existing = try database.firstRow("SELECT id, category_id FROM topics WHERE slug = ?", [.text(topic.slug)], { ($0.int(0), $0.int(1)) }) {
            topicID = existing.0
            topicOutcome = .unchanged
            if existing.1 != categoryID {
                try database.run("UPDATE topics SET category_id = ? WHERE id = ?", [.int(categoryID), .int(topicID)])
                topicOutcome = .updated
            }
        } else {
            try database.run("""
                INSERT INTO topics (slug, category_id, position, created_at, updated_at)
                VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM topics WHERE category_id = ?2), ?3, ?3)
                """, [.text(topic.slug), .int(categoryID), .text(now)])
            topicID = Int(database.lastInsertRowID)
            topicOutcome = .created
        }

        // Topic texts: title and summary per locale; translations remember the source they came from.
        let sourceHash = ContentHash.hex((topic.title[SourceLocale.code] ?? "") + "\n" + (topic.summary[SourceLocale.code] ?? ""))
        let locales = Set(topic.title.keys).union(topic.summary.keys).sorted()
        for locale in locales {
            try requireLocale(locale, field: "topic \(topic.slug)")
            // An empty string stands for "not translated" (the column is NOT NULL); readers skip it.
            let title = topic.title[locale] ?? ""
            let summary = topic.summary[locale] ?? ""
            let outcome = try upsertTopicText(topicID: topicID, locale: locale, title: title, summary: summary,
                                              sourceHash: locale == SourceLocale.code ? nil : sourceHash)
            topicOutcome = topicOutcome.merged(with: outcome)
        }

        var keptSections: [Int] = []
        var keptGuidelines: [Int] = []
        for (position, section) in topic.sections.enumerated() {
            let sectionID = try upsertSection(section, topicID: topicID, position: position)
            keptSections.append(sectionID)
            for (guidelinePosition, guideline) in section.guidelines.enumerated() {
                let (id, outcome, translations) = try upsertGuideline(guideline, topicID: topicID, sectionID: sectionID, position: guidelinePosition)
                keptGuidelines.append(id)
                counts.guidelines.record(outcome)
                counts.translations += translations
            }
        }
        if mode == .replace {
            let removed = try removeAbsent(topicID: topicID, keepingSections: keptSections, keepingGuidelines: keptGuidelines)
            if removed > 0 { topicOutcome = topicOutcome.merged(with: .updated) }
        }
        if topicOutcome == .updated {
            try database.run("UPDATE topics SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(topicID)])
        }
        counts.topics.record(topicOutcome)
        // The search index follows in the same transaction; an unchanged topic needs no work.
        if topicOutcome != .unchanged || counts.guidelines.created + counts.guidelines.updated + counts.translations.created + counts.translations.updated > 0 {
            try SearchIndexer(database: database).indexTopic(id: Int64(topicID), isNew: topicOutcome == .created)
        }
        return counts
    }

    private func upsertTopicText(topicID: Int, locale: String, title: String, summary: String, sourceHash: String?) throws -> WriteOutcome {
        let existing = try database.firstRow("SELECT title, summary, source_hash FROM topic_texts WHERE topic_id = ? AND locale = ?",
                                             [.int(topicID), .text(locale)]) { ($0.text(0), $0.text(1), $0.optionalText(2)) }
        if let existing, existing.0 == title, existing.1 == summary { return .unchanged }
        try database.run("""
            INSERT INTO topic_texts (topic_id, locale, title, summary, source_hash, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (topic_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary,
                source_hash = excluded.source_hash, updated_at = excluded.updated_at
            """, [.int(topicID), .text(locale), .text(title), .text(summary), .optionalText(sourceHash), .text(now)])
        return existing == nil ? .created : .updated
    }

    private func upsertSection(_ section: BundleSection, topicID: Int, position: Int) throws -> Int {
        try database.run("""
            INSERT INTO sections (topic_id, key, position) VALUES (?1, ?2, ?3)
            ON CONFLICT (topic_id, key) DO UPDATE SET position = excluded.position WHERE position IS NOT excluded.position
            """, [.int(topicID), .text(section.key), .int(position)])
        guard let id = try database.scalarInt("SELECT id FROM sections WHERE topic_id = ? AND key = ?", [.int(topicID), .text(section.key)]) else {
            throw StoreError.corrupt("section vanished during its upsert")
        }
        for (locale, title) in section.title.sorted(by: { $0.key < $1.key }) {
            try requireLocale(locale, field: "section \(section.key).title")
            try database.run("""
                INSERT INTO section_texts (section_id, locale, title) VALUES (?, ?, ?)
                ON CONFLICT (section_id, locale) DO UPDATE SET title = excluded.title WHERE title IS NOT excluded.title
                """, [.int(id), .text(locale), .text(title)])
        }
        return id
    }

    private func upsertGuideline(_ guideline: BundleGuideline, topicID: Int, sectionID: Int, position: Int) throws -> (Int, WriteOutcome, ImportCounts.Tally) {
        var outcome: WriteOutcome
        let id: Int
        if let existing = try database.firstRow("SELECT id, topic_id, section_id, position FROM guidelines WHERE key = ?",
                                                [.text(guideline.id)], { ($0.int(0), $0.int(1), $0.int(2), $0.int(3)) }) {
            id = existing.0
            outcome = .unchanged
            if existing.1 != topicID || existing.2 != sectionID || existing.3 != position {
                try database.run("UPDATE guidelines SET topic_id = ?, section_id = ?, position = ? WHERE id = ?",
                                 [.int(topicID), .int(sectionID), .int(position), .int(id)])
                outcome = .updated
            }
        } else {
            try database.run("""
                INSERT INTO guidelines (key, topic_id, section_id, position, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
                """, [.text(guideline.id), .int(topicID), .int(sectionID), .int(position), .text(now)])
            id = Int(database.lastInsertRowID)
            outcome = .created
        }

        var translations = ImportCounts.Tally()
        let sourceText = guideline.text[SourceLocale.code] ?? ""
        let sourceHash = ContentHash.hex(sourceText)
        for (locale, text) in guideline.text.sorted(by: { $0.key < $1.key }) {
            try requireLocale(locale, field: "guideline \(guideline.id).text")
            let isSource = locale == SourceLocale.code
            let textOutcome = try upsertGuidelineText(id: id, locale: locale, text: text, sourceHash: isSource ? nil : sourceHash)
            if !isSource { translations.record(textOutcome) }
            outcome = outcome.merged(with: textOutcome)
        }
        if outcome == .updated {
            try database.run("UPDATE guidelines SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(id)])
        }
        return (id, outcome, translations)
    }

    private func upsertGuidelineText(id: Int, locale: String, text: String, sourceHash: String?) throws -> WriteOutcome {
        let existing = try database.firstRow("SELECT text, source_hash FROM guideline_texts WHERE guideline_id = ? AND locale = ?",
                                             [.int(id), .text(locale)]) { ($0.text(0), $0.optionalText(1)) }
        // A translation whose own text did not change keeps the source it was made from, so a
        // changed source text leaves it outdated rather than silently current.
        if let existing, existing.0 == text { return .unchanged }
        try database.run("""
            INSERT INTO guideline_texts (guideline_id, locale, text, source_hash, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (guideline_id, locale) DO UPDATE SET text = excluded.text, source_hash = excluded.source_hash,
                updated_at = excluded.updated_at
            """, [.int(id), .text(locale), .text(text), .optionalText(sourceHash), .text(now)])
        return existing == nil ? .created : .updated
    }

    /// Deletes the topic's sections and guidelines that a replacing import did not mention.
    private func removeAbsent(topicID: Int, keepingSections: [Int], keepingGuidelines: [Int]) throws -> Int {
        let keptGuidelines = Set(keepingGuidelines)
        let keptSections = Set(keepingSections)
        var removed = 0
        for id in try database.rows("SELECT id FROM guidelines WHERE topic_id = ?", [.int(topicID)], { $0.int(0) }) where !keptGuidelines.contains(id) {
            try database.run("DELETE FROM guidelines WHERE id = ?", [.int(id)])
            removed += 1
        }
        for id in try database.rows("SELECT id FROM sections WHERE topic_id = ?", [.int(topicID)], { $0.int(0) }) where !keptSections.contains(id) {
            try database.run("DELETE FROM sections WHERE id = ?", [.int(id)])
            removed += 1
        }
        return removed
    }

    private func requireLocale(_ code: String, field: String) throws {
        guard try database.scalarInt("SELECT 1 FROM locales WHERE code = ?", [.text(code)]) != nil else {
            throw StoreError.invalid(field: field, reason: "unknown locale '\(code)' (declare it in the bundle's locales)")
        }
    }
}
