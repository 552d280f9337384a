package import SQLite

extension StoreError {
    /// Runs `body`, turning SQLite's busy or locked (another connection held the lock through the
    /// busy timeout) into `StoreError.busy`. The one place where SQLite's busy becomes the store's:
    /// the store's reads and writes, and the jobs store, run through it, so no caller needs to know
    /// SQLite's error codes.
    package static func translatingBusy<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.busy
        }
    }

    /// Runs `body`, turning a lock that stayed taken through the busy timeout into `.locked`, which
    /// names the file and the wait instead of a bare "busy". For opening a database, where no
    /// request is waiting that could simply be told to retry.
    package static func reportingLock<T>(of database: Database, _ body: () throws -> T) throws -> T {
        do {
            return try translatingBusy(body)
        } catch StoreError.busy {
            throw StoreError.locked(path: database.path, milliseconds: Int(database.busyTimeoutMilliseconds))
        }
    }
}
