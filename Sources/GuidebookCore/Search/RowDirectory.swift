internal import SQLite

/// What the engine needs to know of every row of the search index without reading the index row
/// by row: its topic (so its category) for facets and filters, and its length in tokens for bm25's
/// length normalization; plus the row count and average length (bm25's N and avgdl).
///
/// A directory is an immutable snapshot: every property is a `let`, and nothing it holds is ever
/// written after it is made. Searches on other threads hold it for their whole duration while the
/// cache moves on. After a small commit the cache makes the next directory with `applying`, which
/// shares everything the commit did not change with this one (the row table is chunked, see
/// `ChunkedArray`), and publishes it whole (see docs/architecture-search.md). The row count follows
/// exactly, while the average length stays the one of the load, which the kept postings' weights
/// were worked out with, until it drifts too far (`isCloseToItsLoad`).
public struct RowDirectory: Sendable {
    /// Rows in the search index (FTS5's row count, the N of idf).
    public let rowCount: Int
    /// Tokens per row on average, over all columns (bm25's avgdl, as FTS5 computed it at the load).
    public let averageLength: Double
    /// Tokens in all rows now.
    let totalLength: Int
    /// Topic slugs, indexed by topic number ("" for a topic deleted since the load).
    let topicSlugs: [String]
    /// The category number of each topic number.
    let topicCategories: [Int]
    /// Category slugs, indexed by category number.
    let categorySlugs: [String]
    /// Topic number + 1 by topic id.
    let topicNumbers: [Int64: UInt32]
    /// log2 of the rowids in one window of `PostingWindows`: chosen at the load so that the rowids
    /// then in use make about `targetWindows` windows, and kept by every patch, so postings read
    /// with this directory or a patched one line up.
    let windowShift: Int

    /// About how many windows of rowids `windowShift` makes (between half and all of it).
    static let targetWindows = 2_048
    /// The fewest rowids in a window: 16, so four records of each kind.
    static let minimumWindowShift = 4

    /// The window shift for rowids up to `maxRow`.
    static func windowShift(maxRow: UInt32) -> Int {
        max(minimumWindowShift, (UInt32.bitWidth - maxRow.leadingZeroBitCount) - (Int.bitWidth - targetWindows.leadingZeroBitCount - 1))
    }

    /// A row's topic number + 1 (0: no such record) and its length in tokens + 1 (0: not in the index).
    struct Entry: Sendable {
        var topic: UInt32 = 0
        var length: UInt32 = 0
    }
    /// Entries by rowid. Dense, because rowids are record id * 4 + kind.
    let dense: ChunkedArray<Entry>
    /// Used instead (or beyond the dense table) when rowids are too sparse for a dense table.
    let sparse: SparseRows

    /// Bytes held, for the cache's budget (shared chunks are counted in every directory that holds them).
    var byteCount: Int {
        dense.chunkCount * ChunkedArray<Entry>.chunkSize * MemoryLayout<Entry>.stride + sparse.count * 24 + topicSlugs.count * 72
    }

    private func entry(_ row: UInt32) -> Entry? {
        let found = Int(row) < dense.count ? dense[Int(row)] : sparse[row]
        guard let found, found.topic != 0 else { return nil }
        return found
    }

    /// The topic number + 1 of `row`, 0 when the row is unknown (what a patch remembers).
    func topicTag(ofRow row: UInt32) -> UInt32 { entry(row)?.topic ?? 0 }

    /// Topic numbers in use (facet count arrays are this long).
    var topicCount: Int { topicSlugs.count }

    /// The topic number of `row`, nil when the row is unknown.
    func topic(ofRow row: UInt32) -> Int? { entry(row).map { Int($0.topic) - 1 } }

    /// The row's tokens over all columns (the average for an unknown row).
    func length(ofRow row: UInt32) -> Double {
        tokens(ofRow: row).map(Double.init) ?? averageLength
    }

    /// The row's tokens over all columns; nil when the row is not in the index.
    func tokens(ofRow row: UInt32) -> Int? {
        guard let found = entry(row), found.length > 0 else { return nil }
        return Int(found.length - 1)
    }

    /// How many of `rows` each topic number holds.
    func topicCounts(of rows: [UInt32]) -> [Int] {
        var counts = [Int](repeating: 0, count: topicSlugs.count)
        counts.withUnsafeMutableBufferPointer { counts in
            rows.withUnsafeBufferPointer { rows in
                dense.forEach(at: rows, { _, entry in
                    if entry.topic != 0 { counts[Int(entry.topic) - 1] += 1 }
                }, beyond: { position in
                    if let topic = sparse[rows[position]]?.topic, topic != 0 { counts[Int(topic) - 1] += 1 }
                })
            }
        }
        return counts
    }

    func topicNumber(_ slug: String) -> Int? { slug.isEmpty ? nil : topicSlugs.firstIndex(of: slug) }
    func categoryNumber(_ slug: String) -> Int? { categorySlugs.firstIndex(of: slug) }

    /// True while the average length of the rows now is within 0.1% of the one the directory was
    /// loaded with: scores computed with the loaded one are then within about 0.1% of FTS5's.
    var isCloseToItsLoad: Bool {
        let current = rowCount > 0 ? Double(totalLength) / Double(rowCount) : 1
        return abs(current - averageLength) <= averageLength * 1e-3
    }

    /// Reads every record's topic and category from the small record tables (rowid = id * 4 + kind,
    /// as `SearchIndexer` numbers them; the index keeps no record of them) and every row's length
    /// from FTS5's `docsize` table (one varint per column), whose rows are exactly the index's rows.
    /// What the stored directory is made from (`RowDirectory+Stored.swift`), and what a search
    /// reads when there is none to use.
    static func scan(from database: Database) throws -> RowDirectory {
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
        try database.forEachRow("SELECT id, sz FROM search_index_docsize ORDER BY id") { row in
            let length = columnSizesTotal(row.blob(1))
            totalLength += length
            lengths.append((try rowNumber(row.int64(0)), UInt32(clamping: length + 1)))
        }

        let maxRow = max(rows.lazy.map(\.row).max() ?? 0, lengths.last?.row ?? 0)
        var dense = ChunkedArray(filler: Entry())
        var sparse: [UInt32: Entry] = [:]
        if Int(maxRow) < rows.count * 8 + 1_024 {
            // Chunk by chunk from the two lists in row order (the sizes come in rowid order), with
            // no whole table of `maxRow` entries first: at 1,000,000 guidelines (rowids up to four
            // million) that was 32 MB more at the end of an import, on top of the chunks.
            rows.sort { $0.row < $1.row }
            dense = ChunkedArray(count: Int(maxRow) + 1, filler: Entry()) { set in
                var (nextRow, nextLength) = (0, 0)
                while nextRow < rows.count || nextLength < lengths.count {
                    let row = min(nextRow < rows.count ? rows[nextRow].row : .max, nextLength < lengths.count ? lengths[nextLength].row : .max)
                    var entry = Entry()
                    while nextRow < rows.count, rows[nextRow].row == row {
                        entry.topic = rows[nextRow].topic
                        nextRow += 1
                    }
                    while nextLength < lengths.count, lengths[nextLength].row == row {
                        entry.length = lengths[nextLength].length
                        nextLength += 1
                    }
                    set(Int(row), entry)
                }
            }
        } else {
            for (row, topic) in rows { sparse[row, default: Entry()].topic = topic }
            for (row, length) in lengths { sparse[row, default: Entry()].length = length }
        }
        return RowDirectory(rowCount: lengths.count, averageLength: lengths.isEmpty ? 1 : Double(totalLength) / Double(lengths.count),
                            totalLength: totalLength, topicSlugs: topicSlugs, topicCategories: topicCategories,
                            categorySlugs: categorySlugs, topicNumbers: topicNumberByID, windowShift: windowShift(maxRow: maxRow),
                            dense: dense, sparse: SparseRows(sparse))
    }

    /// What a set of changed rows is now: each row's record's topic and its length in the index,
    /// and the slug and category of every topic they name. Read on the connection of the search
    /// that patches, in its read transaction.
    struct Changes {
        /// A row, the id of its record's topic (nil: the record is gone) and its tokens (nil: not in the index).
        var rows: [(row: UInt32, topicID: Int64?, length: Int?)] = []
        /// A topic named by a changed row: its slug and category slug (nil: the topic is gone).
        var topics: [(id: Int64, place: (slug: String, category: String)?)] = []
    }

    /// Reads what `rows` (rowids as `SearchIndexer` numbers them) hold now.
    static func changes(of rows: [UInt32], from database: Database) throws -> Changes {
        var changes = Changes()
        var topicIDs = Set<Int64>()
        for row in rows {
            let id = Int64(row) / 4
            let topicID: Int64?
            switch SearchIndexer.Kind(rawValue: Int64(row) % 4) {
            case .topic: topicID = try database.firstRow("SELECT id FROM topics WHERE id = ?1", [.integer(id)]) { $0.int64(0) }
            case .section: topicID = try database.firstRow("SELECT topic_id FROM sections WHERE id = ?1", [.integer(id)]) { $0.int64(0) }
            case .guideline: topicID = try database.firstRow("SELECT topic_id FROM guidelines WHERE id = ?1", [.integer(id)]) { $0.int64(0) }
            case nil: topicID = nil
            }
            let length = try database.firstRow("SELECT sz FROM search_index_docsize WHERE id = ?1", [.integer(Int64(row))]) {
                columnSizesTotal($0.blob(0))
            }
            changes.rows.append((row, topicID, length))
            if let topicID { topicIDs.insert(topicID) }
            if Int64(row) % 4 == SearchIndexer.Kind.topic.rawValue { topicIDs.insert(id) }
        }
        for id in topicIDs.sorted() {
            let place = try database.firstRow("""
                SELECT t.slug, c.slug FROM topics t JOIN categories c ON c.id = t.category_id WHERE t.id = ?1
                """, [.integer(id)]) { (slug: $0.text(0), category: $0.text(1)) }
            changes.topics.append((id, place))
        }
        return changes
    }

    /// The directory after `changes` (what they read): topics first (new ones get the next
    /// numbers, a deleted one keeps its number with an empty slug, so kept facet counts stay
    /// aligned), then rows.
    ///
    /// A new directory: this one is not changed, so a search holding it goes on reading exactly
    /// what it read before. The new one shares all this one's unchanged parts: the row table's
    /// untouched chunks and sparse shards, and the topic arrays unless a topic changed. Its cost is
    /// the spine plus one chunk per changed row, not the size of the index.
    func applying(_ changes: Changes) -> RowDirectory {
        // Copies of this directory's arrays: they share storage with `self` until written, and the
        // first write copies them, because `self` (still held by the cache) holds them as well.
        var topicSlugs = self.topicSlugs
        var topicCategories = self.topicCategories
        var categorySlugs = self.categorySlugs
        var topicNumbers = self.topicNumbers
        for (id, place) in changes.topics {
            let category = place.map { place in
                categorySlugs.firstIndex(of: place.category) ?? {
                    categorySlugs.append(place.category)
                    return categorySlugs.count - 1
                }()
            }
            if let number = topicNumbers[id] {
                let slug = place?.slug ?? ""
                if topicSlugs[Int(number) - 1] != slug { topicSlugs[Int(number) - 1] = slug }
                if let category, topicCategories[Int(number) - 1] != category { topicCategories[Int(number) - 1] = category }
            } else if let place, let category {
                topicSlugs.append(place.slug)
                topicCategories.append(category)
                topicNumbers[id] = UInt32(topicSlugs.count)
            }
        }
        var rowCount = self.rowCount
        var totalLength = self.totalLength
        var denseCount = dense.count
        var denseUpdates: [(index: Int, value: Entry)] = []
        var sparseUpdates: [(row: UInt32, entry: Entry?)] = []
        // Rows set in this patch, so a row changed twice (or moved from sparse) reads its latest entry.
        var written: [UInt32: Entry] = [:]
        for (row, topicID, length) in changes.rows {
            let old = written[row] ?? (Int(row) < dense.count ? dense[Int(row)] : (sparse[row] ?? Entry()))
            if old.length > 0 {
                rowCount -= 1
                totalLength -= Int(old.length) - 1
            }
            let new = Entry(topic: topicID.flatMap { topicNumbers[$0] } ?? 0, length: length.map { UInt32(clamping: $0 + 1) } ?? 0)
            if new.length > 0 {
                rowCount += 1
                totalLength += Int(new.length) - 1
            }
            written[row] = new
            if Int(row) < denseCount {
                denseUpdates.append((Int(row), new))
            } else if denseCount > 0, Int(row) < denseCount + 65_536 {
                // A new record just past the table (ids grow): the table grows, and sparse rows it
                // now reaches move into it.
                denseCount = Int(row) + 1
                denseUpdates.append((Int(row), new))
            } else {
                sparseUpdates.append((row, new))
            }
        }
        if denseCount > dense.count {
            for row in sparse.rows(below: denseCount) {
                if written[row] == nil, let entry = sparse[row] { denseUpdates.append((Int(row), entry)) }
                sparseUpdates.append((row, nil))
            }
            // A row written to the sparse table earlier in this patch, now within the dense one.
            for (index, update) in sparseUpdates.enumerated() where Int(update.row) < denseCount && update.entry != nil {
                denseUpdates.append((Int(update.row), update.entry!))
                sparseUpdates[index].entry = nil
            }
        }
        return RowDirectory(rowCount: rowCount, averageLength: averageLength, totalLength: totalLength,
                            topicSlugs: topicSlugs, topicCategories: topicCategories, categorySlugs: categorySlugs,
                            topicNumbers: topicNumbers, windowShift: windowShift, dense: dense.replacing(denseUpdates, count: denseCount),
                            sparse: sparse.replacing(sparseUpdates))
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
