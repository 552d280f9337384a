import Foundation
import SQLite

/// The knowledge base on disk: one SQLite file in WAL mode, one writer connection behind a lock,
/// and a pool of read connections so readers never wait for the writer.
public final class Store: @unchecked Sendable {
    /// Where the database file is.
    public let path: String
    /// Read connections, one per concurrent reader.
    public let readers: ReaderPool
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
    /// A database whose schema is newer than `migrations` is refused untouched.
    public init(path: String, migrations: [Migration], maxReaders: Int = 8, searchCacheBytes: Int = Store.defaultSearchCacheBytes) throws {
        self.path = path
        if path != ":memory:" {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }
        let writer = try Database(path: path)
        let migrator = Migrator(migrations: migrations)
        // Check the version before switching journal mode, so a too-new file is not modified at all.
        let found = try Store.recordedVersion(writer)
        guard found <= migrator.latestVersion else {
            throw StoreError.schemaTooNew(found: found, supported: migrator.latestVersion)
        }
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
        try writer.registerFullTextFunctions()  // search_words' tokenizer, for migrations and the indexer
        try migrator.migrate(writer)
        let indexer = SearchIndexer(database: writer)
        if try indexer.needsRebuild() {
            try writer.transaction { try indexer.rebuild() }
        }
        self.writer = writer
        self.readers = ReaderPool(path: path, capacity: maxReaders)
        self.searchCache = SearchCache(capacityBytes: searchCacheBytes)
        self.watcher = try Database(path: path)
        try watcher.execute("PRAGMA query_only = 1; PRAGMA cache_size = -64;")
    }

    /// Memory for search postings unless told otherwise: 32 MiB.
    public static let defaultSearchCacheBytes = 32 * 1024 * 1024

    /// Runs a search on a pooled read connection.
    public func search(_ request: SearchRequest) throws -> SearchResults {
        try read { try SearchEngine(database: $0.database, cache: searchCache).search(request) }
    }

    /// A number that changes whenever anyone has committed to the database since the last call
    /// (this process's writer, or another process such as `guidebook import` on the same file).
    /// Cached responses remember it and are valid while it stays the same.
    public func dataGeneration() throws -> Int64 {
        try watchLock.withLock {
            let version = try watcher.scalarInt("PRAGMA data_version").map(Int64.init) ?? 0
            if version != lastDataVersion {
                lastDataVersion = version
                generation += 1
            }
            return generation
        }
    }

    private static func recordedVersion(_ database: Database) throws -> Int {
        let hasTable = try database.scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") != nil
        guard hasTable else { return 0 }
        return try database.scalarInt("SELECT max(version) FROM schema_migrations") ?? 0
    }

    /// Runs `body` with the writer connection inside one IMMEDIATE transaction. Writers are serialized.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writeLock.withLock {
            try writer.transaction { try body(writer) }
        }
    }

    /// Runs `body` with a pooled read connection.
    public func read<T>(_ body: (KnowledgeReader) throws -> T) throws -> T {
        try readers.withReader(body)
    }

    /// True when the knowledge base has no topics.
    public func isEmpty() throws -> Bool {
        try read { try $0.database.scalarInt("SELECT count(*) FROM topics") == 0 }
    }

    /// A fact stored in the `meta` table.
    public func meta(_ key: String) throws -> String? {
        try read { reader in try reader.database.firstRow("SELECT value FROM meta WHERE key = ?", [.text(key)]) { $0.text(0) } }
    }

    /// Rebuilds the full-text index from the knowledge base (`guidebook reindex`).
    public func rebuildSearchIndex() throws {
        try write { try SearchIndexer(database: $0).rebuild() }
    }

    /// Writes the WAL back into the database file (at shutdown, so the file stands alone).
    public func checkpoint() throws {
        try writeLock.withLock { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
