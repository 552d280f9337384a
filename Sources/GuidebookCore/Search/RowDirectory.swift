import SQLite

/// Which topic (and so which category) each row of the search index belongs to, and how many
/// rows there are: what facets, topic and category filters and idf need, without reading the
/// index's stored columns row by row.
public struct RowDirectory: Sendable {
    /// Rows in the search index (FTS5's row count, the N of idf).
    public let rowCount: Int
    /// Topic slugs, indexed by topic number.
    let topicSlugs: [String]
    /// The category number of each topic number.
    let topicCategories: [Int]
    /// Category slugs, indexed by category number.
    let categorySlugs: [String]
    /// Topic number + 1 by rowid (0: no such row). Dense: rowids are record id * 4 + kind.
    private let topicByRow: [UInt32]
    /// Used instead when rowids are too sparse for a dense table.
    private let sparseTopicByRow: [UInt32: UInt32]

    /// Bytes held, for the cache's budget.
    var byteCount: Int { topicByRow.count * 4 + sparseTopicByRow.count * 16 + topicSlugs.count * 48 }

    /// The topic number of `row`, nil when the row is unknown.
    func topic(ofRow row: UInt32) -> Int? {
        let entry = Int(row) < topicByRow.count ? topicByRow[Int(row)] : (sparseTopicByRow[row] ?? 0)
        return entry == 0 ? nil : Int(entry) - 1
    }

    func topicNumber(_ slug: String) -> Int? { topicSlugs.firstIndex(of: slug) }
    func categoryNumber(_ slug: String) -> Int? { categorySlugs.firstIndex(of: slug) }

    /// Reads every row's topic and category from the index (one scan).
    static func load(from database: Database) throws -> RowDirectory {
        var topicNumbers: [String: Int] = [:]
        var categoryNumbers: [String: Int] = [:]
        var topicSlugs: [String] = []
        var topicCategories: [Int] = []
        var categorySlugs: [String] = []
        var rows: [(UInt32, UInt32)] = []
        var maxRow: UInt32 = 0
        try database.forEachRow("SELECT rowid, topic, category FROM search_index") { row in
            guard let rowID = UInt32(exactly: row.int64(0)) else { throw SearchEngine.Failure.rowOutOfRange(row.int64(0)) }
            let slug = row.text(1)
            let topic: Int
            if let known = topicNumbers[slug] {
                topic = known
            } else {
                let categorySlug = row.text(2)
                let category = categoryNumbers[categorySlug] ?? {
                    categorySlugs.append(categorySlug)
                    categoryNumbers[categorySlug] = categorySlugs.count - 1
                    return categorySlugs.count - 1
                }()
                topicSlugs.append(slug)
                topicCategories.append(category)
                topic = topicSlugs.count - 1
                topicNumbers[slug] = topic
            }
            rows.append((rowID, UInt32(topic + 1)))
            maxRow = max(maxRow, rowID)
        }
        var dense: [UInt32] = []
        var sparse: [UInt32: UInt32] = [:]
        if Int(maxRow) < rows.count * 8 + 1_024 {
            dense = [UInt32](repeating: 0, count: Int(maxRow) + 1)
            for (row, topic) in rows { dense[Int(row)] = topic }
        } else {
            for (row, topic) in rows { sparse[row] = topic }
        }
        return RowDirectory(rowCount: rows.count, topicSlugs: topicSlugs, topicCategories: topicCategories,
                            categorySlugs: categorySlugs, topicByRow: dense, sparseTopicByRow: sparse)
    }
}
