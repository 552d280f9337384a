import SQLite

/// Applies migrations in order, each in its own transaction, recording each in `schema_migrations`.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The newest schema version this binary knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The schema version recorded in `database` (0 for a new file).
    public func currentVersion(of database: Database) throws -> Int {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
        return try database.scalarInt("SELECT max(version) FROM schema_migrations") ?? 0
    }

    /// Brings `database` up to date and returns the migrations it applied.
    /// A database newer than this binary is refused before anything is written.
    @discardableResult
    public func migrate(_ database: Database) throws -> [Migration] {
        let current = try currentVersion(of: database)
        guard current <= latestVersion else {
            throw StoreError.schemaTooNew(found: current, supported: latestVersion)
        }
        var applied: [Migration] = []
        for migration in migrations where migration.version > current {
            try database.transaction {
                try database.execute(migration.sql)
                try database.run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    [.int(migration.version), .text(migration.name), .text(Timestamp.now())]
                )
            }
            applied.append(migration)
        }
        return applied
    }
}
