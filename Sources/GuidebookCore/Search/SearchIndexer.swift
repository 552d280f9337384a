import GuidebookText
internal import SQLite

/// Keeps the full-text index in step with the knowledge base. Runs on the writer connection inside
/// the same transaction as the write it follows, so the index is never out of date and no
/// rebuild step needs remembering.
///
/// Each topic, titled section and guideline is one row of `search_index`, an external-content
/// FTS5 table over the view `search_content` (Migrations/0010_text_once.sql): the index holds
/// tokens, the text tables the text. When a write changes what a row shows, the schema's BEFORE
/// triggers take the row out while its old text is still there; the indexer notes which rows its
/// caller changed and puts back, in `finish`, every one of them that is not in the index, read
/// from `search_content` in one statement in rowid order (so FTS5 writes them as few segments).
/// An import re-indexes whole topics; an edit only the rows it changed.
///
/// One indexer serves one transaction: it records which rows it changed in `search_changes` (so
/// search caches can patch themselves, see `SearchChanges`) until a transaction changes so many
/// that recording them would cost more than it saves; then it stops and `finish` raises the
/// floor instead.
public final class SearchIndexer {
    let database: Database
    /// Rows recorded in `search_changes` by this transaction.
    private var recorded = 0
    /// True once this transaction changes too much to record row by row.
    private var isBulk = false
    /// Rows to put back into the index (if they are not in it) before the transaction commits, in
    /// the order they were noted; a row may be in it more than once until `compactPending`. A list
    /// costs 8 bytes a row, where a set cost about twice that and its sorted copy 8 more: an import
    /// of 1,000,000 guidelines notes 1,120,000 rows.
    private var pending: [Int64] = []
    /// The count at which `pending` is sorted and its repeats dropped, so that a transaction that
    /// notes the same rows again and again holds each row about twice at most.
    private var compactPendingAt = 4_096
    /// Whether the file has `search_surface_forms` (`countsForms`), once looked up.
    private var hasFormCounts: Bool?
    /// Where the tokens of this indexer's last bulk write were made (nil: it made none).
    private(set) var bulkTokens: BulkTokens?

    /// Where a bulk write's tokens are made: on the writer's thread, or on a second thread ahead of
    /// FTS5 (`putAhead`), or first ahead and then, out of step, on the writer's thread again.
    enum BulkTokens: Equatable { case inPlace, ahead, aheadOutOfStep }

    /// Beyond this many rows, a transaction is a bulk change: caches reload rather than patch.
    static let recordLimit = 1_000
    /// How many generations of `search_changes` are kept behind the current one.
    static let keptGenerations: Int64 = 10_000

    /// Threads a write may use now (`TranslationChecks.workers`: the store's, or one while requests
    /// are being served): with more than one, a bulk write has its tokens made on a second thread.
    private let workers: () -> Int

    /// Rows a bulk write gives FTS5 in one statement (`bulkRowsPerStatement`; a test sets fewer).
    private let rowsPerStatement: Int

    /// Rows of a bulk write put into the index by one statement. The writer keeps each statement's
    /// journal in memory (docs/imports.md), and a statement that writes into pages the same
    /// transaction freed (a rebuild, after FTS5's `delete-all`) journals every one of them: one
    /// statement for a rebuild of 1,000,000 guidelines held about 180 MB until it ended.
    static let bulkRowsPerStatement = 100_000

    init(database: Database, workers: @escaping () -> Int = { 1 }, rowsPerStatement: Int = bulkRowsPerStatement) {
        self.database = database
        self.workers = workers
        self.rowsPerStatement = max(1, rowsPerStatement)
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

    /// Re-indexes a topic, its sections and its guidelines. `isNew`: nothing of it was indexed before.
    func indexTopic(id topicID: Int64, isNew: Bool = false) throws {
        try bumpGeneration()
        guard try exists("SELECT 1 FROM topics WHERE id = ?", topicID) else { return try put([Self.rowID(.topic, topicID)]) }
        var rows = [Self.rowID(.topic, topicID)]
        try database.forEachRow("SELECT id FROM sections WHERE topic_id = ? ORDER BY id", [.integer(topicID)]) {
            rows.append(Self.rowID(.section, $0.int64(0)))
        }
        try database.forEachRow("SELECT id FROM guidelines WHERE topic_id = ? ORDER BY id", [.integer(topicID)]) {
            rows.append(Self.rowID(.guideline, $0.int64(0)))
        }
        try put(rows)
    }

    /// Re-indexes a topic's own row (its title and summary), not its sections or guidelines.
    func indexTopicRow(id topicID: Int64) throws {
        try bumpGeneration()
        try put([Self.rowID(.topic, topicID)])
    }

    /// Re-indexes a section's row and the rows of its guidelines (whose title is the section's title).
    func indexSection(id sectionID: Int64) throws {
        try bumpGeneration()
        var rows = [Self.rowID(.section, sectionID)]
        try database.forEachRow("SELECT id FROM guidelines WHERE section_id = ? ORDER BY id", [.integer(sectionID)]) {
            rows.append(Self.rowID(.guideline, $0.int64(0)))
        }
        try put(rows)
    }

    /// Re-indexes one guideline's row (or records it gone when the guideline is gone).
    func indexGuideline(id guidelineID: Int64) throws {
        try bumpGeneration()
        try put([Self.rowID(.guideline, guidelineID)])
    }

    /// Empties the index and the vocabulary's counts, and has `finish` index every record again
    /// from the text tables (after a change of the segmentation or of what the index holds, or on
    /// request): the same pass as an import's, which counts the surface forms as it tokenizes.
    func rebuild() throws {
        isBulk = true
        try database.execute("INSERT INTO search_index (search_index) VALUES ('delete-all')")
        if try countsForms() { try database.execute("DELETE FROM search_surface_forms") }
        pending = try database.rows("SELECT row FROM search_content") { $0.int64(0) }
        try bumpGeneration()
        // A file migrated only part of the way (a test's) is built again once it has the counts.
        try MetaTable(database: database).set(MetaTable.searchIndexVersion, to: try countsForms() ? Self.version : TextSegmenter.version)
    }

    /// What the index is built with: the segmentation's version (`TextSegmenter.version`) and,
    /// after a dot, the version of what the tokenizer puts in the index. 2: the surface forms are
    /// counted in `search_surface_forms`, no longer indexed as tokens marked '#' (migration 0024).
    /// 3: private-use characters are word boundaries, as the query parser has them.
    static let version = TextSegmenter.version + ".3"

    /// True when the stored index was built otherwise than this binary builds it.
    func needsRebuild() throws -> Bool {
        let stored = try MetaTable(database: database).value(MetaTable.searchIndexVersion)
        return stored != Self.version
    }

    /// Just before the transaction commits: puts the changed rows that are not in the index back
    /// from the text tables, then ends the bookkeeping of changed rows: after a bulk change the
    /// record starts over above the current generation; otherwise records older than
    /// `keptGenerations` are pruned and the floor follows them.
    func finish() throws {
        if !pending.isEmpty {
            // Each arm of the view yields its rows in rowid order (through its expression index).
            // The tokenizer counts the surface forms of each row it indexes (shim.h,
            // guidebook_collect_forms); they are added to the vocabulary's counts right after.
            let counts = try countsForms()
            // A bulk write's rows go to `search_pending` and into the index a range of them per
            // statement; the list is freed before FTS5's hash fills.
            let bulk: Bool, ranges: [(first: Int64, last: Int64)], bound: [SQLValue]
            do {
                compactPending()
                let rows = pending
                pending = []
                compactPendingAt = 4_096
                bulk = rows.count > Self.recordLimit
                ranges = bulk ? stride(from: 0, to: rows.count, by: rowsPerStatement).map { (rows[$0], rows[min($0 + rowsPerStatement, rows.count) - 1]) } : []
                bound = bulk ? [] : [.jsonArray(rows)]
                if bulk { try fillPendingTable(rows) }
            }
            func put(_ content: String) throws {
                if counts { try database.execute("SELECT guidebook_collected_forms()") }  // what a failed statement left
                try database.run("""
                    INSERT INTO search_index (rowid, title, body)
                    SELECT \(counts ? "guidebook_collect_forms(row)" : "row"), title, body \(content)
                    """, bound)
                if counts { try addCollectedForms() }
            }
            if !bulk {
                try put(Self.unindexedContent)
            } else {
                bulkTokens = nil
                try withBulkHash {
                    for (first, last) in ranges {
                        let content = Self.unindexedPendingContent(first: first, last: last)
                        if counts && workers() > 1 {
                            try putAhead(content) { try put(content) }
                        } else {
                            try put(content)
                            bulkTokens = .inPlace
                        }
                    }
                }
                // Should a statement above fail, the transaction's rollback empties the table too.
                try database.execute("DELETE FROM temp.search_pending")
            }
        }
        let meta = MetaTable(database: database)
        guard isBulk || recorded > 0 else { return }
        let generation = try meta.integer(MetaTable.searchGeneration)
        let floor = try meta.integer(MetaTable.searchChangesFloor)
        let newFloor = isBulk ? generation : max(floor, generation - Self.keptGenerations)
        if newFloor > floor {
            try database.run("DELETE FROM search_changes WHERE generation <= ?", [.integer(newFloor)])
            try meta.set(MetaTable.searchChangesFloor, to: String(newFloor))
        }
        try keepDirectory(generation: generation)
        // Storing the vocabulary costs a bulk change little beside its own work, and spares the
        // first half-typed search after a start from reading and sorting the counts. The forms no
        // row holds any more (small commits leave them at 0) go first.
        if isBulk, try countsForms() {
            try database.execute("DELETE FROM search_surface_forms WHERE rows <= 0")
            try SearchVocabulary.store(from: database, generation: generation)
        }
    }

    /// Rows changed since the stored row directory beyond which the writer stores it again: a
    /// search patches the stored one with at most these (`RowDirectory.load`).
    static let directoryRefreshRows = 256

    /// Keeps the stored row directory (`RowDirectory+Stored.swift`) within `directoryRefreshRows`
    /// changed rows of the index: after a bulk change, or when there is none, the directory the
    /// tables show now is stored; when small commits have changed that many rows since, the stored
    /// one patched with them. Fewer are left for searches to patch as they read it.
    private func keepDirectory(generation: Int64) throws {
        let stored = try RowDirectory.storedGeneration(in: database)
        guard stored != generation else { return }
        if !isBulk, let stored {
            let behind = try database.scalarInt("SELECT count(*) FROM search_changes WHERE generation > ?1", [.integer(stored)]) ?? 0
            let floor = try MetaTable(database: database).integer(MetaTable.searchChangesFloor)
            guard behind >= Self.directoryRefreshRows || stored < floor else { return }
            if let directory = try RowDirectory.stored(in: database)?.directory, let rows = try SearchChanges.rows(after: stored, in: database) {
                let patched = directory.applying(try RowDirectory.changes(of: rows, from: database))
                if patched.isCloseToItsLoad { return try patched.store(in: database, generation: generation) }
            }
        }
        try storeDirectory()
    }

    /// Stores the row directory the tables show now (for a file that has none stored yet).
    func storeDirectory() throws {
        let generation = try MetaTable(database: database).integer(MetaTable.searchGeneration)
        try RowDirectory.scan(from: database).store(in: database, generation: generation)
    }

    // MARK: Bulk writes

    /// Puts the rows `content` gives back into the index as `finish` does, with their
    /// tokens made on a second thread (shim.h, "Tokenizing ahead"): a reader with the INSERT's own
    /// query hands the thread the rows in the order FTS5 is given them, a batch at a time, and the
    /// thread tokenizes one batch while FTS5 writes the one before, counting the rows' surface
    /// forms too. Should FTS5 be given another text than the reader's next (the session out of
    /// step), the INSERT fails and is made again in place; `put` is that. Any other failure of the
    /// INSERT is the write's.
    private func putAhead(_ content: String, orIn put: () throws -> Void) throws {
        try database.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title, body \(content)")])
        var failure: Error?
        do {
            try database.run("INSERT INTO search_index (rowid, title, body) SELECT row, title, body \(content)")
        } catch {
            failure = error
        }
        // 1: in step; 0: out of step; -1: unfinished (shim.h, guidebook_ahead_end).
        let ended = try database.scalarInt("SELECT guidebook_ahead_end()")
        switch (failure, ended) {
        case (nil, 1):
            try addCollectedForms()
            if bulkTokens != .aheadOutOfStep { bulkTokens = .ahead }  // one range out of step says so for the write
        case (nil, _):
            // The INSERT ended, yet not on the reader's last row: the forms counted are not its rows'.
            throw StoreError.corrupt("the search index was given other rows than the same query read ahead")
        case (.some, 0):
            try put()
            bulkTokens = .aheadOutOfStep
        case (.some(let error), _):
            throw error  // the INSERT's own failure (an interrupt, a full disk): not made again
        }
    }

    /// The rows of `search_content` among those bound as ?1 (a JSON array) that the index lacks.
    private static let unindexedContent = """
        FROM search_content WHERE row IN (SELECT value FROM json_each(?1))
        AND NOT EXISTS (SELECT 1 FROM search_index_docsize WHERE id = row)
        """

    /// The rows of `search_content` in `temp.search_pending` (`fillPendingTable`) that the index
    /// lacks; `first` and `last` are the least and the greatest of them. Each arm of the view reads
    /// the range between them through its `row` index, in `row` order (without the range, SQLite
    /// scans the guidelines by section, and FTS5 writes out its hash whenever a rowid goes down), and looks
    /// each row up in the table, so nothing grows with the number of rows: an `IN` list of a bulk
    /// write's rows, bound as JSON, cost each statement the parsed array and a temporary index of
    /// it, about 16 MB for each 100,000 rows, twice when the tokens are made ahead (the reader and
    /// the INSERT). The bounds are written into the SQL, as the reader made ahead binds only `?1`.
    private static func unindexedPendingContent(first: Int64, last: Int64) -> String {
        """
        FROM search_content WHERE row BETWEEN \(first) AND \(last) AND row IN temp.search_pending
        AND NOT EXISTS (SELECT 1 FROM search_index_docsize WHERE id = row)
        """
    }

    /// Puts `rows` (sorted) into the connection's temporary table `search_pending`, which is made
    /// on first use and emptied after each bulk write (a temporary table is the connection's own;
    /// the store's readers never see it, and it is never in the file).
    private func fillPendingTable(_ rows: [Int64]) throws {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS search_pending (row INTEGER PRIMARY KEY)")
        try database.execute("DELETE FROM temp.search_pending")
        var start = 0
        while start < rows.count {
            let end = min(start + Self.pendingChunk, rows.count)
            try database.run("INSERT INTO temp.search_pending (row) SELECT value FROM json_each(?1)", [.jsonArray(Array(rows[start..<end]))])
            start = end
        }
    }

    /// Rows bound at a time when filling `search_pending`: a JSON array of this many is parsed at once.
    private static let pendingChunk = 8_192

    /// Adds the surface forms the tokenizer collected to the vocabulary's counts.
    private func addCollectedForms() throws {
        try database.run("""
            INSERT INTO search_surface_forms (form, rows)
            SELECT key, value FROM json_each(guidebook_collected_forms()) WHERE true
            ON CONFLICT (form) DO UPDATE SET rows = rows + excluded.rows
            """)
    }

    /// FTS5's in-memory hash size during a bulk write of the index (16 MiB; FTS5's own is 1 MiB).
    ///
    /// FTS5 collects the tokens of the rows it indexes in a hash and writes them out as a new
    /// segment of the index whenever the hash holds more than its hash size; every few segments of
    /// one size are merged into one of the next, so each token of a bulk write is written again
    /// once per level. At 1 MiB, indexing 100,000 realistic guidelines wrote 60-odd segments and
    /// spent more time merging them than tokenizing (docs/benchmarks.md, "Import"); at 16 MiB a
    /// bulk write leaves a handful. The hash is freed when it is written out; a bulk write's peak
    /// memory grows by about twice this.
    static let bulkHashBytes = 16 << 20

    /// Runs `body` (one bulk statement on `search_index`) with FTS5's hash size raised to
    /// `bulkHashBytes`, then sets it back to what it was. FTS5 keeps the setting in
    /// `search_index_config`, the table its other connections read it from, so the row is put back
    /// as it was (absent: FTS5's default) in the same transaction; a transaction rolled back
    /// leaves it as it was too.
    private func withBulkHash<T>(_ body: () throws -> T) throws -> T {
        let configured = try database.firstRow("SELECT v FROM search_index_config WHERE k = 'hashsize'") { $0.int(0) }
        try setHashSize(Self.bulkHashBytes)
        let result = try body()
        if let configured {
            try setHashSize(configured)
        } else {
            // FTS5's default, in this connection's own copy of the setting; then the row goes.
            try setHashSize(1 << 20)
            try database.execute("DELETE FROM search_index_config WHERE k = 'hashsize'")
        }
        return result
    }

    private func setHashSize(_ bytes: Int) throws {
        try database.run("INSERT INTO search_index (search_index, rank) VALUES ('hashsize', ?1)", [.integer(Int64(bytes))])
    }

    /// True when the file counts the vocabulary's forms (`search_surface_forms`, migration 0024):
    /// every file the store serves; not one a test migrates step by step, before that step.
    private func countsForms() throws -> Bool {
        if let hasFormCounts { return hasFormCounts }
        let found = try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'search_surface_forms'") == 1
        hasFormCounts = found
        return found
    }

    // MARK: Rows

    /// Marks the index as changed; the SQL delete triggers do the same.
    private func bumpGeneration() throws {
        try MetaTable(database: database).increment(MetaTable.searchGeneration)
    }

    private func exists(_ sql: String, _ id: Int64) throws -> Bool {
        try database.firstRow(sql, [.integer(id)]) { _ in true } ?? false
    }

    /// Notes rows whose content may have changed: each is recorded for search caches and put back
    /// by `finish` if the triggers took it out (a row still in the index shows what it was indexed
    /// with; a row whose record is gone, or an untitled section, has no content to put).
    private func put(_ rows: [Int64]) throws {
        for row in rows {
            if pending.last != row { pending.append(row) }
            try record(row)
        }
        if pending.count >= compactPendingAt {
            compactPending()
            compactPendingAt = max(4_096, pending.count * 2)
        }
    }

    /// Sorts `pending` and drops its repeats, in place.
    private func compactPending() {
        pending.sort()
        var kept = 0
        for index in pending.indices where kept == 0 || pending[index] != pending[kept - 1] {
            pending[kept] = pending[index]
            kept += 1
        }
        pending.removeLast(pending.count - kept)
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
