import CSQLite

/// A failed SQLite call: the result code, SQLite's own message and the SQL that failed.
/// Bound arguments are never included: they may hold private text.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary or extended SQLite result code.
    public let code: Int32
    /// SQLite's explanation (`sqlite3_errmsg`).
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (extended codes carry it in the low byte).
    public var primaryCode: Int32 { code & 0xff }

    /// True for SQLITE_BUSY / SQLITE_LOCKED.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True when a constraint (unique, foreign key, not null, check) failed.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// True for an FTS5 query syntax error or similar user-caused SQL error.
    public var isGenericError: Bool { primaryCode == SQLITE_ERROR }

    public var description: String {
        if let sql { return "SQLite error \(code): \(message) (in: \(sql))" }
        return "SQLite error \(code): \(message)"
    }
}
