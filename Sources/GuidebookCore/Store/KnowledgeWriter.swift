import GuidebookBase
import GuidebookChecks
import GuidebookText
internal import SQLite

/// Writes bundles into the knowledge base on the single writer connection.
///
/// `Store.write` hands one to its body inside a transaction, so that an import is all or nothing
/// and readers never see half of it. Everything it changes is also noted in the change log and
/// the search index, which the store's observers write out in the same transaction, just before
/// the commit (`TransactionObserver`).
public final class KnowledgeWriter {
    /// The writer connection (inside the store only: SQLite does not show above it).
    let database: Database
    /// The change time of everything this writer touches.
    let now: String
    /// Keeps the search index in step, recording which rows changed.
    let indexer: SearchIndexer
    /// What this transaction changed, for `GET /v1/changes`.
    let changeLog: ChangeLog
    /// The texts and their source revisions.
    let texts: TextRows
    /// While `apply` writes a bundle: every guideline id the bundle names. A replacing topic leaves
    /// these in place (another topic of the bundle takes them) instead of deleting them.
    private var bundleGuidelines: Set<String> = []
    /// Locales found declared in this transaction (`requireLocale`).
    private var declaredLocales: Set<String> = []
    /// Sections a replacing topic dropped while they still held guidelines another topic of the
    /// bundle takes: removed once the whole bundle is written (`apply`).
    private var droppedSections: [(id: Int, key: String)] = []
    /// Webhook events queued in this transaction (its observers are told, so a sender wakes).
    var queuedWebhookEvents = 0
    /// Glossary terms this transaction changed, as they were and as they are: the translations
    /// that use either are checked again before it commits (`TranslationCheckObserver`).
    var changedGlossaryTerms: [GlossaryTerm] = []
    /// Comments written in this transaction (`comment.created`).
    var createdComments: [CreatedComment] = []
    /// Which translations `reader` gives as text (the store's `publication`).
    let publication: TranslationPublication?
    /// The store's quality checks (the approval gate runs them on what it approves).
    let checks: TranslationChecks
    /// Checks the translations of what a large write changed while it goes on.
    private(set) lazy var findingsAhead = FindingsAhead(table: FindingsTable(database: database), checks: checks)
    /// The per-row coverage triggers, taken out for the rest of a large write (`writeTopic`).
    private(set) lazy var coverageTriggers = CoverageTriggers(database: database)
    /// Guidelines and translations the topics written so far created or changed.
    private var guidelinesChanged = 0
    /// The topics written in this transaction as records of one import (`upsertTopic`), those of
    /// them it created, and the guideline ids the others listed (hashed: 8 bytes each, where the
    /// ids would take 40 or more). A topic that takes a guideline one of them listed is refused
    /// (`refuseTakingListed`). A created topic holds only guidelines it listed, so a large import
    /// of new topics keeps no ids.
    private var writtenTopics = Set<Int>()
    private var createdTopics = Set<Int>()
    private var listedByExistingTopics = Set<Int>()

    /// `timestamp` is recorded as the change time of everything this writer touches; `token` names
    /// the token that made the change (nil: none) in the change log and the history of texts.
    init(database: Database, timestamp: String = Timestamp.now(), token: String? = nil, publication: TranslationPublication? = nil,
         checks: TranslationChecks = TranslationChecks(options: CheckOptions())) {
        self.database = database
        self.checks = checks
        self.publication = publication
        self.now = timestamp
        self.indexer = SearchIndexer(database: database, workers: { checks.workers })
        self.changeLog = ChangeLog(at: timestamp, token: token)
        self.texts = TextRows(database: database, now: timestamp, token: token)
    }

    /// Reads on the writer connection, inside the transaction: they see what it wrote so far, as
    /// readers are shown it (the store's `publication`), so an answer written from them is what a
    /// `GET` gives.
    public var reader: KnowledgeReader { KnowledgeReader(database: database, publication: publication) }

    /// `reader` giving every translation as text, drafts included (a translation route's answer).
    public var readerOfEverything: KnowledgeReader { KnowledgeReader(database: database) }

    /// Applies a whole bundle: locales, categories, topics, glossary. Validates first.
    /// `afterTopic` is called after each topic with the number of guidelines it held; throwing from it aborts.
    @discardableResult
    public func apply(_ bundle: KnowledgeBundle, mode: ImportMode = .merge, afterTopic: (Int) throws -> Void = { _ in }) throws -> ImportCounts {
        try apply(try ValidatedBundle(validating: bundle), mode: mode, afterTopic: afterTopic)
    }

    /// Applies a whole bundle that was validated already (so its parts are not checked again):
    /// locales, categories, topics, glossary. `afterTopic` is as for `apply(_:mode:afterTopic:)`.
    @discardableResult
    public func apply(_ validated: ValidatedBundle, mode: ImportMode = .merge, afterTopic: (Int) throws -> Void = { _ in }) throws -> ImportCounts {
        precondition(database.isInTransaction, "KnowledgeWriter must run inside a transaction")
        let bundle = validated.bundle
        for locale in bundle.locales { try writeLocale(locale) }
        for category in bundle.categories { try writeCategory(category) }
        // A guideline may move between topics of the bundle in any order: a replacing topic that
        // no longer lists it must not delete what a later topic takes (see `removeAbsent`).
        bundleGuidelines = Set(bundle.topics.flatMap { $0.sections.flatMap { $0.guidelines.map(\.id) } })
        defer { bundleGuidelines = [] }
        var counts = ImportCounts()
        for topic in bundle.topics {
            counts += try writeTopic(topic, mode: mode)
            try afterTopic(topic.sections.reduce(0) { $0 + $1.guidelines.count })
        }
        try removeDroppedSections()
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
        try writeLocale(locale)
    }

    private func writeLocale(_ locale: BundleLocale) throws {
        try Self.naming("locale \(locale.code)") { try database.run("""
            INSERT INTO locales (code, name, is_source, position)
            VALUES (?1, ?2, 0, (SELECT coalesce(max(position), -1) + 1 FROM locales))
            ON CONFLICT (code) DO UPDATE SET name = excluded.name WHERE name IS NOT excluded.name
            """, [.text(locale.code), .text(locale.name)]) }
    }

    /// Adds a category or updates its titles.
    public func upsertCategory(_ category: BundleCategory) throws {
        try BundleValidator.validate(category, at: "category")
        try writeCategory(category)
    }

    private func writeCategory(_ category: BundleCategory) throws {
        try Self.naming("category \(category.slug)") { try writeCategoryRows(category) }
    }

    private func writeCategoryRows(_ category: BundleCategory) throws {
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

    /// Adds a glossary entry or updates its translations. Its texts are kept as the API keeps a
    /// term's (`GlossaryTermRule`); one the API would refuse is refused here too.
    public func upsertGlossaryEntry(_ entry: BundleGlossaryEntry) throws {
        let entry = try GlossaryTermRule.kept(entry)
        let source = entry.term[SourceLocale.code] ?? ""
        try Self.naming("glossary term '\(source.prefix(80))'") { try writeGlossaryEntry(entry, source: source) }
    }

    private func writeGlossaryEntry(_ entry: BundleGlossaryEntry, source: String) throws {
        let table = GlossaryTable(database: database)
        // The term in any letter case is this one (as the API judges a duplicate): it is updated,
        // keeping its spelling, rather than joined by a second term the checks would match alike.
        let existing = try table.id(ofSource: source)
        let before = try existing.flatMap { try table.terms(ids: [$0]).first }
        let id: Int
        if let existing {
            try database.run("UPDATE glossary_terms SET note = ?2 WHERE id = ?1", [.integer(existing), .optionalText(entry.note)])
            id = Int(existing)
        } else {
            try database.run("INSERT INTO glossary_terms (source_term, note) VALUES (?1, ?2)", [.text(source), .optionalText(entry.note)])
            id = Int(database.lastInsertRowID)
        }
        for (locale, term) in entry.term where locale != SourceLocale.code {
            try requireLocale(locale, field: "glossary term '\(source)'")
            try database.run("""
                INSERT INTO glossary_translations (term_id, locale, term) VALUES (?, ?, ?)
                ON CONFLICT (term_id, locale) DO UPDATE SET term = excluded.term
                """, [.int(id), .text(locale), .text(term)])
        }
        noteGlossaryChange(before: before, after: try table.terms(ids: [Int64(id)]).first)
    }

    /// Notes a glossary term's change (nothing when it stayed the same).
    func noteGlossaryChange(before: GlossaryTerm?, after: GlossaryTerm?) {
        guard before != after else { return }
        changedGlossaryTerms += [before, after].compactMap { $0 }
    }

    // MARK: Topics

    /// Adds or updates one topic with its sections and guidelines.
    ///
    /// `asRecordOfOneImport`: the topic is one record of an import written a record at a time (an
    /// NDJSON file), whose records may not list a guideline twice: one that takes a guideline an
    /// earlier record of the transaction listed is refused (`refuseTakingListed`). Otherwise a
    /// later topic may take a guideline from an earlier one, as successive edits do.
    public func upsertTopic(_ topic: BundleTopic, mode: ImportMode, asRecordOfOneImport: Bool = false) throws -> ImportCounts {
        try BundleValidator.validate(topic, at: "topic \(topic.slug)")
        return try writeTopic(topic, mode: mode, asRecordOfOneImport: asRecordOfOneImport)
    }

    private func writeTopic(_ topic: BundleTopic, mode: ImportMode, asRecordOfOneImport: Bool = false) throws -> ImportCounts {
        if guidelinesChanged >= CoverageTriggers.largeWrite { try coverageTriggers.suspend() }
        let counts = try Self.naming("topic \(topic.slug)") { try writeTopicRows(topic, mode: mode, asRecordOfOneImport: asRecordOfOneImport) }
        guidelinesChanged += counts.guidelinesChanged
        try findingsAhead.advance(self)
        return counts
    }

    private func writeTopicRows(_ topic: BundleTopic, mode: ImportMode, asRecordOfOneImport: Bool) throws -> ImportCounts {
        guard let categoryID = try database.scalarInt("SELECT id FROM categories WHERE slug = ?", [.text(topic.category)]) else {
            throw StoreError.invalid(field: "topic \(topic.slug).category", reason: "no category '\(topic.category)' (declare it in the bundle's categories)")
        }
        var counts = ImportCounts()
        let topicID: Int
        var topicOutcome: WriteOutcome
        var revision = 1
        var createdAt = now
        // The topic's own fields (category, source texts, its set of sections) and its translations.
        var ownChanged = false
        var translated: [String] = []
        if let existing = try database.firstRow("SELECT id, category_id, revision, created_at FROM topics WHERE slug = ?", [.text(topic.slug)], {
            ($0.int(0), $0.int(1), $0.int(2), $0.text(3))
        }) {
            (topicID, revision, createdAt) = (existing.0, existing.2, existing.3)
            topicOutcome = .unchanged
            if existing.1 != categoryID {
                try database.run("UPDATE topics SET category_id = ? WHERE id = ?", [.int(categoryID), .int(topicID)])
                topicOutcome = .updated
                ownChanged = true
            }
        } else {
            try database.run("""
                INSERT INTO topics (slug, category_id, position, created_at, updated_at)
                VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM topics WHERE category_id = ?2), ?3, ?3)
                """, [.text(topic.slug), .int(categoryID), .text(now)])
            topicID = Int(database.lastInsertRowID)
            topicOutcome = .created
            // Logged now, so the topic's entry comes before those of its sections and guidelines.
            changeLog.record(.topic, topic.slug, .created, version: ResourceVersion.of("topic", key: topic.slug, createdAt: now, revision: 1))
        }

        // Topic texts: title and summary per locale, the source locale first; translations
        // remember the source they came from.
        // The fingerprint of the source as stored (TextRows normalizes what it writes).
        let sourceHash = ContentHash.hex(TextNormalization.stored(topic.title[SourceLocale.code] ?? "") + "\n"
                                         + TextNormalization.stored(topic.summary[SourceLocale.code] ?? ""))
        for locale in Self.sourceFirst(Set(topic.title.keys).union(topic.summary.keys)) {
            try requireLocale(locale, field: "topic \(topic.slug)")
            // An empty string stands for "not translated" (the column is NOT NULL); readers skip it.
            let outcome = try texts.putTopicText(topicID: topicID, locale: locale, title: topic.title[locale] ?? "",
                                                 summary: topic.summary[locale] ?? "", sourceHash: sourceHash,
                                                 mark: try Self.mark(topic.review, locale: locale, field: "topic \(topic.slug)"))
            topicOutcome = topicOutcome.merged(with: outcome)
            if outcome != .unchanged {
                if locale == SourceLocale.code { ownChanged = true } else { translated.append(locale) }
            }
        }

        var keptSections: [Int] = []
        var keptGuidelines: [Int] = []
        var listedBySection: [(section: Int, guidelines: [Int])] = []
        var sectionsLeft = Set<Int>()
        var sectionsChanged = false
        // A guideline that moved in from another topic already has rows in the search index.
        var movedIn = false
        let isNewTopic = topicOutcome == .created
        if isNewTopic && asRecordOfOneImport { createdTopics.insert(topicID) }
        for (position, section) in topic.sections.enumerated() {
            let (sectionID, sectionChanged) = try upsertSection(section, topicID: topicID, topicSlug: topic.slug, position: position)
            keptSections.append(sectionID)
            sectionsChanged = sectionsChanged || sectionChanged
            var listed: [Int] = []
            for (guidelinePosition, guideline) in section.guidelines.enumerated() {
                let (id, outcome, translations, moved, leftSection) = try upsertGuideline(guideline, topicID: topicID, sectionID: sectionID,
                                                                                       position: guidelinePosition,
                                                                                       refusingListed: asRecordOfOneImport)
                // After the guideline is taken: the topic's own list must not count against it.
                // A guideline sits in the last topic that listed it, so a holder that took one
                // another topic of the import listed took it by listing it.
                if !isNewTopic && asRecordOfOneImport { listedByExistingTopics.insert(Self.listingHash(guideline.id)) }
                keptGuidelines.append(id)
                listed.append(id)
                if let leftSection { sectionsLeft.insert(leftSection) }
                movedIn = movedIn || moved
                counts.guidelines.record(outcome)
                counts.translations += translations
            }
            listedBySection.append((sectionID, listed))
        }
        if asRecordOfOneImport { writtenTopics.insert(topicID) }
        // The guidelines and texts these rows inserted are all this topic's (one that moved in
        // was moved by an UPDATE, whose trigger marks the topic it left); unchanged ones inserted none.
        if counts.guidelinesChanged > 0 { try coverageTriggers.markWritten(topic: Int64(topicID)) }
        if mode == .replace {
            let removed = try removeAbsent(topicID: topicID, topicSlug: topic.slug, keepingSections: keptSections, keepingGuidelines: keptGuidelines)
            if removed > 0 {
                topicOutcome = topicOutcome.merged(with: .updated)
                ownChanged = true
            }
        }
        // A new topic holds only what it listed, at the positions it listed them.
        if topicOutcome != .created || movedIn {
            if try renumber(listed: keptSections, among: "sections", where: "topic_id", equals: topicID) {
                topicOutcome = topicOutcome.merged(with: .updated)
                ownChanged = true
            }
            for (section, listed) in listedBySection where try renumber(listed: listed, among: "guidelines", where: "section_id", equals: section) {
                topicOutcome = topicOutcome.merged(with: .updated)
                ownChanged = true
            }
        }
        // The sections guidelines moved out of close their gaps (their topics are new versions
        // already: `topicLostGuideline`).
        for section in sectionsLeft where !keptSections.contains(section) {
            _ = try renumber(listed: [], among: "guidelines", where: "section_id", equals: section)
        }
        if topicOutcome == .updated {
            try database.run("UPDATE topics SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(topicID)])
            revision += 1
        }
        let version = ResourceVersion.of("topic", key: topic.slug, createdAt: createdAt, revision: revision)
        if topicOutcome != .created {
            if ownChanged { changeLog.record(.topic, topic.slug, .updated, version: version) }
            for locale in translated { changeLog.record(.topic, topic.slug, .translation, locale: locale, version: version) }
        }
        counts.topics.record(topicOutcome)
        // The search index follows in the same transaction; an unchanged topic needs no work.
        if topicOutcome != .unchanged || sectionsChanged
            || counts.guidelinesChanged > 0 {
            // `isNew` skips deleting rows first: wrong for the rows of a guideline that moved in
            // (their insert would collide with their own old rows).
            try indexer.indexTopic(id: Int64(topicID), isNew: topicOutcome == .created && !movedIn)
        }
        return counts
    }

    /// Adds or updates a section at `position` of its topic; true when anything of it changed.
    private func upsertSection(_ section: BundleSection, topicID: Int, topicSlug: String, position: Int) throws -> (Int, Bool) {
        let id: Int
        var created = false
        var ownChanged = false
        var translated: [String] = []
        var revision = 1
        var createdAt = now
        if let existing = try database.firstRow("SELECT id, position, revision, created_at FROM sections WHERE topic_id = ? AND key = ?",
                                                [.int(topicID), .text(section.key)], { ($0.int(0), $0.int(1), $0.int(2), $0.text(3)) }) {
            (id, revision, createdAt) = (existing.0, existing.2, existing.3)
            if existing.1 != position {
                try database.run("UPDATE sections SET position = ? WHERE id = ?", [.int(position), .int(id)])
                ownChanged = true
            }
        } else {
            try database.run("INSERT INTO sections (topic_id, key, position, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
                             [.int(topicID), .text(section.key), .int(position), .text(now)])
            id = Int(database.lastInsertRowID)
            created = true
        }
        for locale in Self.sourceFirst(Set(section.title.keys)) {
            try requireLocale(locale, field: "section \(section.key).title")
            let outcome = try texts.putSectionTitle(sectionID: id, locale: locale, title: section.title[locale] ?? "", isNew: created,
                                                    mark: try Self.mark(section.review, locale: locale, field: "section \(section.key)"))
            if outcome != .unchanged {
                if locale == SourceLocale.code { ownChanged = true } else { translated.append(locale) }
            }
        }
        let key = topicSlug + "#" + section.key
        if created {
            changeLog.record(.section, key, .created, version: ResourceVersion.of("section", key: key, createdAt: now, revision: 1))
        } else if ownChanged || !translated.isEmpty {
            try database.run("UPDATE sections SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(id)])
            let version = ResourceVersion.of("section", key: key, createdAt: createdAt, revision: revision + 1)
            if ownChanged { changeLog.record(.section, key, .updated, version: version) }
            for locale in translated { changeLog.record(.section, key, .translation, locale: locale, version: version) }
        }
        return (id, created || ownChanged || !translated.isEmpty)
    }

    /// Adds, updates or moves a guideline. `movedIn` is true when it came from another topic;
    /// `leftSection` is the section it left, when it changed section.
    private func upsertGuideline(_ guideline: BundleGuideline, topicID: Int, sectionID: Int, position: Int, refusingListed: Bool)
        throws -> (id: Int, outcome: WriteOutcome, translations: ImportCounts.Tally, movedIn: Bool, leftSection: Int?) {
        var outcome: WriteOutcome
        var movedIn = false
        var leftSection: Int?
        let id: Int
        var revision = 1
        var createdAt = now
        var ownChanged = false
        if let existing = try database.firstRow("SELECT id, topic_id, section_id, position, revision, created_at FROM guidelines WHERE key = ?",
                                                [.text(guideline.id)], { ($0.int(0), $0.int(1), $0.int(2), $0.int(3), $0.int(4), $0.text(5)) }) {
            (id, revision, createdAt) = (existing.0, existing.4, existing.5)
            outcome = .unchanged
            if existing.1 != topicID || existing.2 != sectionID || existing.3 != position {
                if refusingListed && existing.1 != topicID { try refuseTakingListed(guideline.id, from: existing.1) }
                try database.run("UPDATE guidelines SET topic_id = ?, section_id = ?, position = ? WHERE id = ?",
                                 [.int(topicID), .int(sectionID), .int(position), .int(id)])
                outcome = .updated
                ownChanged = true
                if existing.2 != sectionID { leftSection = existing.2 }
                if existing.1 != topicID {
                    movedIn = true
                    try topicLostGuideline(existing.1)
                }
            }
        } else {
            try database.run("""
                INSERT INTO guidelines (key, topic_id, section_id, position, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
                """, [.text(guideline.id), .int(topicID), .int(sectionID), .int(position), .text(now)])
            id = Int(database.lastInsertRowID)
            outcome = .created
        }

        var translations = ImportCounts.Tally()
        var translated: [String] = []
        let sourceHash = ContentHash.hex(TextNormalization.stored(guideline.text[SourceLocale.code] ?? ""))
        for locale in Self.sourceFirst(Set(guideline.text.keys)) {
            try requireLocale(locale, field: "guideline \(guideline.id).text")
            let isSource = locale == SourceLocale.code
            let textOutcome = try texts.putGuidelineText(id: id, locale: locale, text: guideline.text[locale] ?? "", sourceHash: sourceHash,
                                                         isNew: outcome == .created,
                                                         mark: try Self.mark(guideline.review, locale: locale, field: "guideline \(guideline.id)"))
            if !isSource { translations.record(textOutcome) }
            outcome = outcome.merged(with: textOutcome)
            if textOutcome != .unchanged {
                if isSource { ownChanged = true } else { translated.append(locale) }
            }
        }
        if outcome == .created {
            changeLog.record(.guideline, guideline.id, .created, version: ResourceVersion.of("guideline", key: guideline.id, createdAt: now, revision: 1))
        } else if outcome == .updated {
            try database.run("UPDATE guidelines SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(id)])
            let version = ResourceVersion.of("guideline", key: guideline.id, createdAt: createdAt, revision: revision + 1)
            if ownChanged { changeLog.record(.guideline, guideline.id, .updated, version: version) }
            for locale in translated { changeLog.record(.guideline, guideline.id, .translation, locale: locale, version: version) }
        }
        return (id, outcome, translations, movedIn, leftSection)
    }

    /// Refuses to move guideline `id` out of topic `holder` when a topic record written earlier in
    /// this transaction for `holder` listed it: two records of one import would claim it, and the
    /// later would silently take it and replace its text (a bundle is refused for this by
    /// `BundleValidator`; an NDJSON import, written a record at a time, is refused here).
    private func refuseTakingListed(_ id: String, from holder: Int) throws {
        guard writtenTopics.contains(holder),
              createdTopics.contains(holder) || listedByExistingTopics.contains(Self.listingHash(id)) else { return }
        let slug = try database.firstRow("SELECT slug FROM topics WHERE id = ?", [.int(holder)]) { $0.text(0) } ?? "?"
        throw StoreError.invalid(field: "guideline \(id)", reason: "guideline '\(id)' is listed by topic '\(slug)' earlier in this import too")
    }

    private static func listingHash(_ id: String) -> Int {
        var hasher = Hasher()
        hasher.combine(id)
        return hasher.finalize()
    }

    /// Gives the rows of `table` whose `column` is `value` the positions 0, 1, 2… : the `listed`
    /// rows first, in that order, then the others in their earlier order. A topic that an import
    /// merges lists only some of a section's guidelines (or some of its sections), at the
    /// positions of its own list, which the rows it did not list may hold too. True when a
    /// position changed. Nothing is read beyond a count when every row was listed.
    private func renumber(listed: [Int], among table: String, where column: String, equals value: Int) throws -> Bool {
        let count = try database.scalarInt("SELECT count(*) FROM \(table) WHERE \(column) = ?", [.int(value)]) ?? 0
        // Listed rows were written at their list positions, so when they are all the rows, the
        // positions are already 0…n-1.
        if count == listed.count { return false }
        let listedSet = Set(listed)
        let others = try database.rows("SELECT id FROM \(table) WHERE \(column) = ? ORDER BY position, id", [.int(value)]) { $0.int(0) }
        var changed = false
        for (position, id) in (listed + others.filter { !listedSet.contains($0) }).enumerated() {
            try database.run("UPDATE \(table) SET position = ?1 WHERE id = ?2 AND position != ?1", [.int(position), .int(id)])
            changed = changed || database.changes > 0
        }
        return changed
    }

    /// The topic a guideline moved out of is a new version of itself (as in the API's edits), and
    /// the change log names it, so a mirror of its page knows to fetch it again.
    private func topicLostGuideline(_ topicID: Int) throws {
        guard let (slug, revision, createdAt) = try database.firstRow("SELECT slug, revision, created_at FROM topics WHERE id = ?", [.int(topicID)], {
            ($0.text(0), $0.int(1), $0.text(2))
        }) else { return }
        try database.run("UPDATE topics SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(topicID)])
        changeLog.record(.topic, slug, .updated, version: ResourceVersion.of("topic", key: slug, createdAt: createdAt, revision: revision + 1))
    }

    /// Deletes the topic's sections and guidelines that a replacing import did not mention. A
    /// guideline another topic of the same bundle names stays for that topic to take (a move,
    /// as the API's edits make it: same guideline, next revision); a dropped section that still
    /// holds one is removed after the whole bundle (`removeDroppedSections`).
    private func removeAbsent(topicID: Int, topicSlug: String, keepingSections: [Int], keepingGuidelines: [Int]) throws -> Int {
        let keptGuidelines = Set(keepingGuidelines)
        let keptSections = Set(keepingSections)
        var removed = 0
        var movingSections = Set<Int>()
        for (id, key, section) in try database.rows("SELECT id, key, section_id FROM guidelines WHERE topic_id = ?", [.int(topicID)], {
            ($0.int(0), $0.text(1), $0.int(2))
        }) where !keptGuidelines.contains(id) {
            if bundleGuidelines.contains(key) {
                movingSections.insert(section)
                continue
            }
            try database.run("DELETE FROM guidelines WHERE id = ?", [.int(id)])
            changeLog.record(.guideline, key, .deleted, version: nil)
            removed += 1
        }
        for (id, key) in try database.rows("SELECT id, key FROM sections WHERE topic_id = ?", [.int(topicID)], { ($0.int(0), $0.text(1)) })
            where !keptSections.contains(id) {
            removed += 1
            if movingSections.contains(id) {
                droppedSections.append((id, topicSlug + "#" + key))
                continue
            }
            try database.run("DELETE FROM sections WHERE id = ?", [.int(id)])
            changeLog.record(.section, topicSlug + "#" + key, .deleted, version: nil)
        }
        return removed
    }

    /// Removes the sections replacing topics dropped, once the bundle's other topics took their
    /// guidelines. One that still holds a guideline names it: the bundle did not say where it goes.
    private func removeDroppedSections() throws {
        defer { droppedSections = [] }
        for (id, key) in droppedSections {
            if let left = try database.firstRow("SELECT key FROM guidelines WHERE section_id = ? ORDER BY id LIMIT 1", [.int(id)], { $0.text(0) }) {
                throw StoreError.invalid(field: "section \(key)", reason: "the replacing import drops this section, but guideline '\(left)' stays in it")
            }
            try database.run("DELETE FROM sections WHERE id = ?", [.int(id)])
            changeLog.record(.section, key, .deleted, version: nil)
        }
    }

    /// Runs one record's writes, turning a constraint SQLite still enforces (a unique key, a
    /// reference) into the store's own error naming `record`, so that no caller (an import job's
    /// error, the command line) ever shows SQL.
    static func naming<T>(_ record: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isConstraint {
            throw StoreError.invalid(field: record, reason: StoreError.constraintReason(error))
        }
    }

    /// The locales of a text, the source locale first (a translation records the source revision
    /// the same write may just have made), then in code order.
    static func sourceFirst(_ locales: Set<String>) -> [String] {
        locales.sorted { ($0 == SourceLocale.code ? 0 : 1, $0) < ($1 == SourceLocale.code ? 0 : 1, $1) }
    }

    /// How a bundle's text in `locale` is written: in the review state `review` gives it (nil, as
    /// a bundle without states always was: a new or changed text is `translated`, an unchanged one
    /// keeps its state), made from an earlier English when `review` lists it as outdated. The
    /// source locale is written plainly. `review` was validated; a state that is not one is
    /// refused naming `field` all the same.
    static func mark(_ review: BundleReview, locale: String, field: @autoclosure () -> String) throws -> VersionMark {
        guard !review.isEmpty, locale != SourceLocale.code else { return .written }
        var mark = VersionMark(isOutdated: review.outdated.contains(locale))
        if let state = review.states[locale] {
            guard let known = ReviewState(rawValue: state) else {
                throw StoreError.invalid(field: "\(field()).states.\(locale)", reason: "'\(state.prefix(40))' is not a review state")
            }
            mark.review = known
        }
        return mark
    }

    /// Throws naming `field` (made only then) unless `code` is a declared locale. A locale is never
    /// removed, so one found is not looked up again in this transaction: an import asked for every
    /// text it wrote.
    private func requireLocale(_ code: String, field: @autoclosure () -> String) throws {
        guard !declaredLocales.contains(code) else { return }
        guard try database.scalarInt("SELECT 1 FROM locales WHERE code = ?", [.text(code)]) != nil else {
            throw StoreError.invalid(field: field(), reason: "unknown locale '\(code)' (declare it in the bundle's locales)")
        }
        declaredLocales.insert(code)
    }
}

extension KnowledgeWriter {
    /// The edits of the API (create, replace, delete, translate), in this transaction.
    public var editor: KnowledgeEditor { KnowledgeEditor(writer: self) }
}
