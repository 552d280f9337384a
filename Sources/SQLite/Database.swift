import CSQLite

/// One SQLite connection. Owns its `sqlite3` handle and closes it in `deinit`.
///
/// A connection is used by one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`);
/// concurrency comes from several connections to the same WAL-mode file.
public final class Database {
    let handle: OpaquePointer
    /// The file this connection is open on.
    public let path: String
    /// How long a statement waits for another connection's lock before it fails with `SQLITE_BUSY`.
    public let busyTimeoutMilliseconds: Int32
    private var statementCache: [StatementKey: Statement] = [:]

    /// How a connection is opened.
    public enum Mode: Sendable {
        /// Read and write; creates the file when it is missing.
        case readWriteCreate
        /// Read only; the file must exist.
        case readOnly
    }

    /// The process-wide settings, made once before the first connection opens: SQLite's memory
    /// statistics off (`guidebook_sqlite3_config_no_memstatus`: with them, every allocation takes
    /// one global mutex, and concurrent readers queue on it). `SQLITE_OK`, or `SQLITE_MISUSE` when
    /// something in the process had initialized SQLite already (it then keeps its defaults,
    /// which are correct, only slower).
    public static let processSettings: Int32 = guidebook_sqlite3_config_no_memstatus()

    /// Opens a connection to `path` (":memory:" for a private in-memory database).
    public init(path: String, mode: Mode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5_000) throws {
        _ = Self.processSettings
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message + " (\(path))")
        }
        self.handle = db
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        sqlite3_extended_result_codes(db, 1)
        let timeout = sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        guard timeout == SQLITE_OK else { throw error(code: timeout, sql: nil) }
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more SQL statements that return no rows we need (schema, pragmas).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text, sql: sql)
        }
    }

    /// Prepares a statement once and returns the same one on later calls with the same SQL.
    public func cachedStatement(_ sql: String) throws -> Statement {
        let key = StatementKey(sql)
        if let statement = statementCache[key] { return statement }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statementCache[key] = statement
        return statement
    }

    /// Prepares a statement that is not cached (for SQL built at run time).
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    /// Runs a cached statement with `values` and returns nothing.
    public func run(_ sql: String, _ values: [SQLValue] = []) throws {
        try cachedStatement(sql).run(values)
    }

    /// Runs a cached statement and calls `row` for each result row.
    public func forEachRow(_ sql: String, _ values: [SQLValue] = [], _ row: (Statement) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() { try row(statement) }
    }

    /// Runs a cached statement and maps its rows.
    public func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ transform: (Statement) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, values) { result.append(try transform($0)) }
        return result
    }

    /// Runs a cached statement and maps its first row, if any.
    public func firstRow<T>(_ sql: String, _ values: [SQLValue] = [], _ transform: (Statement) throws -> T) throws -> T? {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? transform(statement) : nil
    }

    /// The integer in the first column of the first row (nil when there is no row).
    public func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        try firstRow(sql, values) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
    }

    /// True when the schema has a table named `name`.
    public func hasTable(_ name: String) throws -> Bool {
        try scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(name)]) != nil
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// True when the connection cannot write (a read-only file, or a read replica).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `IMMEDIATE` takes the write lock up front, so a writer never fails half-way on a lock upgrade.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` again while it fails with `SQLITE_BUSY`, for up to the busy timeout.
    ///
    /// SQLite waits through the busy timeout by itself almost everywhere, but not where waiting
    /// could deadlock: a statement that needs to upgrade its lock while another connection holds
    /// the reserved lock fails at once. `PRAGMA journal_mode = WAL` on a new file is such a
    /// statement; it holds no lock once it has failed, so trying again later is safe.
    public func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
        var pauseMilliseconds: Int32 = 1
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.isBusy && ContinuousClock.now < deadline {
                sqlite3_sleep(pauseMilliseconds)
                pauseMilliseconds = min(pauseMilliseconds * 2, 50)
            }
        }
    }

    /// Interrupts a running query from another thread (the query fails with SQLITE_INTERRUPT).
    public func interrupt() {
        sqlite3_interrupt(handle)
    }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
