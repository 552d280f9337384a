import GuidebookText
internal import SQLite

/// Every row one phrase matches, in rowid order, with the row's BM25 term weight for it.
///
/// Loaded from FTS5 (`MATCH` on the phrase alone) and kept in `SearchCache` until the index
/// changes. The weight is bm25's term weight as FTS5 computes it, without the idf:
/// tf(k1+1) / (tf + k1(1 - b + b·len/avglen)), tf being the phrase's hits with titles counted 10x;
/// the engine multiplies it by the phrase's idf, which follows exactly from `rows.count`.
public struct PhrasePostings: Sendable {
    /// Matching rowids, ascending.
    public let rows: [UInt32]
    /// The term weight of each row, parallel to `rows`.
    public let weights: [Float]
    /// Indexes into `rows` of the `bestCount` heaviest rows, heaviest first (ties: lower rowid
    /// first): the first page of a one-phrase query without reading every row.
    let best: [Int]
    /// Rows per topic number of the directory the postings were read with: the facets of a
    /// one-phrase query.
    let topicCounts: [Int]
    /// The rows' windows and the heaviest weight in each: how a search ranks its best page
    /// without scoring every match (`WindowedSearch`).
    let windows: PostingWindows

    /// How many of the heaviest rows `best` keeps.
    static let bestCount = 64

    /// Bytes held, for the cache's budget.
    var byteCount: Int {
        rows.count * (MemoryLayout<UInt32>.size + MemoryLayout<Float>.size) + (best.count + topicCounts.count) * 8 + windows.byteCount + 64
    }

    init(rows: [UInt32], weights: [Float], directory: RowDirectory) {
        self.init(rows: rows, weights: weights, topicCounts: directory.topicCounts(of: rows), windowShift: directory.windowShift)
    }

    private init(rows: [UInt32], weights: [Float], best: [Int], topicCounts: [Int], windowShift: Int) {
        (self.rows, self.weights, self.best, self.topicCounts) = (rows, weights, best, topicCounts)
        windows = PostingWindows(rows: rows, weights: weights, shift: windowShift)
    }

    private init(rows: [UInt32], weights: [Float], topicCounts: [Int], windowShift: Int) {
        self.rows = rows
        self.weights = weights
        self.topicCounts = topicCounts
        windows = PostingWindows(rows: rows, weights: weights, shift: windowShift)
        var best: [Int] = []
        weights.withUnsafeBufferPointer { weights in
            // Rows come in rowid order, so an equal weight never displaces an earlier row.
            for index in 0..<weights.count {
                let weight = weights[index]
                if best.count == Self.bestCount, weight <= weights[best[best.count - 1]] { continue }
                let position = best.firstIndex { weight > weights[$0] } ?? best.count
                best.insert(index, at: position)
                if best.count > Self.bestCount { best.removeLast() }
            }
        }
        self.best = best
    }

    /// Column weights for `guidebook_phrase_hits`, in the table's column order: title, body (titles
    /// weigh ten times the body; each column holds the Latin words and the CJK bigrams).
    static let columnWeights = "10.0, 1.0"

    /// bm25's parameters, FTS5's values.
    static let k1 = 1.2, b = 0.75

    /// True when `phrase` matches any row. FTS5 stops at the first, so this costs little even for
    /// a phrase of very common words.
    static func hasRows(_ phrase: String, in database: Database) throws -> Bool {
        try database.firstRow("SELECT 1 FROM search_index WHERE search_index MATCH ?1 LIMIT 1", [.text(phrase)]) { _ in true } ?? false
    }

    /// Reads the rows of `phrase` (one FTS5 phrase expression) on a connection with the
    /// full-text functions registered; row lengths come from `directory`. FTS5 walks the phrase's
    /// rows in C and hands them over in one blob (`guidebook_phrase_postings`, Sources/CSQLite/shim.h):
    /// a third of the time of one SQL row each.
    static func load(_ phrase: String, from database: Database, directory: RowDirectory) throws -> PhrasePostings {
        var rows: [UInt32] = []
        var weights: [Float] = []
        try database.forEachRow("""
            SELECT guidebook_phrase_postings(search_index, \(columnWeights)) FROM search_index WHERE search_index MATCH ?1 LIMIT 1
            """, [.text(phrase)]) { row in
            try row.withBlob(0) { bytes in
                let count = bytes.count / 12
                rows.reserveCapacity(count)
                weights.reserveCapacity(count)
                for index in 0..<count {
                    let rowID = bytes.loadUnaligned(fromByteOffset: index * 12, as: UInt32.self)
                    // In rowid order, as FTS5 walks a phrase; anything else is not a list the engine can merge.
                    guard rows.last.map({ $0 < rowID }) ?? true else { throw SearchEngine.Failure.rowsOutOfOrder }
                    rows.append(rowID)
                    weights.append(weight(hits: bytes.loadUnaligned(fromByteOffset: index * 12 + 4, as: Double.self), row: rowID, directory: directory))
                }
            }
        }
        return PhrasePostings(rows: rows, weights: weights, directory: directory)
    }

    /// What changed in the index since postings were read: the rows (ascending) and the topic
    /// each had then (`RowDirectory.topicTag`: topic number + 1, 0 for none).
    struct Changed {
        var rows: [UInt32]
        var formerTopics: [UInt32]
    }

    /// These postings brought up to date after `changed`: those rows are read again from FTS5 (the
    /// phrase restricted to them) and merged in; every other row keeps its weight. The facet counts
    /// and the heaviest rows follow from the changed rows alone, unless a heaviest row was among
    /// them. `directory` must already hold the changed rows.
    func patched(_ phrase: String, changed: Changed, from database: Database, directory: RowDirectory) throws -> PhrasePostings {
        var fresh: [(row: UInt32, weight: Float)] = []
        let changedRows: SQLValue = .jsonArray(changed.rows.map(Int64.init))
        // The phrase's hits in the changed rows: the hit function and the expression that give them.
        var asked: (function: String, expression: String)? = ("guidebook_phrase_hits", phrase)
        if let syllable = Self.syllablePrefix(phrase) {
            // FTS5 answers a prefix by merging every indexed word it starts, however few rows are
            // asked about (56 ms for "앱" * at a million rows); the changed rows' own words that
            // start with it, as one OR, give the same hits at the cost of those rows alone.
            // The changed rows' CJK tokens (bigrams, and runs of one character), from the text tables.
            var words = Set<String>()
            try database.forEachRow("SELECT title, body FROM search_content WHERE row IN (SELECT value FROM json_each(?1))",
                                    [changedRows]) { row in
                for column in [row.isNull(0) ? "" : row.text(0), row.isNull(1) ? "" : row.text(1)] {
                    let tokens = TextSegmenter.split(column).cjk
                    for word in tokens.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where word.utf8.starts(with: syllable.utf8) {
                        words.insert(String(word))
                    }
                }
            }
            asked = words.isEmpty ? nil : ("guidebook_phrases_hits", "(" + words.sorted().map { "\"\($0)\"" }.joined(separator: " OR ") + ")")
        }
        if let asked {
            try database.forEachRow("""
                SELECT rowid, \(asked.function)(search_index, \(Self.columnWeights)) FROM search_index
                WHERE search_index MATCH ?1 AND rowid IN (SELECT value FROM json_each(?2)) ORDER BY rowid
                """, [.text(asked.expression), changedRows]) { row in
                fresh.append(try Self.weighed(row, directory: directory))
            }
        }
        var newRows: [UInt32] = []
        var newWeights: [Float] = []
        newRows.reserveCapacity(rows.count + fresh.count)
        newWeights.reserveCapacity(rows.count + fresh.count)
        var counts = topicCounts + [Int](repeating: 0, count: max(0, directory.topicCount - topicCounts.count))
        var start = 0, next = 0
        for (row, formerTopic) in zip(changed.rows, changed.formerTopics) {
            // The unchanged rows before `row` are copied as they are; `row` itself is dropped and,
            // when it still matches, put back with its new weight.
            var low = start, high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if rows[middle] < row { low = middle + 1 } else { high = middle }
            }
            newRows.append(contentsOf: rows[start..<low])
            newWeights.append(contentsOf: weights[start..<low])
            start = low
            if low < rows.count && rows[low] == row {
                start += 1
                if formerTopic > 0 { counts[Int(formerTopic) - 1] -= 1 }
            }
            if next < fresh.count, fresh[next].row == row {
                newRows.append(row)
                newWeights.append(fresh[next].weight)
                if let topic = directory.topic(ofRow: row) { counts[topic] += 1 }
                next += 1
            }
        }
        newRows.append(contentsOf: rows[start...])
        newWeights.append(contentsOf: weights[start...])

        // The heaviest rows now are among the kept heaviest and the changed rows, unless a kept
        // heaviest row changed while others were left out: then they are found again by one pass.
        var candidates = best.map { (row: rows[$0], weight: weights[$0]) }
        let keptBest = candidates.count
        candidates.removeAll { RowSet.contains(changed.rows, $0.row) }
        if candidates.count < keptBest && rows.count > best.count {
            return PhrasePostings(rows: newRows, weights: newWeights, topicCounts: counts, windowShift: directory.windowShift)
        }
        candidates += fresh
        candidates.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.row < $1.row }
        let newBest = candidates.prefix(Self.bestCount).map { candidate in
            var low = 0, high = newRows.count
            while low < high {
                let middle = (low + high) / 2
                if newRows[middle] < candidate.row { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return PhrasePostings(rows: newRows, weights: newWeights, best: newBest, topicCounts: counts, windowShift: directory.windowShift)
    }

    /// The syllable of a one-syllable CJK prefix phrase (`"앱" *`, as `SearchQuery` writes
    /// one-syllable queries), else nil.
    static func syllablePrefix(_ phrase: String) -> String? {
        let head = "\"", tail = "\" *"
        guard phrase.hasPrefix(head), phrase.hasSuffix(tail), phrase.count > head.count + tail.count else { return nil }
        let syllable = phrase.dropFirst(head.count).dropLast(tail.count)
        guard syllable.unicodeScalars.count == 1, let scalar = syllable.unicodeScalars.first, CJK.contains(scalar) else { return nil }
        return String(syllable)
    }

    /// A result row's rowid and term weight: hits, with the row's length against the directory's average.
    private static func weighed(_ row: Statement, directory: RowDirectory) throws -> (row: UInt32, weight: Float) {
        guard let rowID = UInt32(exactly: row.int64(0)) else { throw SearchEngine.Failure.rowOutOfRange(row.int64(0)) }
        return (rowID, weight(hits: row.double(1), row: rowID, directory: directory))
    }

    /// The term weight of `hits` in row `row`: its length against the directory's average.
    @inline(__always)
    private static func weight(hits: Double, row: UInt32, directory: RowDirectory) -> Float {
        let lengthNorm = k1 * (1 - b + b * directory.length(ofRow: row) / directory.averageLength)
        return Float(hits * (k1 + 1) / (hits + lengthNorm))
    }
}
