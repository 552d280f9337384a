import GuidebookText
internal import SQLite

/// Keeps the full-text index in step with the knowledge base. Runs on the writer connection inside
/// the same transaction as the write it follows, so the index is never out of date and no
/// rebuild step needs remembering.
///
/// Each topic, titled section and guideline is one row holding its text in every locale. An
/// import re-indexes whole topics; an edit re-indexes only the rows it changed. One indexer serves
/// one transaction: it records which rows it changed in `search_changes` (so search caches can
/// patch themselves, see `SearchChanges`) until a transaction changes so many that recording
/// them would cost more than it saves; then it stops and `finish` raises the floor instead.
public final class SearchIndexer {
    let database: Database
    /// Rows recorded in `search_changes` by this transaction.
    private var recorded = 0
    /// True once this transaction changes too much to record row by row.
    private var isBulk = false

    /// Beyond this many rows, a transaction is a bulk change: caches reload rather than patch.
    static let recordLimit = 1_000
    /// How many generations of `search_changes` are kept behind the current one.
    static let keptGenerations: Int64 = 10_000

    init(database: Database) {
        self.database = database
    }

    /// Kinds of indexed record; part of the rowid.
    public enum Kind: Int64, Sendable {
        case topic = 0, section = 1, guideline = 2

        public var name: String {
            switch self {
            case .topic: return "topic"
            case .section: return "section"
            case .guideline: return "guideline"
            }
        }
    }

    /// The row of a record.
    static func rowID(_ kind: Kind, _ id: Int64) -> Int64 { id * 4 + kind.rawValue }

    /// Re-indexes a topic, its sections and its guidelines. `isNew` skips deleting rows that cannot exist.
    func indexTopic(id topicID: Int64, isNew: Bool = false) throws {
        try bumpGeneration()
        guard let (slug, category) = try topicPlace(topicID) else { return }
        try putTopicRow(topicID, slug: slug, category: category, isNew: isNew)

        // Section titles, also used as the title column of their guidelines.
        var sectionTitles: [Int64: [String]] = [:]
        var sectionKeys: [(Int64, String)] = []
        try database.forEachRow("SELECT id, key FROM sections WHERE topic_id = ? ORDER BY id", [.integer(topicID)]) {
            sectionKeys.append(($0.int64(0), $0.text(1)))
        }
        try database.forEachRow("""
            SELECT st.section_id, st.title FROM section_texts st JOIN sections s ON s.id = st.section_id
            WHERE s.topic_id = ? AND st.title != '' ORDER BY st.locale
            """, [.integer(topicID)]) {
            sectionTitles[$0.int64(0), default: []].append($0.text(1))
        }
        for (sectionID, key) in sectionKeys {
            try putSectionRow(sectionID, key: key, title: sectionTitles[sectionID] ?? [], slug: slug, category: category, isNew: isNew)
        }
        try putGuidelineRows(sql: """
            SELECT g.id, g.key, g.section_id, gt.text FROM guidelines g
            JOIN guideline_texts gt ON gt.guideline_id = g.id WHERE g.topic_id = ? ORDER BY g.id, gt.locale
            """, id: topicID, sectionTitles: sectionTitles, slug: slug, category: category, isNew: isNew)
    }

    /// Re-indexes a topic's own row (its title and summary), not its sections or guidelines.
    func indexTopicRow(id topicID: Int64) throws {
        try bumpGeneration()
        guard let (slug, category) = try topicPlace(topicID) else { return try delete(.topic, topicID) }
        try putTopicRow(topicID, slug: slug, category: category, isNew: false)
    }

    /// Re-indexes a section's row and the rows of its guidelines (whose title column is the
    /// section's title).
    func indexSection(id sectionID: Int64) throws {
        try bumpGeneration()
        guard let (key, topicID) = try database.firstRow("SELECT key, topic_id FROM sections WHERE id = ?", [.integer(sectionID)], {
            ($0.text(0), $0.int64(1))
        }), let (slug, category) = try topicPlace(topicID) else { return try delete(.section, sectionID) }
        let title = try sectionTitle(sectionID)
        try putSectionRow(sectionID, key: key, title: title, slug: slug, category: category, isNew: false)
        try putGuidelineRows(sql: """
            SELECT g.id, g.key, g.section_id, gt.text FROM guidelines g
            JOIN guideline_texts gt ON gt.guideline_id = g.id WHERE g.section_id = ? ORDER BY g.id, gt.locale
            """, id: sectionID, sectionTitles: [sectionID: title], slug: slug, category: category, isNew: false)
    }

    /// Re-indexes one guideline's row (or removes it when the guideline is gone).
    func indexGuideline(id guidelineID: Int64) throws {
        try bumpGeneration()
        guard let (sectionID, topicID) = try database.firstRow("SELECT section_id, topic_id FROM guidelines WHERE id = ?", [.integer(guidelineID)], {
            ($0.int64(0), $0.int64(1))
        }), let (slug, category) = try topicPlace(topicID) else { return try delete(.guideline, guidelineID) }
        try putGuidelineRows(sql: """
            SELECT g.id, g.key, g.section_id, gt.text FROM guidelines g
            JOIN guideline_texts gt ON gt.guideline_id = g.id WHERE g.id = ? ORDER BY gt.locale
            """, id: guidelineID, sectionTitles: [sectionID: try sectionTitle(sectionID)], slug: slug, category: category, isNew: false)
    }

    /// Empties the index and indexes every topic again (after a segmentation change, or on request).
    func rebuild() throws {
        isBulk = true
        try database.execute("INSERT INTO search_words (search_words) VALUES ('delete-all'); DELETE FROM search_index;")
        try bumpGeneration()
        for id in try database.rows("SELECT id FROM topics ORDER BY id", [], { $0.int64(0) }) {
            try indexTopic(id: id, isNew: true)
        }
        try MetaTable(database: database).set(MetaTable.searchIndexVersion, to: TextSegmenter.version)
    }

    /// True when the stored index was built with another segmentation than this binary's.
    func needsRebuild() throws -> Bool {
        let stored = try MetaTable(database: database).value(MetaTable.searchIndexVersion)
        return stored != TextSegmenter.version
    }

    /// Ends the transaction's bookkeeping of changed rows, just before it commits: after a bulk
    /// change the record starts over above the current generation; otherwise records older than
    /// `keptGenerations` are pruned and the floor follows them.
    func finish() throws {
        let meta = MetaTable(database: database)
        guard isBulk || recorded > 0 else { return }
        let generation = try meta.integer(MetaTable.searchGeneration)
        let floor = try meta.integer(MetaTable.searchChangesFloor)
        let newFloor = isBulk ? generation : max(floor, generation - Self.keptGenerations)
        guard newFloor > floor else { return }
        try database.run("DELETE FROM search_changes WHERE generation <= ?", [.integer(newFloor)])
        try meta.set(MetaTable.searchChangesFloor, to: String(newFloor))
    }

    // MARK: Rows

    /// Marks the index as changed; the SQL delete triggers do the same.
    private func bumpGeneration() throws {
        try MetaTable(database: database).increment(MetaTable.searchGeneration)
    }

    private func topicPlace(_ topicID: Int64) throws -> (slug: String, category: String)? {
        try database.firstRow("""
            SELECT t.slug, c.slug FROM topics t JOIN categories c ON c.id = t.category_id WHERE t.id = ?
            """, [.integer(topicID)], { ($0.text(0), $0.text(1)) })
    }

    private func sectionTitle(_ sectionID: Int64) throws -> [String] {
        try database.rows("SELECT title FROM section_texts WHERE section_id = ? AND title != '' ORDER BY locale", [.integer(sectionID)]) { $0.text(0) }
    }

    private func putTopicRow(_ topicID: Int64, slug: String, category: String, isNew: Bool) throws {
        var titles: [String] = []
        var summaries: [String] = []
        try database.forEachRow("SELECT title, summary FROM topic_texts WHERE topic_id = ? ORDER BY locale", [.integer(topicID)]) {
            titles.append($0.text(0))
            summaries.append($0.text(1))
        }
        try put(.topic, topicID, isNew: isNew, title: titles, body: summaries, ref: slug, topic: slug, category: category)
    }

    /// An untitled section has no row of its own.
    private func putSectionRow(_ sectionID: Int64, key: String, title: [String], slug: String, category: String, isNew: Bool) throws {
        if title.isEmpty {
            if !isNew { try delete(.section, sectionID) }
            return
        }
        try put(.section, sectionID, isNew: isNew, title: title, body: [], ref: "\(slug)#\(key)", topic: slug, category: category)
    }

    /// Puts the rows of the guidelines `sql` selects (id, key, section id, one text per row, in
    /// guideline then locale order; `id` is its one parameter).
    private func putGuidelineRows(sql: String, id: Int64, sectionTitles: [Int64: [String]], slug: String, category: String, isNew: Bool) throws {
        var current: (id: Int64, key: String, section: Int64)?
        var texts: [String] = []
        func flush() throws {
            guard let guideline = current else { return }
            try put(.guideline, guideline.id, isNew: isNew, title: sectionTitles[guideline.section] ?? [], body: texts,
                    ref: guideline.key, topic: slug, category: category)
        }
        try database.forEachRow(sql, [.integer(id)]) { row in
            let id = row.int64(0)
            if current?.id != id {
                try flush()
                current = (id, row.text(1), row.int64(2))
                texts = []
            }
            texts.append(row.text(3))
        }
        try flush()
    }

    private func delete(_ kind: Kind, _ id: Int64) throws {
        // search_words first: it takes the row's words from search_index's stored row.
        try database.run("DELETE FROM search_words WHERE rowid = ?", [.integer(Self.rowID(kind, id))])
        try database.run("DELETE FROM search_index WHERE rowid = ?", [.integer(Self.rowID(kind, id))])
        try record(Self.rowID(kind, id))
    }

    private func put(_ kind: Kind, _ id: Int64, isNew: Bool, title: [String], body: [String], ref: String, topic: String, category: String) throws {
        if !isNew { try delete(kind, id) }
        let titleParts = TextSegmenter.split(title.joined(separator: "\n"))
        let bodyParts = TextSegmenter.split(body.joined(separator: "\n"))
        let columns: [SQLValue] = [.integer(Self.rowID(kind, id)), .text(titleParts.latin), .text(bodyParts.latin),
                                   .text(titleParts.cjk), .text(bodyParts.cjk)]
        try database.run("""
            INSERT INTO search_index (rowid, title, body, title_cjk, body_cjk, kind, ref, topic, category)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, columns + [.text(kind.name), .text(ref), .text(topic), .text(category)])
        // The same columns' words as written, for suggestions (see Migrations/0004_search_words.sql).
        try database.run("INSERT INTO search_words (rowid, title, body, title_cjk, body_cjk) VALUES (?, ?, ?, ?, ?)", columns)
        if isNew { try record(Self.rowID(kind, id)) }
    }

    /// Notes that `row` changed in this generation, until the transaction turns out to be a bulk change.
    private func record(_ row: Int64) throws {
        guard !isBulk else { return }
        recorded += 1
        if recorded > Self.recordLimit {
            isBulk = true
            return
        }
        try database.run("""
            INSERT OR IGNORE INTO search_changes (generation, row)
            SELECT CAST(value AS INTEGER), ?1 FROM meta WHERE key = 'search_generation'
            """, [.integer(row)])
    }
}
