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
    public init(path: String, migrations: [Migration], maxReaders: Int = 8, searchCacheBytes: Int = Store.defaultSearchCacheBytes,
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
                try writer.transaction { if try indexer.needsRebuild() { try indexer.rebuild() } }
            }
        }
        self.writer = writer
        self.readers = ReaderPool(path: path, capacity: maxReaders)
        self.searchCache = SearchCache(capacityBytes: searchCacheBytes)
        self.watcher = try Database(path: path)
        try watcher.execute("PRAGMA query_only = 1; PRAGMA cache_size = -64;")
    }

    /// Memory for search postings unless told otherwise: 32 MiB.
    public static let defaultSearchCacheBytes = 32 * 1024 * 1024

    /// Runs a search on a pooled read connection: the hits of one page, the total and the facets.
    /// A query SQLite refuses is `SearchEngine.Failure.queryRefused`.
    public func search(_ request: SearchRequest) throws -> SearchResults {
        try read { try $0.search(request, cache: searchCache) }
    }

    /// Runs a search and reads the texts its hits show, in one read transaction. With `correcting`,
    /// a query that finds nothing is searched again as its suggestion says (`SearchPage.corrected`).
    public func search(_ request: SearchRequest, correcting: Bool) throws -> SearchPage {
        try read { reader in
            var results = try reader.search(request, cache: searchCache)
            let suggestion = results.suggestion
            var searched = request.query
            var corrected = false
            if correcting, let suggestion, let suggested = try? SearchQuery.parse(suggestion) {
                var again = request
                again.query = suggested
                searched = suggested
                corrected = true
                results = try reader.search(again, cache: searchCache)
            }
            let texts = try reader.searchHitTexts(results.hits)
            return SearchPage(results: results, items: zip(results.hits, texts).map { SearchPage.Item(hit: $0, texts: $1) },
                              suggestion: suggestion, searched: searched, corrected: corrected)
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
    /// rolled back when it throws. Writers are serialized.
    public func write<T>(_ body: (KnowledgeWriter) throws -> T) throws -> T {
        try StoreError.translatingBusy {
            try writeLock.withLock {
                try writer.transaction { try body(KnowledgeWriter(database: writer)) }
            }
        }
    }

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
        try write { try SearchIndexer(database: $0.database).rebuild() }
    }

    /// Writes the WAL back into the database file (at shutdown, so the file stands alone).
    public func checkpoint() throws {
        try StoreError.translatingBusy {
            try writeLock.withLock { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }
}
