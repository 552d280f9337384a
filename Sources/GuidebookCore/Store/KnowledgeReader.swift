internal import SQLite

/// Read queries over the knowledge base, on one connection.
///
/// A reader is used by one thread at a time; the server keeps one per worker thread in a `ReaderPool`.
/// Its statements are prepared once and reused.
public final class KnowledgeReader {
    /// The connection (inside the store only: SQLite does not show above it).
    let database: Database
    /// The store's search cache (nil for a writer's reader: its searches start from nothing).
    let searchCache: SearchCache?
    /// Which translations the reads of topics, sections and guidelines give as text (`--publish`);
    /// nil: every one, drafts included (the translators' and reviewers' views). The states are
    /// given either way. Set by the store for each read.
    public internal(set) var publication: TranslationPublication?

    /// The locales as last read, with the connection's `data_version` then: every request reads
    /// them to negotiate its language, and they change rarely (`locales()`).
    private var knownLocales: (dataVersion: Int, locales: [LocaleInfo])?

    /// The texts search hits showed, kept by a pool reader (one with the store's search cache)
    /// between its searches (`searchHitTexts`).
    var keptHitTexts = KeptHitTexts()

    /// The topic slugs and section keys a pool reader's guideline reads looked up (`guidelineRecord`).
    var keptNames = KeptNames()

    /// `PRAGMA data_version` as the pool's transaction now open first read it, so the reads of one
    /// request ask SQLite once; nil outside such a transaction or before its first read.
    private var transactionDataVersion: Int?
    /// True while the pool holds this reader's transaction open (`ReaderPool.withReader`).
    private var isInPoolTransaction = false

    init(database: Database, searchCache: SearchCache? = nil, publication: TranslationPublication? = nil) {
        self.database = database
        self.searchCache = searchCache
        self.publication = publication
    }

    /// The connection's `PRAGMA data_version`: it changes when another connection has committed
    /// since this one last read (it reads the snapshot of the transaction open). Within one pool
    /// transaction the snapshot cannot change, so it is read once there.
    func dataVersion() throws -> Int {
        // A transaction SQLite rolled back by itself (after an I/O error) no longer holds the snapshot.
        if let transactionDataVersion, database.isInTransaction { return transactionDataVersion }
        let version = try database.scalarInt("PRAGMA data_version") ?? -1
        if isInPoolTransaction { transactionDataVersion = version }
        return version
    }

    /// The pool opened this reader's transaction (true) or ended it (false).
    func poolTransaction(isOpen: Bool) {
        isInPoolTransaction = isOpen
        transactionDataVersion = nil
    }

    /// True when a text in `locale` with the review state in `column` of `row` is shown (the
    /// source always is).
    func isPublished(_ row: Statement, reviewColumn column: Int, locale: String) -> Bool {
        guard publication != nil, locale != SourceLocale.code else { return true }
        return isPublished(ReviewState(rawValue: row.text(column)), locale: locale)
    }

    /// True when a text in `locale` with `review` is shown (the source always is).
    func isPublished(_ review: ReviewState?, locale: String) -> Bool {
        guard let publication, locale != SourceLocale.code, let review else { return true }
        return publication.publishes(review)
    }

    // MARK: Locales and categories

    /// Every locale, the source locale first.
    public func locales() throws -> [LocaleInfo] {
        // `PRAGMA data_version` changes when another connection has committed since this one last
        // read (it reads this transaction's snapshot): the same value, the same locales. A pool
        // reader never writes, and a writer's reader is made anew for each use, so a connection's
        // own commits never leave a stale copy here.
        let version = try dataVersion()
        if let known = knownLocales, known.dataVersion == version { return known.locales }
        let locales = try database.rows("SELECT code, name, is_source FROM locales ORDER BY position, code") {
            LocaleInfo(code: $0.text(0), name: $0.text(1), isSource: $0.int(2) == 1)
        }
        knownLocales = (version, locales)
        return locales
    }

    /// Every category in display order.
    public func categories() throws -> [Category] {
        var titles: [Int64: LocalizedText] = [:]
        try database.forEachRow("SELECT category_id, locale, title FROM category_texts") {
            titles[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }
        return try database.rows("""
            SELECT c.id, c.slug, c.position, (SELECT count(*) FROM topics t WHERE t.category_id = c.id)
            FROM categories c ORDER BY c.position, c.id
            """) {
            Category(slug: $0.text(1), title: titles[$0.int64(0)] ?? [:], position: $0.int(2), topicCount: $0.int(3))
        }
    }

    /// True when a category with this slug exists.
    public func categoryExists(_ slug: String) throws -> Bool {
        try database.scalarInt("SELECT 1 FROM categories WHERE slug = ?", [.text(slug)]) != nil
    }

    // MARK: Topics

    private static let topicColumns = """
        SELECT t.id, t.slug, c.slug, t.revision, t.updated_at, c.position, t.position,
               (SELECT count(*) FROM guidelines g WHERE g.topic_id = t.id), t.created_at
        FROM topics t JOIN categories c ON c.id = t.category_id
        """

    /// One page of topics in display order (category, then topic position), optionally in one category.
    /// The cursor's positions are used as they are: a topic is only ever added or moved last in its
    /// category, and categories last, so no write shifts the topics after a cursor (unlike guidelines).
    public func topics(category: String?, after: [Int64]?, limit: Int) throws -> Page<TopicSummary> {
        let key = after ?? [Int64.min, Int64.min, Int64.min]
        guard key.count == 3 else { throw StoreError.invalid(field: "cursor", reason: "does not belong to this list") }
        var items: [(Int64, TopicSummary)] = []
        try database.forEachRow(Self.topicColumns + """
             WHERE (?1 IS NULL OR c.slug = ?1) AND (c.position, t.position, t.id) > (?2, ?3, ?4)
             ORDER BY c.position, t.position, t.id LIMIT ?5
            """, [.optionalText(category), .integer(key[0]), .integer(key[1]), .integer(key[2]), .int(limit + 1)]) {
            items.append(($0.int64(0), topicSummary(from: $0)))
        }
        return try page(of: items, limit: limit, sortKey: \.sortKey) { id, summary in try withTopicTexts(summary, id: id) }
    }

    /// A topic's own fields without its sections, or nil.
    public func topicSummary(slug: String) throws -> TopicSummary? {
        try topicRow(slug: slug)?.summary
    }

    /// A topic's own row by slug (made once: a statement's text is its cache key).
    private static let topicBySlugSQL = topicColumns + " WHERE t.slug = ?"

    func topicRow(slug: String) throws -> (id: Int64, summary: TopicSummary)? {
        guard let (id, bare) = try database.firstRow(Self.topicBySlugSQL, [.text(slug)], {
            ($0.int64(0), topicSummary(from: $0))
        }) else { return nil }
        return (id, try withTopicTexts(bare, id: id))
    }

    /// A topic with its sections and guidelines, or nil (`readTopic`, gathered into the model).
    public func topic(slug: String) throws -> Topic? {
        var topic: Topic?
        let found = try readTopic(slug: slug, head: { topic = Topic(summary: $0, sections: $1) },
                                  guideline: { topic?.sections[$0].guidelines.append(Guideline($1)) })
        return found ? topic : nil
    }

    /// One section with its guidelines, and its topic's own fields; nil when either does not exist.
    public func section(topic slug: String, key: String) throws -> (topic: TopicSummary, section: Section)? {
        guard let (topicID, summary) = try topicRow(slug: slug),
              let (sectionID, bare) = try database.firstRow(Self.sectionColumns + " WHERE topic_id = ? AND key = ?", [.integer(topicID), .text(key)], {
                  ($0.int64(0), self.section(from: $0, topic: slug, title: [:]))
              }) else { return nil }
        var result = bare
        try database.forEachRow("SELECT locale, title, review_state FROM section_texts WHERE section_id = ?", [.integer(sectionID)]) {
            if isPublished($0, reviewColumn: 2, locale: $0.text(0)) { result.title[$0.text(0)] = $0.text(1) }
        }
        let texts = try guidelineTexts(sql: """
            SELECT gt.guideline_id, gt.locale, gt.text, gt.source_hash, gt.updated_at, gt.source_revision, gt.review_state
            FROM guideline_texts gt JOIN guidelines g ON g.id = gt.guideline_id WHERE g.section_id = ?
            """, [.integer(sectionID)])
        try database.forEachRow(Self.guidelineColumns + " WHERE g.section_id = ? ORDER BY g.position, g.id", [.integer(sectionID)]) {
            result.guidelines.append(guideline(from: $0, texts: texts[$0.int64(0)] ?? []))
        }
        return (summary, result)
    }

    private static let sectionColumns = "SELECT id, key, position, revision, updated_at, created_at FROM sections"

    /// A section without its guidelines from the `sectionColumns` of `row` (first).
    func section(from row: Statement, topic: String, title: LocalizedText) -> Section {
        let key = row.text(1)
        return Section(key: key, title: title, guidelines: [], position: row.int(2), revision: row.int(3), updatedAt: row.text(4),
                       version: ResourceVersion.of("section", key: topic + "#" + key, createdAt: row.text(5), revision: row.int(3)))
    }

    private func topicSummary(from row: Statement) -> TopicSummary {
        TopicSummary(slug: row.text(1), category: row.text(2), title: [:], summary: [:], guidelineCount: row.int(7),
                     revision: row.int(3), updatedAt: row.text(4), sortKey: [row.int64(5), row.int64(6), row.int64(0)],
                     version: ResourceVersion.of("topic", key: row.text(1), createdAt: row.text(8), revision: row.int(3)),
                     createdAt: row.text(8))
    }

    private func withTopicTexts(_ summary: TopicSummary, id: Int64) throws -> TopicSummary {
        var result = summary
        try database.forEachRow("SELECT locale, title, summary, review_state FROM topic_texts WHERE topic_id = ?", [.integer(id)]) {
            guard isPublished($0, reviewColumn: 3, locale: $0.text(0)) else { return }
            // Empty text means "not translated": the locale is absent for that field.
            if !$0.isEmptyText(1) { result.title[$0.text(0)] = $0.text(1) }
            if !$0.isEmptyText(2) { result.summary[$0.text(0)] = $0.text(2) }
        }
        return result
    }

    // MARK: Guidelines

    private static let guidelineColumns = """
        SELECT g.id, g.key, t.slug, s.key, g.position, g.revision, g.updated_at, s.position, g.created_at
        FROM guidelines g JOIN topics t ON t.id = g.topic_id JOIN sections s ON s.id = g.section_id
        """

    private struct StoredText {
        var locale: String
        var text: String
        var sourceHash: String?
        var updatedAt: String
        var sourceRevision: Int?
        var review: ReviewState
        var isPublished: Bool
    }

    /// One page of guidelines: in display order within a topic (resuming after the cursor's
    /// guideline where it is now: `resumeKey`), or in creation order across all.
    public func guidelines(topic: String?, after: [Int64]?, limit: Int) throws -> Page<Guideline> {
        var rows: [(Int64, Guideline)] = []
        if let topic {
            guard try database.scalarInt("SELECT 1 FROM topics WHERE slug = ?", [.text(topic)]) != nil else {
                throw StoreError.notFound(kind: "topic", id: topic)
            }
            let key = try resumeKey(topic: topic, after: after)
            try database.forEachRow(Self.guidelineColumns + """
                 WHERE t.slug = ?1 AND (s.position, g.position, g.id) > (?2, ?3, ?4)
                 ORDER BY s.position, g.position, g.id LIMIT ?5
                """, [.text(topic), .integer(key[0]), .integer(key[1]), .integer(key[2]), .int(limit + 1)]) {
                var item = guideline(from: $0, texts: [])
                item.sortKey = [$0.int64(7), $0.int64(4), $0.int64(0)]
                rows.append(($0.int64(0), item))
            }
        } else {
            let key = after ?? [Int64.min]
            guard key.count == 1 else { throw StoreError.invalid(field: "cursor", reason: "does not belong to this list") }
            try database.forEachRow(Self.guidelineColumns + " WHERE g.id > ?1 ORDER BY g.id LIMIT ?2",
                                    [.integer(key[0]), .int(limit + 1)]) {
                var item = guideline(from: $0, texts: [])
                item.sortKey = [$0.int64(0)]
                rows.append(($0.int64(0), item))
            }
        }
        return try page(of: rows, limit: limit, sortKey: \.sortKey) { id, item in
            var result = item
            applyTexts(try textsOfGuideline(id), to: &result)
            return result
        }
    }

    /// Where a page of `topic`'s guidelines starts: after the cursor's guideline where it is now.
    /// Positions are renumbered by an insert, a move or a reorder before it, so the positions the
    /// cursor carries can point at an item already shown or past one not shown yet. Only when that
    /// guideline is gone or in another topic do they serve (a delete renumbers nothing).
    private func resumeKey(topic: String, after: [Int64]?) throws -> [Int64] {
        guard let after else { return [Int64.min, Int64.min, Int64.min] }
        guard after.count == 3 else { throw StoreError.invalid(field: "cursor", reason: "does not belong to this list") }
        let now = try database.firstRow("""
            SELECT s.position, g.position FROM guidelines g JOIN topics t ON t.id = g.topic_id JOIN sections s ON s.id = g.section_id
            WHERE g.id = ?1 AND t.slug = ?2
            """, [.integer(after[2]), .text(topic)]) { [$0.int64(0), $0.int64(1), after[2]] }
        return now ?? after
    }

    /// One guideline by its public id, or nil (`guidelineRecord(id:)`, as the model).
    public func guideline(id: String) throws -> Guideline? {
        try guidelineRecord(id: id).map(Guideline.init)
    }

    private func textsOfGuideline(_ id: Int64) throws -> [StoredText] {
        try database.rows("SELECT locale, text, source_hash, updated_at, source_revision, review_state FROM guideline_texts WHERE guideline_id = ?",
                          [.integer(id)]) {
            StoredText(locale: $0.text(0), text: $0.text(1), sourceHash: $0.optionalText(2), updatedAt: $0.text(3), sourceRevision: $0.optionalInt(4),
                       review: ReviewState(rawValue: $0.text(5)) ?? .translated, isPublished: isPublished($0, reviewColumn: 5, locale: $0.text(0)))
        }
    }

    private func guidelineTexts(sql: String, _ values: [SQLValue]) throws -> [Int64: [StoredText]] {
        var texts: [Int64: [StoredText]] = [:]
        try database.forEachRow(sql, values) {
            texts[$0.int64(0), default: []].append(StoredText(locale: $0.text(1), text: $0.text(2), sourceHash: $0.optionalText(3),
                                                              updatedAt: $0.text(4), sourceRevision: $0.optionalInt(5),
                                                              review: ReviewState(rawValue: $0.text(6)) ?? .translated,
                                                              isPublished: isPublished($0, reviewColumn: 6, locale: $0.text(1))))
        }
        return texts
    }

    private func guideline(from row: Statement, texts: [StoredText]) -> Guideline {
        var result = Guideline(id: row.text(1), topic: row.text(2), section: row.text(3), position: row.int(4), text: [:],
                               translations: [:], revision: row.int(5), updatedAt: row.text(6), sortKey: [row.int64(0)],
                               version: ResourceVersion.of("guideline", key: row.text(1), createdAt: row.text(8), revision: row.int(5)))
        applyTexts(texts, to: &result)
        return result
    }

    private func applyTexts(_ texts: [StoredText], to guideline: inout Guideline) {
        let source = texts.first { $0.locale == SourceLocale.code }
        let sourceRevision = source?.sourceRevision ?? 1
        guideline.sourceRevision = sourceRevision
        for text in texts {
            if text.isPublished { guideline.text[text.locale] = text.text }
            guard text.locale != SourceLocale.code else { continue }
            let state = TranslationState.of(madeFrom: text.sourceRevision, sourceRevision: sourceRevision, legacyHash: text.sourceHash,
                                            sourceHash: ContentHash.hex(source?.text ?? ""))
            guideline.translations[text.locale] = TranslationInfo(locale: text.locale, text: text.text, state: state, updatedAt: text.updatedAt,
                                                                  sourceRevision: text.sourceRevision, review: text.review, isPublished: text.isPublished)
        }
    }

    /// Keeps `limit` of the `limit + 1` rows read (the extra one says whether a next page exists)
    /// and completes each kept item with its texts.
    private func page<T: Sendable>(of rows: [(Int64, T)], limit: Int, sortKey: KeyPath<T, [Int64]>,
                                   complete: (Int64, T) throws -> T) throws -> Page<T> {
        let items = try rows.prefix(limit).map { try complete($0.0, $0.1) }
        let hasMore = rows.count > limit
        return Page(items: items, nextAfter: hasMore ? items.last?[keyPath: sortKey] : nil)
    }
}

extension TranslationState {
    /// The state of a translation made from source revision `madeFrom` while the source is at
    /// `sourceRevision`. A translation written before revisions were recorded (`madeFrom` nil) is
    /// judged as it always was: by the fingerprint of the source it was made from (`legacyHash`;
    /// nil: none recorded, current) against that of the source now.
    static func of(madeFrom: Int?, sourceRevision: Int, legacyHash: String?, sourceHash: @autoclosure () -> String) -> TranslationState {
        if let madeFrom { return madeFrom == sourceRevision ? .current : .outdated }
        return legacyHash == nil || legacyHash == sourceHash() ? .current : .outdated
    }
}

/// The source locale: every text exists in it, translations are made from it.
public enum SourceLocale {
    public static let code = "en"
}

extension KnowledgeReader {
    /// A topic's title in every locale (empty when there is no such topic).
    public func topicTitle(slug: String) throws -> LocalizedText {
        var titles: LocalizedText = [:]
        try database.forEachRow("""
            SELECT tt.locale, tt.title, tt.review_state FROM topic_texts tt JOIN topics t ON t.id = tt.topic_id WHERE t.slug = ? AND tt.title != ''
            """, [.text(slug)]) {
            if isPublished($0, reviewColumn: 2, locale: $0.text(0)) { titles[$0.text(0)] = $0.text(1) }
        }
        return titles
    }

    /// A section's title in every locale.
    public func sectionTitle(topic: String, key: String) throws -> LocalizedText {
        var titles: LocalizedText = [:]
        try database.forEachRow("""
            SELECT st.locale, st.title, st.review_state FROM section_texts st JOIN sections s ON s.id = st.section_id
            JOIN topics t ON t.id = s.topic_id WHERE t.slug = ? AND s.key = ?
            """, [.text(topic), .text(key)]) {
            if isPublished($0, reviewColumn: 2, locale: $0.text(0)) { titles[$0.text(0)] = $0.text(1) }
        }
        return titles
    }
}
