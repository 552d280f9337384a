import Foundation
import GuidebookBase
import GuidebookChecks
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
    /// Nil on a replica: nothing is ever written through it.
    private let writer: Database?
    private let writeLock = NSLock()
    /// Who sees every write: the built-in observers, then the added ones.
    private let observerList: ObserverList
    /// The data generation, moved by this store's commits and by a thread that notices everyone else's.
    private let commits: CommitWatcher
    /// Whether Litestream was said to replicate the file (`GUIDEBOOK_REPLICATION=litestream`).
    private let replication: Replication
    /// On a replica: the lag and the last transaction applied, as the replicated file tells them.
    public let replicaStatus: ReplicaStatus?
    /// Which translations readers are shown (`--publish`): `read` gives them alone as text.
    public let publication: TranslationPublication

    /// How often the thread that notices other processes' commits looks (`PRAGMA data_version`).
    public static let defaultWatchInterval: Duration = .milliseconds(5)

    /// Opens (creating if needed) the database at `path` and applies pending migrations.
    /// A database whose schema is newer than `migrations` is refused untouched. Safe while other
    /// processes open the same (new) file; a lock they hold beyond `busyTimeoutMilliseconds`
    /// is `StoreError.locked`.
    ///
    /// With `replication` `.litestream`, or when Litestream's `_litestream_seq` table is in the
    /// file, Litestream owns checkpointing: SQLite's automatic checkpoints are off on this store's
    /// connections (Litestream's advice; it checkpoints at its own thresholds) and `checkpoint()`
    /// leaves the WAL to it.
    ///
    /// `checkWorkers` threads make the translation findings of a large write at once (an import;
    /// the texts are still read and the findings written by the writer, in order), one while
    /// `foreground` has seen a request lately; with more than one, a bulk write of the search index
    /// has its tokens made on a second thread too (`SearchIndexer`).
    public init(path: String, migrations: [Migration], maxReaders: Int = 8,
                searchCacheSizing: SearchCacheSizing = .fixed(bytes: Store.defaultSearchCacheBytes),
                busyTimeoutMilliseconds: Int32 = 5_000, replication: Replication = .detect,
                watchInterval: Duration = Store.defaultWatchInterval, publication: TranslationPublication = .translated,
                checks: CheckOptions = CheckOptions(), checkWorkers: Int = 1,
                foreground: ForegroundActivity = ForegroundActivity()) throws {
        self.path = path
        self.foreground = foreground
        self.replication = replication
        self.replicaStatus = nil
        self.publication = publication
        let translationChecks = TranslationChecks(options: checks, workers: checkWorkers, foreground: foreground)
        self.translationChecks = translationChecks
        self.observerList = ObserverList(builtIn: Store.builtInObservers(checks: translationChecks))
        if let directory = Store.folderToCreate(forDatabaseAt: path) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let writer = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try StoreError.reportingLock(of: writer) {
            // Even a pragma reads the schema, so it may wait for another process's lock.
            // Statement journals in memory: a statement that fires triggers (every guideline and text
            // an import writes) keeps the pages it changes in one, and SQLite's default moves it to
            // a temporary file once one statement passes 64 KiB, for the rest of the transaction:
            // 568,000 writes and 12% of a 30,000-guideline import (docs/imports.md). The
            // journal holds one statement's pages at a time.
            try writer.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;")
            try writer.registerFullTextFunctions()  // the index's tokenizer, for migrations, the triggers and the indexer
            try Migrator(migrations: migrations).prepare(writer)
            let indexer = SearchIndexer(database: writer, workers: { translationChecks.workers })
            // Decided again under the write lock: another process opening the file may have rebuilt it meanwhile.
            if try indexer.needsRebuild() {
                try writer.transaction {
                    if try indexer.needsRebuild() {
                        try indexer.rebuild()
                        try indexer.finish()
                    }
                }
            }
            // Once, for a file whose texts were stored before the normalization rules (NFC and the rest).
            if try TextRows.needsNormalizing(writer) {
                try writer.transaction {
                    if try TextRows.needsNormalizing(writer) {
                        let indexer = SearchIndexer(database: writer, workers: { translationChecks.workers })  // one per transaction
                        try TextRows(database: writer, now: Timestamp.now()).normalizeStoredTexts(indexer: indexer)
                        try indexer.finish()
                    }
                }
            }
            // Once, for a file made before the row directory was stored: store it now, so the first
            // search reads it in one pass (RowDirectory+Stored.swift); writers keep it from then on.
            if try RowDirectory.storedGeneration(in: writer) == nil {
                try writer.transaction {
                    if try RowDirectory.storedGeneration(in: writer) == nil { try indexer.storeDirectory() }
                }
            }
            // Once, for a file made before source revisions: what each translation was made from.
            if try TextRows.hasUnpinnedTranslations(writer) {
                try writer.transaction { try TextRows(database: writer, now: Timestamp.now()).pinUnpinnedTranslations() }
            }
            // Every translation checked, when the findings on file were made otherwise (or never).
            try TranslationCheckObserver.prepare(writer, checks: translationChecks)
        }
        self.writer = writer
        let watcher = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try watcher.execute("PRAGMA query_only = 1; PRAGMA cache_size = -64;")
        let commits = try CommitWatcher(connection: watcher, interval: watchInterval)
        self.commits = commits
        self.searchCache = Self.searchCache(searchCacheSizing, commits: commits)
        self.readers = ReaderPool(path: path, capacity: maxReaders, mode: .readWriteCreate, searchCache: searchCache)
        if try isReplicated() { try setLitestreamOwnsCheckpoints() }
        commits.start()
    }

    /// Opens the read replica at `path`, a file something else keeps current (`litestream restore -f`):
    /// read-only connections (`SQLITE_OPEN_READONLY`, `query_only`), no migrations, no seeding, no
    /// journal-mode change, short read transactions. A missing file is `StoreError.replicaMissing`;
    /// a file that is not a database, `StoreError.replicaUnreadable`; a schema other than the one
    /// `migrations` end at, `StoreError.schemaTooNew` or `StoreError.replicaSchemaOlder`.
    /// New data is noticed within `watchInterval` of the follower's commit.
    public init(replicaAt path: String, migrations: [Migration], maxReaders: Int = 8,
                searchCacheSizing: SearchCacheSizing = .fixed(bytes: Store.defaultSearchCacheBytes),
                busyTimeoutMilliseconds: Int32 = 5_000, watchInterval: Duration = Store.defaultWatchInterval,
                publication: TranslationPublication = .translated) throws {
        self.publication = publication
        switch ReplicaFile.state(of: path) {
        case .missing: throw StoreError.replicaMissing(path: path)
        case .notYetFollowed: throw StoreError.replicaNotYetFollowed(path: path)
        case .ready, .unrecognized: break
        }
        guard ReplicaFile.removeEmptyWAL(besides: path) else {
            throw StoreError.replicaUnreadable(path: path, reason: "it has a write-ahead log with frames in it, so it is not a file `litestream restore -f` keeps")
        }
        self.path = path
        self.replication = .detect
        self.writer = nil
        self.foreground = ForegroundActivity()
        self.translationChecks = TranslationChecks(options: CheckOptions())
        self.observerList = ObserverList(builtIn: [])
        let watcher: Database
        do {
            watcher = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try watcher.execute("PRAGMA query_only = 1; PRAGMA cache_size = -64;")
            let found = try Migrator(migrations: migrations).recordedVersion(of: watcher)
            let expected = Migrator(migrations: migrations).latestVersion
            if found > expected { throw StoreError.schemaTooNew(found: found, supported: expected) }
            if found < expected { throw StoreError.replicaSchemaOlder(found: found, expected: expected) }
        } catch let error as SQLiteError {
            throw StoreError.replicaUnreadable(path: path, reason: error.message)
        }
        let status = ReplicaStatus(path: path)
        self.replicaStatus = status
        let commits = try CommitWatcher(connection: watcher, interval: watchInterval) { status.observe($0) }
        self.commits = commits
        self.searchCache = Self.searchCache(searchCacheSizing, commits: commits)
        self.readers = ReaderPool(path: path, capacity: maxReaders, mode: .readOnly, searchCache: searchCache)
        commits.start()
    }

    deinit { commits.stop() }

    /// The store's search cache. When a search's read transaction is older than the cache, the
    /// cache asks for the newest search generation, read on the watcher's connection in a
    /// transaction of its own, to tell an older transaction from a database that went back.
    private static func searchCache(_ sizing: SearchCacheSizing, commits: CommitWatcher) -> SearchCache {
        SearchCache(sizing: sizing, latestGeneration: {
            try commits.withConnection { try MetaTable(database: $0).integer(MetaTable.searchGeneration) }
        })
    }

    /// How Litestream's part is known.
    public enum Replication: Sendable, Equatable {
        /// From the file: replicated when Litestream's `_litestream_seq` table is in it.
        case detect
        /// Configured (`GUIDEBOOK_REPLICATION=litestream`): Litestream replicates the file.
        case litestream
    }

    /// True when Litestream replicates this file: configured so, or its `_litestream_seq` table
    /// is there (Litestream makes it when it starts; a store opened earlier sees it later).
    public func isReplicated() throws -> Bool {
        if replication == .litestream { return true }
        return try read { try $0.database.scalarInt("SELECT 1 FROM sqlite_master WHERE name = '_litestream_seq'") != nil }
    }

    /// Litestream's advice: turn SQLite's automatic checkpoints off, so the application never
    /// checkpoints while Litestream switches locks; Litestream checkpoints the WAL itself.
    private func setLitestreamOwnsCheckpoints() throws {
        guard let writer else { return }
        try writeLock.withLock { try writer.execute("PRAGMA wal_autocheckpoint = 0") }
        try commits.withConnection { try $0.execute("PRAGMA wal_autocheckpoint = 0") }
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

    /// Runs a search on a pooled read connection, in one read transaction: the hits of one page,
    /// the total and the facets (`KnowledgeReader.search(_:)`). A query SQLite refuses is
    /// `SearchEngine.Failure.queryRefused`.
    public func search(_ request: SearchRequest) throws -> SearchResults {
        try read { try $0.search(request) }
    }

    /// Runs a search and reads the texts its hits show, in one read transaction
    /// (`KnowledgeReader.search(_:correcting:relaxing:)`, where its options are described). A
    /// caller that checks something first (does the topic exist?) calls the reader's in its own
    /// `read`, so the check and the search see one snapshot.
    public func search(_ request: SearchRequest, correcting: Bool, relaxing: Bool = false) throws -> SearchPage {
        try read { try $0.search(request, correcting: correcting, relaxing: relaxing) }
    }

    /// A number that changes whenever anyone has committed to the database (this process's
    /// writer at once; another process such as `guidebook import`, or on a replica the Litestream
    /// follower, within one poll of the commit watcher). Cached responses remember it and are
    /// valid while it stays the same. One atomic load: no lock, no SQLite call. It does not
    /// throw; the signature is kept for its callers.
    public func dataGeneration() throws -> Int64 {
        commits.current
    }

    /// Runs `body` with the writer inside one IMMEDIATE transaction: committed when it returns,
    /// rolled back when it throws. Writers are serialized. Every observer sees the transaction
    /// (`TransactionObserver`): the built-in ones settle the search index's record, append what it
    /// changed to the change log (as made by the token named `token`, nil: none) and fill the
    /// webhook outbox before the commit; the added ones are told after it, outside the write lock.
    /// On a replica it throws `StoreError.readOnlyReplica` and writes nothing.
    public func write<T>(token: String? = nil, _ body: (KnowledgeWriter) throws -> T) throws -> T {
        guard let writer else { throw StoreError.readOnlyReplica }
        let (value, committed, observers) = try StoreError.translatingBusy {
            try writeLock.withLock {
                let observers = observerList.current
                let (value, committed) = try writer.transaction {
                    let knowledge = KnowledgeWriter(database: writer, token: token, publication: publication, checks: translationChecks)
                    let value = try body(knowledge)
                    let transaction = CommittingTransaction(writer: knowledge)
                    for observer in observers { try observer.databaseWillCommit(transaction) }
                    try Self.stampDataChange(writer)
                    return (value, transaction.committed)
                }
                commits.ownCommitFinished()
                return (value, committed, observers)
            }
        }
        for observer in observers { observer.databaseDidCommit(committed) }
        return value
    }

    /// Registers `observer` for every later write through this store, after the built-in ones and
    /// those added before it. The store keeps it weakly (it goes away with its owner);
    /// `removeObserver` ends it earlier.
    public func addObserver(_ observer: any TransactionObserver) {
        observerList.add(observer)
    }

    /// Stops telling `observer` of writes (a stopped sender).
    public func removeObserver(_ observer: any TransactionObserver) {
        observerList.remove(observer)
    }

    /// What every write does before its commit, in this order: the search index's rows and record
    /// of changed rows, the change log (those after it read what it appended; after the index so
    /// that its rows fill the pages the index's merges freed), the translation coverage of the
    /// topics it touched, the webhook outbox, the translations' quality checks.
    static func builtInObservers(checks: TranslationChecks) -> [any TransactionObserver] {
        [SearchIndexObserver(), ChangeLogObserver(), CoverageObserver(), WebhookOutboxObserver(), TranslationCheckObserver(checks: checks)]
    }

    /// How translations are checked on write (`--checks`, `--check-length-ratio`).
    public var checkOptions: CheckOptions { translationChecks.options }
    /// The checks every write runs (the findings' observer, the approval gate).
    let translationChecks: TranslationChecks
    /// Where the API notes the requests it serves, so that a large write keeps its checks to one
    /// thread meanwhile (`TranslationChecks.workers`).
    public let foreground: ForegroundActivity

    /// True when the database cannot be written through this store (a read-only file or replica):
    /// nothing that writes, such as the webhook sender, may run then.
    public var isReadOnly: Bool {
        guard let writer else { return true }
        return writeLock.withLock { writer.isReadOnly }
    }

    /// True for a store opened with `init(replicaAt:)`.
    public var isReplica: Bool { writer == nil }

    /// Runs `body` in one IMMEDIATE transaction on the connection that watches for commits, for
    /// bookkeeping that must not count as a change of the data (a connection's own commits leave
    /// its `PRAGMA data_version` as it is, so cached answers stay valid; commits by others are
    /// still seen). It does not wait for the write lock: false when another connection holds it.
    func writeUnobserved(_ body: (Database) throws -> Void) throws -> Bool {
        guard writer != nil else { throw StoreError.readOnlyReplica }
        return try commits.withConnection { watcher in
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
        guard let writer else { return try body() }
        return try StoreError.reportingLock(of: writer, body)
    }

    /// Runs `body` with a pooled read connection, inside one read transaction (one consistent
    /// snapshot). Its reads of topics, sections and guidelines give as text only the translations
    /// `publication` shows readers; `includingUnpublished` gives every one (the translators' and
    /// reviewers' views, the backup bundle).
    public func read<T>(includingUnpublished: Bool = false, _ body: (KnowledgeReader) throws -> T) throws -> T {
        try StoreError.translatingBusy {
            try readers.withReader { reader in
                reader.publication = includingUnpublished ? nil : publication
                return try body(reader)
            }
        }
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

    /// Writes the WAL back into the database file (at shutdown, so the file stands alone), unless
    /// Litestream replicates it: then the WAL is Litestream's to checkpoint (an outside TRUNCATE
    /// checkpoint makes it start a new snapshot), and nothing is done. Returns whether it checkpointed.
    @discardableResult
    public func checkpoint() throws -> Bool {
        guard let writer, try !isReplicated() else { return false }
        try StoreError.translatingBusy {
            try writeLock.withLock { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        return true
    }

    /// Moves the data stamp (`PRAGMA user_version`) in the transaction of every write through
    /// `write`. It lives in the file's first page, so every commit rewrites that page, and
    /// Litestream's follower (`restore -f`), which writes pages under the file's own lock and
    /// marks the file changed only when page 1 is among them, makes each commit visible to the
    /// replica's connections; the replica counts a change of the data only when the stamp moved.
    private static func stampDataChange(_ database: Database) throws {
        let stamp = try database.scalarInt("PRAGMA user_version") ?? 0
        try database.execute("PRAGMA user_version = \((stamp + 1) & 0x3fff_ffff)")
    }

    /// Writes the time now as the replication heartbeat, without counting as a change of the data
    /// and without waiting for the lock (false: busy, try at the next beat). A replica's lag is the
    /// age of the last heartbeat it has (see `ReplicaStatus`).
    public func writeHeartbeat(now: Date = Date()) throws -> Bool {
        try writeUnobserved { database in
            try MetaTable(database: database).set(MetaTable.replicationHeartbeat, to: String(Int64(now.timeIntervalSince1970 * 1000)))
            // The stamp set again as it is: page 1 is rewritten, so a replica's follower marks the
            // file changed (see `stampDataChange`), while the stamp says the data did not change.
            let stamp = try database.scalarInt("PRAGMA user_version") ?? 0
            try database.execute("PRAGMA user_version = \(stamp)")
        }
    }
}

extension Store {
    /// The folder a database at `path` needs made before it opens, or nil. An in-memory database
    /// needs none, and neither does a SQLite URI (`file:…?mode=ro`): its text is not a path, and
    /// taking it for one made a folder named `file:` in the working directory.
    static func folderToCreate(forDatabaseAt path: String) -> String? {
        if path == ":memory:" || path.hasPrefix("file:") { return nil }
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? nil : directory
    }
}
