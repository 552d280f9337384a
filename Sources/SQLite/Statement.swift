import CSQLite

/// A prepared statement. Owns its `sqlite3_stmt` and finalizes it in `deinit`.
///
/// A statement belongs to the connection that prepared it and, like the connection,
/// is used by one thread at a time.
public final class Statement {
    let handle: OpaquePointer
    /// The SQL text, kept for error messages.
    public let sql: String
    private unowned let database: Database

    init(database: Database, sql: String, persistent: Bool) throws {
        var stmt: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, flags, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw database.error(code: rc, sql: sql)
        }
        self.handle = stmt
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    public func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(handle, index)
        case .integer(let v):
            rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v):
            rc = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            var copy = v
            rc = copy.withUTF8 { buf in
                buf.withMemoryRebound(to: CChar.self) { chars in
                    guard let base = chars.baseAddress else {
                        // An empty string must bind as '' (a non-NULL pointer), not as NULL.
                        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    }
                    return sqlite3_bind_text(handle, index, base, Int32(chars.count), sqliteTransient)
                }
            }
        case .blob(let v):
            rc = v.withUnsafeBytes { buf in
                sqlite3_bind_blob(handle, index, buf.baseAddress, Int32(buf.count), sqliteTransient)
            }
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Advances to the next row. Returns false when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(code: rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Resets the statement so its read lock is released.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion, ignoring rows.
    public func run(_ values: [SQLValue] = []) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    // MARK: Columns of the current row

    /// The number of columns in the result.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// True when the column of the current row is NULL.
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    /// The column as an integer (0 for NULL).
    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    /// The column as an `Int` (0 for NULL).
    public func int(_ column: Int) -> Int {
        Int(sqlite3_column_int64(handle, Int32(column)))
    }

    /// The column as a double (0 for NULL).
    public func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// The column as text (empty for NULL).
    public func text(_ column: Int) -> String {
        withText(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// True when the column is NULL or the empty string.
    public func isEmptyText(_ column: Int) -> Bool {
        sqlite3_column_bytes(handle, Int32(column)) == 0
    }

    /// The column as text, nil for NULL.
    public func optionalText(_ column: Int) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The column as an integer, nil for NULL.
    public func optionalInt(_ column: Int) -> Int? {
        isNull(column) ? nil : int(column)
    }

    /// Calls `body` with the column's UTF-8 bytes without copying them into a String.
    /// The buffer is valid only inside `body`.
    public func withText<R>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let index = Int32(column)
        guard let pointer = sqlite3_column_text(handle, index) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// Calls `body` with the column's bytes without copying them (empty for NULL). The buffer is
    /// valid only inside `body`.
    public func withBlob<R>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let index = Int32(column)
        guard let pointer = sqlite3_column_blob(handle, index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index))))
    }

    /// The column as bytes (empty for NULL).
    public func blob(_ column: Int) -> [UInt8] {
        let index = Int32(column)
        guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

/// `SQLITE_TRANSIENT` does not import into Swift: SQLite copies the bound bytes.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
