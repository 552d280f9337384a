import GuidebookBase
package import SQLite

/// Applies migrations in order, each in its own transaction, recording each in `schema_migrations`.
///
/// Several processes may open the same new file at the same moment (two servers, or a server and
/// `guidebook import`), so each step takes the write lock first (`BEGIN IMMEDIATE`, waiting
/// through the busy timeout) and only then reads which versions are applied: whoever comes second
/// finds the work done and applies nothing.
///
/// Its methods take a connection, so they are `package`: the knowledge store and the jobs store
/// prepare their own files with it, and nothing outside the package sees SQLite.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The newest schema version this binary knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Readies a database file for this binary: refuses one whose schema is newer without changing
    /// a byte of it, switches it to WAL, applies the migrations still missing, and returns those
    /// this call applied. Safe while other processes do the same to the same file.
    @discardableResult
    package func prepare(_ database: Database) throws -> [Migration] {
        let found = try recordedVersion(of: database)
        guard found <= latestVersion else {
            throw StoreError.schemaTooNew(found: found, supported: latestVersion)
        }
        // Switching to WAL writes the file header under an exclusive lock; SQLite gives up at
        // once rather than wait when another process holds the write lock (see retryingWhileBusy).
        try database.retryingWhileBusy { try database.execute("PRAGMA journal_mode = WAL") }
        return try migrate(database)
    }

    /// The schema version recorded in `database` (0 for a new file), creating `schema_migrations` if missing.
    package func currentVersion(of database: Database) throws -> Int {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
        return try database.scalarInt("SELECT max(version) FROM schema_migrations") ?? 0
    }

    /// The schema version recorded in `database`, read without writing anything (0 for a new file).
    package func recordedVersion(of database: Database) throws -> Int {
        guard try database.hasTable("schema_migrations") else { return 0 }
        return try database.scalarInt("SELECT max(version) FROM schema_migrations") ?? 0
    }

    /// Brings `database` up to date and returns the migrations this call applied.
    /// A database newer than this binary is refused before anything is written.
    @discardableResult
    package func migrate(_ database: Database) throws -> [Migration] {
        // Up to date (every start but the first): no write lock, so starting servers don't queue.
        let found = try recordedVersion(of: database)
        guard found <= latestVersion else {
            throw StoreError.schemaTooNew(found: found, supported: latestVersion)
        }
        guard try !isUpToDate(database) else { return [] }
        var applied: [Migration] = []
        while let migration = try database.transaction({ try applyNext(database) }) {
            applied.append(migration)
        }
        return applied
    }

    /// True when every migration of this binary is recorded (read without writing anything).
    private func isUpToDate(_ database: Database) throws -> Bool {
        guard try recordedVersion(of: database) > 0 else { return migrations.isEmpty }
        let recorded = Set(try database.rows("SELECT version FROM schema_migrations") { $0.int(0) })
        return migrations.allSatisfy { recorded.contains($0.version) }
    }

    /// Inside a write transaction: the first migration not yet recorded, applied and recorded
    /// (nil when none is missing). A number below the newest recorded one is applied too: it came
    /// from work that reserved it and merged later. The versions are read under the lock, so no
    /// other process can apply the same one in between.
    private func applyNext(_ database: Database) throws -> Migration? {
        let current = try currentVersion(of: database)
        guard current <= latestVersion else {
            throw StoreError.schemaTooNew(found: current, supported: latestVersion)
        }
        let recorded = Set(try database.rows("SELECT version FROM schema_migrations") { $0.int(0) })
        guard let next = migrations.first(where: { !recorded.contains($0.version) }) else { return nil }
        try database.execute(next.sql)
        try database.run(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            [.int(next.version), .text(next.name), .text(Timestamp.now())]
        )
        return next
    }
}
