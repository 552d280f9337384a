internal import SQLite

/// What the engine needs to know of every row of the search index without reading the index row
/// by row: its topic (so its category) for facets and filters, and its length in tokens for bm25's
/// length normalization; plus the row count and average length (bm25's N and avgdl).
public struct RowDirectory: Sendable {
    /// Rows in the search index (FTS5's row count, the N of idf).
    public let rowCount: Int
    /// Tokens per row on average, over all columns (bm25's avgdl, as FTS5 computes it).
    public let averageLength: Double
    /// Topic slugs, indexed by topic number.
    let topicSlugs: [String]
    /// The category number of each topic number.
    let topicCategories: [Int]
    /// Category slugs, indexed by category number.
    let categorySlugs: [String]

    /// A row's topic number + 1 (0: no such row) and its length in tokens.
    struct Entry: Sendable {
        var topic: UInt32 = 0
        var length: UInt32 = 0
    }
    /// Entries by rowid. Dense, because rowids are record id * 4 + kind.
    private let dense: [Entry]
    /// Used instead when rowids are too sparse for a dense table.
    private let sparse: [UInt32: Entry]

    /// Bytes held, for the cache's budget.
    var byteCount: Int { dense.count * MemoryLayout<Entry>.stride + sparse.count * 24 + topicSlugs.count * 48 }

    private func entry(_ row: UInt32) -> Entry? {
        let found = Int(row) < dense.count ? dense[Int(row)] : sparse[row]
        guard let found, found.topic != 0 else { return nil }
        return found
    }

    /// The topic number of `row`, nil when the row is unknown.
    func topic(ofRow row: UInt32) -> Int? { entry(row).map { Int($0.topic) - 1 } }

    /// The row's tokens over all columns (the average for an unknown row).
    func length(ofRow row: UInt32) -> Double { entry(row).map { Double($0.length) } ?? averageLength }

    /// How many of `rows` each topic number holds.
    func topicCounts(of rows: [UInt32]) -> [Int] {
        var counts = [Int](repeating: 0, count: topicSlugs.count)
        counts.withUnsafeMutableBufferPointer { counts in
            rows.withUnsafeBufferPointer { rows in
                dense.withUnsafeBufferPointer { dense in
                    for row in rows {
                        let topic = Int(row) < dense.count ? dense[Int(row)].topic : (sparse[row]?.topic ?? 0)
                        if topic != 0 { counts[Int(topic) - 1] += 1 }
                    }
                }
            }
        }
        return counts
    }

    func topicNumber(_ slug: String) -> Int? { topicSlugs.firstIndex(of: slug) }
    func categoryNumber(_ slug: String) -> Int? { categorySlugs.firstIndex(of: slug) }

    /// Reads every record's topic and category from the small record tables (rowid = id * 4 + kind,
    /// as `SearchIndexer` numbers them; the index's own stored rows hold all the text and would be
    /// far more to read) and every row's length from FTS5's `docsize` table (one varint per column),
    /// whose rows are exactly the index's rows.
    static func load(from database: Database) throws -> RowDirectory {
        var topicSlugs: [String] = []
        var topicCategories: [Int] = []
        var categorySlugs: [String] = []
        var categoryNumbers: [String: Int] = [:]
        var topicNumberByID: [Int64: UInt32] = [:]
        var rows: [(row: UInt32, topic: UInt32)] = []
        try database.forEachRow("SELECT t.id, t.slug, c.slug FROM topics t JOIN categories c ON c.id = t.category_id ORDER BY t.id") { row in
            let categorySlug = row.text(2)
            let category = categoryNumbers[categorySlug] ?? {
                categorySlugs.append(categorySlug)
                categoryNumbers[categorySlug] = categorySlugs.count - 1
                return categorySlugs.count - 1
            }()
            topicSlugs.append(row.text(1))
            topicCategories.append(category)
            let number = UInt32(topicSlugs.count)  // topic number + 1
            topicNumberByID[row.int64(0)] = number
            rows.append((try rowNumber(SearchIndexer.rowID(.topic, row.int64(0))), number))
        }
        for (kind, table) in [(SearchIndexer.Kind.section, "sections"), (.guideline, "guidelines")] {
            try database.forEachRow("SELECT id, topic_id FROM \(table)") { row in
                guard let topic = topicNumberByID[row.int64(1)] else { return }
                rows.append((try rowNumber(SearchIndexer.rowID(kind, row.int64(0))), topic))
            }
        }
        var lengths: [(row: UInt32, length: UInt32)] = []
        var totalLength = 0
        try database.forEachRow("SELECT id, sz FROM search_index_docsize") { row in
            let length = columnSizesTotal(row.blob(1))
            totalLength += length
            lengths.append((try rowNumber(row.int64(0)), UInt32(clamping: length)))
        }

        let maxRow = max(rows.map(\.row).max() ?? 0, lengths.map(\.row).max() ?? 0)
        var dense: [Entry] = []
        var sparse: [UInt32: Entry] = [:]
        if Int(maxRow) < rows.count * 8 + 1_024 {
            dense = [Entry](repeating: Entry(), count: Int(maxRow) + 1)
            for (row, topic) in rows { dense[Int(row)].topic = topic }
            for (row, length) in lengths { dense[Int(row)].length = length }
        } else {
            for (row, topic) in rows { sparse[row, default: Entry()].topic = topic }
            for (row, length) in lengths { sparse[row, default: Entry()].length = length }
        }
        return RowDirectory(rowCount: lengths.count, averageLength: lengths.isEmpty ? 1 : Double(totalLength) / Double(lengths.count),
                            topicSlugs: topicSlugs, topicCategories: topicCategories, categorySlugs: categorySlugs,
                            dense: dense, sparse: sparse)
    }

    private static func rowNumber(_ rowID: Int64) throws -> UInt32 {
        guard let number = UInt32(exactly: rowID) else { throw SearchEngine.Failure.rowOutOfRange(rowID) }
        return number
    }

    /// The sum of a docsize record: SQLite varints (7 bits a byte, high bit set while more follow;
    /// a ninth byte carries 8 bits), one per column.
    static func columnSizesTotal(_ bytes: [UInt8]) -> Int {
        var total = 0, index = 0
        while index < bytes.count {
            var value = 0
            var count = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                count += 1
                if count == 9 { value = (value << 8) | Int(byte); break }
                value = (value << 7) | Int(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            total += value
        }
        return total
    }
}
