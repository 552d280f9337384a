import GuidebookBase
internal import SQLite

/// The `tokens` table (Migrations/0005_tokens.sql): API tokens by name, with their role and the
/// SHA-256 of their secret. The one place in the code that reads and writes it.
struct TokenTable {
    let database: Database

    private static let columns = "id, name, role, digest, created_at, last_used_at"

    private static func token(_ row: Statement) -> StoredToken {
        StoredToken(id: row.int64(0), name: row.text(1), role: row.text(2), digest: row.blob(3), createdAt: row.text(4),
                    lastUsedAt: row.optionalText(5))
    }

    /// Every token, oldest first.
    func all() throws -> [StoredToken] {
        try database.rows("SELECT \(Self.columns) FROM tokens ORDER BY id", [], Self.token)
    }

    /// Up to `limit` tokens after the id `after`, oldest first.
    func page(after: Int64?, limit: Int) throws -> [StoredToken] {
        try database.rows("SELECT \(Self.columns) FROM tokens WHERE id > ?1 ORDER BY id LIMIT ?2",
                          [.integer(after ?? 0), .integer(Int64(limit))], Self.token)
    }

    /// The token called `name`, or nil.
    func named(_ name: String) throws -> StoredToken? {
        try database.firstRow("SELECT \(Self.columns) FROM tokens WHERE name = ?1", [.text(name)], Self.token)
    }

    /// Adds a token; nil when the name is taken (nothing is written then).
    func insert(name: String, role: String, digest: [UInt8], createdAt: String) throws -> StoredToken? {
        try database.run("INSERT INTO tokens (name, role, digest, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name) DO NOTHING",
                         [.text(name), .text(role), .blob(digest), .text(createdAt)])
        guard database.changes == 1 else { return nil }
        return StoredToken(id: database.lastInsertRowID, name: name, role: role, digest: digest, createdAt: createdAt, lastUsedAt: nil)
    }

    /// True when some token has `role`.
    func exists(role: String) throws -> Bool {
        try database.scalarInt("SELECT EXISTS (SELECT 1 FROM tokens WHERE role = ?1)", [.text(role)]) == 1
    }

    /// Deletes the token called `name`; false when there is none.
    func delete(name: String) throws -> Bool {
        try database.run("DELETE FROM tokens WHERE name = ?1", [.text(name)])
        return database.changes == 1
    }

    /// Records when tokens were last used (a token revoked meanwhile is skipped: its row is gone).
    func recordUse(_ uses: [(id: Int64, at: String)]) throws {
        for use in uses {
            try database.run("UPDATE tokens SET last_used_at = ?2 WHERE id = ?1 AND (last_used_at IS NULL OR last_used_at < ?2)",
                             [.integer(use.id), .text(use.at)])
        }
    }
}

extension Store {
    /// Every API token, oldest first.
    public func tokens() throws -> [StoredToken] {
        try read { try TokenTable(database: $0.database).all() }
    }

    /// Up to `limit` tokens created after the token with id `after` (nil: from the first), oldest first.
    public func tokens(after: Int64?, limit: Int) throws -> [StoredToken] {
        try read { try TokenTable(database: $0.database).page(after: after, limit: limit) }
    }

    /// The token called `name`, or nil.
    public func token(named name: String) throws -> StoredToken? {
        try read { try TokenTable(database: $0.database).named(name) }
    }

    /// Adds a token with the SHA-256 `digest` of its secret; nil when `name` is taken.
    public func addToken(name: String, role: String, digest: [UInt8], createdAt: String = Timestamp.now()) throws -> StoredToken? {
        try write { try TokenTable(database: $0.database).insert(name: name, role: role, digest: digest, createdAt: createdAt) }
    }

    /// Adds an admin token unless one exists, in one transaction, so that of several processes
    /// starting on a new database only one adds it. The first of `names` that is free is used.
    /// Nil when an admin token existed (or every name was taken): nothing was added.
    public func addAdminTokenIfNone(names: [String], digest: [UInt8]) throws -> StoredToken? {
        try write { writer in
            let table = TokenTable(database: writer.database)
            guard try !table.exists(role: "admin") else { return nil }
            for name in names {
                if let token = try table.insert(name: name, role: "admin", digest: digest, createdAt: Timestamp.now()) { return token }
            }
            return nil
        }
    }

    /// Deletes the token called `name`; false when there is none.
    public func revokeToken(named name: String) throws -> Bool {
        try write { try TokenTable(database: $0.database).delete(name: name) }
    }

    /// Records when tokens were last used, without counting as a change of the data (cached
    /// answers stay valid) and without waiting: false when another writer holds the lock (try
    /// again later). Throws when the database cannot be written at all (a read-only copy).
    public func recordTokenUse(_ uses: [(id: Int64, at: String)]) throws -> Bool {
        try writeUnobserved { try TokenTable(database: $0).recordUse(uses) }
    }
}
