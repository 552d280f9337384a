internal import SQLite

/// The `meta` table: facts kept beside the knowledge base — when the seed was loaded, the search
/// index's version and generation, which import jobs committed — and `meta_blobs`, its large
/// values (kept apart so that looking up a small fact never reads one: see
/// Migrations/0020_meta_blobs.sql). The one place in the code that writes them (the migrations'
/// triggers also count the search generation up, in SQL).
struct MetaTable {
    let database: Database

    /// When the seed was loaded (it is never loaded twice, even into a knowledge base emptied since).
    static let seedLoadedAt = "seed_loaded_at"
    /// The text-splitting version the search index was built with (`TextSegmenter.version`).
    static let searchIndexVersion = "search_index_version"
    /// The rules the stored texts were normalized with (`TextNormalization.version`).
    static let textNormalization = "text_normalization"
    /// The counter bumped with every change to the search index (see `SearchCache`).
    static let searchGeneration = "search_generation"
    /// The generation below which `search_changes` is incomplete (see `SearchChanges`).
    static let searchChangesFloor = "search_changes_floor"
    /// The options the stored translation findings were made with (`CheckOptions.fingerprint`).
    static let checksFingerprint = "checks_fingerprint"
    /// Counted up by every transaction that changes the glossary (the checks keep what they made
    /// of a glossary while this stays the same).
    static let glossaryGeneration = "glossary_generation"
    /// The search row directory as the writers keep it (a blob in `meta_blobs`,
    /// `RowDirectory+Stored.swift`), and the search generation it shows.
    static let searchDirectory = "search_directory"
    static let searchDirectoryGeneration = "search_directory_generation"
    /// The search vocabulary as a bulk change of the index left it (a blob in `meta_blobs`,
    /// `SearchVocabulary+Stored.swift`), and the search generation it shows.
    static let searchVocabulary = "search_vocabulary"
    static let searchVocabularyGeneration = "search_vocabulary_generation"
    /// When the primary last wrote its replication heartbeat (milliseconds since 1970).
    static let replicationHeartbeat = "replication_heartbeat"
    /// The marker of an import job whose data committed (see `KnowledgeWriter.markImportCommitted`).
    static func importMarker(job: String) -> String { "import:" + job }

    /// The value stored under `key`, or nil.
    func value(_ key: String) throws -> String? {
        try database.firstRow("SELECT value FROM meta WHERE key = ?1", [.text(key)]) { $0.text(0) }
    }

    /// The value stored under `key` read as a whole number (0 when there is none).
    func integer(_ key: String) throws -> Int64 {
        Int64(try database.scalarInt("SELECT value FROM meta WHERE key = ?1", [.text(key)]) ?? 0)
    }

    /// Stores `value` under `key`, replacing what was there.
    func set(_ key: String, to value: String) throws {
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)", [.text(key), .text(value)])
    }

    /// Calls `body` with the bytes stored under `key` in `meta_blobs`; nil when there are none.
    func withBytes<R>(_ key: String, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
        guard try keepsBytes() else { return nil }
        return try database.firstRow("SELECT value FROM meta_blobs WHERE key = ?1", [.text(key)]) { try $0.withBlob(0, body) }
    }

    /// Stores `bytes` under `key` in `meta_blobs`, replacing what was there.
    func set(_ key: String, toBytes bytes: [UInt8]) throws {
        guard try keepsBytes() else { return }
        try database.run("INSERT OR REPLACE INTO meta_blobs (key, value) VALUES (?1, ?2)", [.text(key), .blob(bytes)])
    }

    /// False for a file whose schema stops before `meta_blobs` (Migrations/0020_meta_blobs.sql).
    /// A store always migrates its file to the end and a replica refuses an older one, so only a
    /// test that opens a store with the first migrations alone (to make a file as an older release
    /// left it) meets one; such a file keeps no stored forms, and what they hold is worked out
    /// from the index instead, as for a file that never had them.
    private func keepsBytes() throws -> Bool {
        try database.hasTable("meta_blobs")
    }

    /// Adds one to the number stored under `key`.
    func increment(_ key: String) throws {
        try database.run("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = ?1", [.text(key)])
    }
}
