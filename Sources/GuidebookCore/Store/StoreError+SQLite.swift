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

    /// What a failed constraint means for the record that broke it, in the knowledge base's
    /// terms (SQLite's extended result codes; the SQL and the table are left out).
    static func constraintReason(_ error: SQLiteError) -> String {
        switch error.code {
        case 1555, 2067: return "it holds an id that another record of the knowledge base already has (a unique key); nothing was applied"
        case 787: return "it refers to a record that does not exist (a reference); nothing was applied"
        case 1299: return "a required value is missing; nothing was applied"
        case 275: return "a value is outside what the knowledge base accepts; nothing was applied"
        default: return "it breaks a rule of the knowledge base (SQLite constraint code \(error.code)); nothing was applied"
        }
    }

    /// A failure for a person to read, without SQL: SQLite's errors keep their code and message
    /// (never the statement), every other error its own description.
    package static func describingWithoutSQL(_ error: any Error) -> String {
        guard let error = error as? SQLiteError else { return "\(error)" }
        return "the database reported \(error.message) (SQLite code \(error.code))"
    }
}
