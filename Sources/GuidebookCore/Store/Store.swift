import Foundation
internal import SQLite

/// The knowledge base on disk: one SQLite file in WAL mode, one writer connection behind a lock,
/// and a pool of read connections so readers never wait for the writer.
///
/// The only door to SQLite: everything above it reads through `read` (a `KnowledgeReader`),
/// writes through `write` (a `KnowledgeWriter` inside one transaction) and searches through
/// `search`. SQLite's own types and errors stay inside; a lock held beyond the busy timeout
/// comes out as `StoreError.busy`.
public final class Store: @unchecked Sendable {
    /// Where the database file is.
    public let path: String
    /// Read connections, one per concurrent reader.
    let readers: ReaderPool
    /// Phrase postings and the row directory searches keep until the index changes.
    public let searchCache: SearchCache
    private let writer: Database
    private let writeLock = NSLock()
    // A connection that only watches for commits (`PRAGMA data_version`), by anyone, in any process.
    private let watcher: Database
    private let watchLock = NSLock()
    private var lastDataVersion: Int64 = -1
    private var generation: Int64 = 0

    /// Opens (creating if needed) the database at `path` and applies pending migrations.
    /// A database whose schema is newer than `migrations` is refused untouched. Safe while other
    /// processes open the same (new) file; a lock they hold beyond `busyTimeoutMilliseconds`
    /// is `StoreError.locked`.
    public init(path: String, migrations: [Migration], maxReaders: Int = 8,
                searchCacheSizing: SearchCacheSizing = .fixed(bytes: Store.defaultSearchCacheBytes),
                busyTimeoutMilliseconds: Int32 = 5_000) throws {
        self.path = path
        if path != ":memory:" {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }
        let writer = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try StoreError.reportingLock(of: writer) {
            // Even a pragma reads the schema, so it may wait for another process's lock.
            try writer.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            try writer.registerFullTextFunctions()  // search_words' tokenizer, for migrations and the indexer
            try Migrator(migrations: migrations).prepare(writer)
            let indexer = SearchIndexer(database: writer)
            // Decided again under the write lock: another process opening the file may have rebuilt it meanwhile.
            if try indexer.needsRebuild() {
                try writer.transaction {
                    if try indexer.needsRebuild() {
                        try indexer.rebuild()
                        try indexer.finish()
                    }
                }
            }
            // Once, for a file made before source revisions: what each translation was made from.
            if try TextRows.hasUnpinnedTranslations(writer) {
                try writer.transaction { try TextRows(database: writer, now: Timestamp.now()).pinUnpinnedTranslations() }
            }
        }
        self.writer = writer
        self.readers = ReaderPool(path: path, capacity: maxReaders)
        self.searchCache = SearchCache(sizing: searchCacheSizing)
        self.watcher = try Database(path: path)
        try watcher.execute("PRAGMA query_only = 1; PRAGMA cache_size = -64;")
    }

    /// Memory for search postings of a store made without sizing: 32 MiB (the server sizes its
    /// cache automatically unless told a number).
    public static let defaultSearchCacheBytes = 32 * 1024 * 1024

    /// Sizes the search cache for the index as it is now, so an automatic cache has its size from
    /// the start (it would otherwise learn it at the first search); returns the index's rows and
    /// the capacity. The rows are counted from the highest record ids (each topic, section and
    /// guideline is one row of the index): three index lookups, however large the index.
    @discardableResult
    public func fitSearchCacheToIndex() throws -> (indexRows: Int, capacityBytes: Int) {
        let rows = try read { reader in
            try ["topics", "sections", "guidelines"].reduce(0) { $0 + (try reader.database.scalarInt("SELECT coalesce(max(id), 0) FROM \($1)") ?? 0) }
        }
        return (rows, searchCache.fit(indexRows: rows))
    }

    /// Runs a search on a pooled read connection: the hits of one page, the total and the facets.
    /// A query SQLite refuses is `SearchEngine.Failure.queryRefused`.
    public func search(_ request: SearchRequest) throws -> SearchResults {
        try readSearching { reader, loadsAside in try reader.search(request, cache: searchCache, loadsAside: loadsAside) }
    }

    /// Runs `body` in a read transaction; when a search in it finds the search cache already ahead
    /// of that transaction (another search caught the cache up with a commit that came after the
    /// transaction began), once more in a new transaction, which sees that commit, so that the
    /// search uses the cache instead of sending it back to an older index. `body` gets whether its
    /// searches may do that (only on the second run: then the database itself is older).
    private func readSearching<T>(_ body: (KnowledgeReader, Bool) throws -> T) throws -> T {
        do {
            return try read { try body($0, false) }
        } catch is SearchCache.BehindTheCache {
            return try read { try body($0, true) }
        }
    }

    /// Runs a search and reads the texts its hits show, in one read transaction. A query that
    /// finds nothing is, with `correcting`, searched again as its suggestion says
    /// (`SearchPage.corrected`); then, with `relaxing`, when the query searched still finds nothing,
    /// its words are dropped from the end one at a time until it finds something
    /// (`SearchQuery.droppingLastWord`, `SearchPage.dropped`). The suggestion is always the one
    /// for the query as asked.
    public func search(_ request: SearchRequest, correcting: Bool, relaxing: Bool = false) throws -> SearchPage {
        try readSearching { reader, loadsAside in
            var results = try reader.search(request, cache: searchCache, loadsAside: loadsAside)
            let suggestion = results.suggestion
            var searched = request
            var corrected = false
            if correcting, let suggestion, let suggested = try? SearchQuery.parse(suggestion) {
                searched.query = suggested
                corrected = true
                results = try reader.search(searched, cache: searchCache, loadsAside: loadsAside)
            }
            var dropped: [SearchQuery.Term] = []
            if relaxing && results.total == 0 {
                var shorter = searched
                shorter.suggests = false
                var droppedSoFar: [SearchQuery.Term] = []
                while let next = shorter.query.droppingLastWord() {
                    shorter.query = next.query
                    droppedSoFar.insert(next.dropped, at: 0)
                    let found = try reader.search(shorter, cache: searchCache, loadsAside: loadsAside)
                    if found.total > 0 {
                        (searched, results, dropped) = (shorter, found, droppedSoFar)
                        break
                    }
                }
            }
            let texts = try reader.searchHitTexts(results.hits)
            return SearchPage(results: results, items: zip(results.hits, texts).map { SearchPage.Item(hit: $0, texts: $1) },
                              suggestion: suggestion, searched: searched.query, corrected: corrected, dropped: dropped)
        }
    }

    /// A number that changes whenever anyone has committed to the database since the last call
    /// (this process's writer, or another process such as `guidebook import` on the same file).
    /// Cached responses remember it and are valid while it stays the same.
    public func dataGeneration() throws -> Int64 {
        try StoreError.translatingBusy {
            try watchLock.withLock {
                let version = try watcher.scalarInt("PRAGMA data_version").map(Int64.init) ?? 0
                if version != lastDataVersion {
                    lastDataVersion = version
                    generation += 1
                }
                return generation
            }
        }
    }

    /// Runs `body` with the writer inside one IMMEDIATE transaction: committed when it returns,
    /// rolled back when it throws. Writers are serialized. What it changes is appended to the
    /// change log in the same transaction, as made by the token named `token` (nil: none).
    public func write<T>(token: String? = nil, _ body: (KnowledgeWriter) throws -> T) throws -> T {
        try StoreError.translatingBusy {
            try writeLock.withLock {
                try writer.transaction {
                    let knowledge = KnowledgeWriter(database: writer, token: token)
                    let value = try body(knowledge)
                    try knowledge.finish()
                    return value
                }
            }
        }
    }

    /// True when the database cannot be written through this store (a read-only file or replica):
    /// nothing that writes, such as the webhook sender, may run then.
    public var isReadOnly: Bool { writeLock.withLock { writer.isReadOnly } }

    /// Runs `body` in one IMMEDIATE transaction on the connection that watches for commits, for
    /// bookkeeping that must not count as a change of the data (a connection's own commits leave
    /// its `PRAGMA data_version` as it is, so cached answers stay valid; commits by others are
    /// still seen). It does not wait for the write lock: false when another connection holds it.
    func writeUnobserved(_ body: (Database) throws -> Void) throws -> Bool {
        try watchLock.withLock {
            try watcher.execute("PRAGMA query_only = 0; PRAGMA busy_timeout = 0;")
            defer { try? watcher.execute("PRAGMA query_only = 1; PRAGMA busy_timeout = \(watcher.busyTimeoutMilliseconds);") }
            do {
                try watcher.transaction { try body(watcher) }
                return true
            } catch let error as SQLiteError where error.isBusy {
                return false
            }
        }
    }

    /// Runs `body` (work done while starting, such as seeding), turning a lock another process
    /// held beyond the busy timeout into `StoreError.locked`, which names this file.
    func reportingLock<T>(_ body: () throws -> T) throws -> T {
        try StoreError.reportingLock(of: writer, body)
    }

    /// Runs `body` with a pooled read connection, inside one read transaction (one consistent snapshot).
    public func read<T>(_ body: (KnowledgeReader) throws -> T) throws -> T {
        try StoreError.translatingBusy { try readers.withReader(body) }
    }

    /// True when the knowledge base has no topics.
    public func isEmpty() throws -> Bool {
        try read { try $0.database.scalarInt("SELECT count(*) FROM topics") == 0 }
    }

    /// A fact stored in the `meta` table.
    func meta(_ key: String) throws -> String? {
        try read { try MetaTable(database: $0.database).value(key) }
    }

    /// Rebuilds the full-text index from the knowledge base (`guidebook reindex`).
    public func rebuildSearchIndex() throws {
        try write { try $0.indexer.rebuild() }
    }

    /// Writes the WAL back into the database file (at shutdown, so the file stands alone).
    public func checkpoint() throws {
        try StoreError.translatingBusy {
            try writeLock.withLock { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }
}
