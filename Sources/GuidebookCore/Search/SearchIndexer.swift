import SQLite

/// Keeps the full-text index in step with the knowledge base. Runs on the writer connection inside
/// the same transaction as the write it follows, so the index is never out of date and no
/// rebuild step needs remembering.
///
/// Each topic, titled section and guideline is one row holding its text in every locale.
public struct SearchIndexer {
    let database: Database

    public init(database: Database) {
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
    public func indexTopic(id topicID: Int64, isNew: Bool = false) throws {
        try bumpGeneration()
        guard let (slug, category) = try database.firstRow("""
            SELECT t.slug, c.slug FROM topics t JOIN categories c ON c.id = t.category_id WHERE t.id = ?
            """, [.integer(topicID)], { ($0.text(0), $0.text(1)) }) else { return }

        var titles: [String] = []
        var summaries: [String] = []
        try database.forEachRow("SELECT title, summary FROM topic_texts WHERE topic_id = ? ORDER BY locale", [.integer(topicID)]) {
            titles.append($0.text(0))
            summaries.append($0.text(1))
        }
        try put(.topic, topicID, isNew: isNew, title: titles, body: summaries, ref: slug, topic: slug, category: category)

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
            let title = sectionTitles[sectionID] ?? []
            if title.isEmpty {
                if !isNew { try delete(.section, sectionID) }
                continue
            }
            try put(.section, sectionID, isNew: isNew, title: title, body: [], ref: "\(slug)#\(key)", topic: slug, category: category)
        }

        var current: (id: Int64, key: String, section: Int64)?
        var texts: [String] = []
        func flush() throws {
            guard let guideline = current else { return }
            try put(.guideline, guideline.id, isNew: isNew, title: sectionTitles[guideline.section] ?? [], body: texts,
                    ref: guideline.key, topic: slug, category: category)
        }
        try database.forEachRow("""
            SELECT g.id, g.key, g.section_id, gt.text FROM guidelines g
            JOIN guideline_texts gt ON gt.guideline_id = g.id WHERE g.topic_id = ? ORDER BY g.id, gt.locale
            """, [.integer(topicID)]) { row in
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

    /// Empties the index and indexes every topic again (after a segmentation change, or on request).
    public func rebuild() throws {
        try database.execute("INSERT INTO search_words (search_words) VALUES ('delete-all'); DELETE FROM search_index;")
        try bumpGeneration()
        for id in try database.rows("SELECT id FROM topics ORDER BY id", [], { $0.int64(0) }) {
            try indexTopic(id: id, isNew: true)
        }
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('search_index_version', ?)", [.text(TextSegmenter.version)])
    }

    /// True when the stored index was built with another segmentation than this binary's.
    public func needsRebuild() throws -> Bool {
        let stored = try database.firstRow("SELECT value FROM meta WHERE key = 'search_index_version'") { $0.text(0) }
        return stored != TextSegmenter.version
    }

    /// The `meta` key of the counter bumped with every change to the index (see `SearchCache`).
    static let generationKey = "search_generation"

    /// Marks the index as changed; the SQL delete triggers do the same.
    private func bumpGeneration() throws {
        try database.cachedStatement("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = '\(Self.generationKey)'").run()
    }

    private func delete(_ kind: Kind, _ id: Int64) throws {
        // search_words first: it takes the row's words from search_index's stored row.
        try database.run("DELETE FROM search_words WHERE rowid = ?", [.integer(Self.rowID(kind, id))])
        try database.run("DELETE FROM search_index WHERE rowid = ?", [.integer(Self.rowID(kind, id))])
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
    }
}
