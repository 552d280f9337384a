internal import SQLite

/// The row directory as the database keeps it (`search_directory` in the `meta_blobs` table, with
/// the generation it shows in `meta`'s `search_directory_generation`): one blob a search reads in
/// one pass, instead of scanning the record tables and FTS5's `docsize` table row by row (seconds
/// for a million guidelines on a cold file).
///
/// The writers keep it (`SearchIndexer.finish`): a bulk change stores the directory it leaves;
/// small commits leave the stored one behind and a search patches it with the rows changed since,
/// as the search cache patches its own (`SearchChanges`), until enough have changed that the
/// writer stores it again, patched. It is only ever a copy of what `scan` reads: a search that
/// finds it missing, unreadable or too far behind scans instead.
///
/// The format (little-endian): "GBRD", a version, the row count, the total and average lengths and
/// the window shift; the categories' slugs; each topic number's topic id, category number and slug;
/// then the rows in ascending order, each as varints: the gap from the row before, its topic
/// number + 1 (zigzag, from the row before's) and its length + 1; first the dense table's rows,
/// then the sparse ones.
extension RowDirectory {
    static let storedMagic: [UInt8] = Array("GBRD".utf8)
    static let storedVersion: UInt32 = 1

    /// The directory for a search at `generation` (the caller's read transaction's): the stored
    /// one when it is of that generation, or patched up to it with the rows changed since; else
    /// the one `scan` reads.
    static func load(from database: Database, generation: Int64) throws -> RowDirectory {
        if let stored = try stored(in: database), stored.generation <= generation {
            if stored.generation == generation { return stored.directory }
            if let rows = try SearchChanges.rows(after: stored.generation, in: database) {
                let patched = stored.directory.applying(try changes(of: rows, from: database))
                if patched.isCloseToItsLoad { return patched }
            }
        }
        return try scan(from: database)
    }

    /// The stored directory and the generation it shows; nil when there is none or it cannot be
    /// read (another format, or damaged: `scan` is then the way).
    static func stored(in database: Database) throws -> (generation: Int64, directory: RowDirectory)? {
        let meta = MetaTable(database: database)
        guard let generation = try storedGeneration(in: database),
              let directory = try meta.withBytes(MetaTable.searchDirectory, { try? decoded($0) }) ?? nil else { return nil }
        return (generation, directory)
    }

    /// The generation of the stored directory; nil when none is stored.
    static func storedGeneration(in database: Database) throws -> Int64? {
        try MetaTable(database: database).value(MetaTable.searchDirectoryGeneration).flatMap { Int64($0) }
    }

    /// Stores this directory as the one of `generation` (on the writer, in its transaction).
    func store(in database: Database, generation: Int64) throws {
        let meta = MetaTable(database: database)
        try meta.set(MetaTable.searchDirectory, toBytes: encoded())
        try meta.set(MetaTable.searchDirectoryGeneration, to: String(generation))
    }

    /// The stored form of this directory.
    func encoded() -> [UInt8] {
        var bytes = StoredBytes()
        bytes.append(Self.storedMagic)
        bytes.appendFixed(UInt64(Self.storedVersion))
        bytes.appendFixed(UInt64(rowCount))
        bytes.appendFixed(UInt64(totalLength))
        bytes.appendFixed(averageLength.bitPattern)
        bytes.appendFixed(UInt64(windowShift))
        bytes.appendVarint(UInt64(categorySlugs.count))
        for slug in categorySlugs { bytes.appendString(slug) }
        var topicIDs = [Int64](repeating: 0, count: topicSlugs.count)
        for (id, number) in topicNumbers { topicIDs[Int(number) - 1] = id }
        bytes.appendVarint(UInt64(topicSlugs.count))
        for number in topicSlugs.indices {
            bytes.appendVarint(UInt64(bitPattern: topicIDs[number]))
            bytes.appendVarint(UInt64(topicCategories[number]))
            bytes.appendString(topicSlugs[number])
        }
        var previous: (row: Int, topic: UInt32) = (-1, 0)
        func appendRow(_ row: Int, _ entry: Entry) {
            bytes.appendVarint(UInt64(row - previous.row - 1))
            bytes.appendVarint(zigzag(Int64(entry.topic) - Int64(previous.topic)))
            bytes.appendVarint(UInt64(entry.length))
            previous = (row, entry.topic)
        }
        var denseRows = 0
        dense.forEachElement { _, entry in if entry.topic != 0 || entry.length != 0 { denseRows += 1 } }
        bytes.appendVarint(UInt64(dense.count))
        bytes.appendVarint(UInt64(denseRows))
        dense.forEachElement { row, entry in if entry.topic != 0 || entry.length != 0 { appendRow(row, entry) } }
        let sparseRows = sparse.rows(below: Int.max).sorted()
        bytes.appendVarint(UInt64(sparseRows.count))
        previous = (-1, 0)
        for row in sparseRows { if let entry = sparse[row] { appendRow(Int(row), entry) } }
        return bytes.bytes
    }

    /// The directory `bytes` (from `encoded`) hold; `StoredFormatError` when they are not one.
    static func decoded(_ bytes: UnsafeRawBufferPointer) throws -> RowDirectory {
        var reader = StoredReader(bytes)
        guard try reader.bytes(storedMagic.count).elementsEqual(storedMagic), try reader.fixed() == UInt64(storedVersion) else {
            throw StoredFormatError()
        }
        let rowCount = Int(try reader.fixed()), totalLength = Int(try reader.fixed())
        let averageLength = Double(bitPattern: try reader.fixed())
        let windowShift = Int(try reader.fixed())
        guard rowCount >= 0, totalLength >= 0, averageLength.isFinite, (minimumWindowShift...31).contains(windowShift) else {
            throw StoredFormatError()
        }
        var categorySlugs: [String] = []
        for _ in 0..<(try reader.count()) { categorySlugs.append(try reader.string()) }
        var topicSlugs: [String] = [], topicCategories: [Int] = [], topicNumbers: [Int64: UInt32] = [:]
        for number in 0..<(try reader.count()) {
            let id = Int64(bitPattern: try reader.varint())
            let category = Int(try reader.varint())
            guard category < categorySlugs.count, topicNumbers.updateValue(UInt32(number + 1), forKey: id) == nil else { throw StoredFormatError() }
            topicCategories.append(category)
            topicSlugs.append(try reader.string())
        }
        // Each row: its gap from the last, its topic (zigzag from the last's) and its length, both + 1.
        var failed = false
        func readRows(_ count: Int, below limit: Int, into set: (Int, Entry) -> Void) {
            var previous: (row: Int, topic: Int64) = (-1, 0)
            for _ in 0..<count {
                guard let gap = try? reader.varint(), let topicStep = try? reader.varint(), let length = try? reader.varint(),
                      gap < UInt64(limit) else { failed = true; return }
                let row = previous.row + 1 + Int(gap)
                let topic = previous.topic + unzigzag(topicStep)
                guard row < limit, topic >= 0, topic <= Int64(topicSlugs.count), length <= UInt64(UInt32.max) else { failed = true; return }
                set(row, Entry(topic: UInt32(topic), length: UInt32(length)))
                previous = (row, topic)
            }
        }
        let denseCount = Int(try reader.varint())
        let denseRows = try reader.count()
        // A dense table reaches at most 8 rowids a row past its rows at a scan, and grows by at most
        // 65,536 rowids a row added since (`applying`): more is not a directory this code stored.
        guard denseCount <= 65_536 * (denseRows + 1) + 1_024 else { throw StoredFormatError() }
        let dense = ChunkedArray(count: denseCount, filler: Entry()) { set in readRows(denseRows, below: denseCount, into: set) }
        var sparse: [UInt32: Entry] = [:]
        readRows(try reader.count(), below: Int(UInt32.max) + 1) { row, entry in sparse[UInt32(row)] = entry }
        guard !failed, reader.isAtEnd else { throw StoredFormatError() }
        return RowDirectory(rowCount: rowCount, averageLength: averageLength, totalLength: totalLength, topicSlugs: topicSlugs,
                            topicCategories: topicCategories, categorySlugs: categorySlugs, topicNumbers: topicNumbers,
                            windowShift: windowShift, dense: dense, sparse: SparseRows(sparse))
    }
}

private func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
private func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
