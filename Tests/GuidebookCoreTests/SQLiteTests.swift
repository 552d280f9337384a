import Foundation
import XCTest
import SQLite

final class SQLiteTests: XCTestCase {
    func testRoundTripsTextIntegersAndNulls() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER, b TEXT, c TEXT)")
        try db.run("INSERT INTO t VALUES (?, ?, ?)", [.integer(42), .text("진행률 표시줄"), .null])
        let row = try db.firstRow("SELECT a, b, c FROM t") { ($0.int(0), $0.text(1), $0.optionalText(2)) }
        XCTAssertEqual(row?.0, 42)
        XCTAssertEqual(row?.1, "진행률 표시줄")
        XCTAssertNil(row?.2 ?? nil)
    }

    func testErrorsCarryCodeAndSQL() throws {
        let db = try Database(path: ":memory:")
        XCTAssertThrowsError(try db.run("SELECT * FROM missing")) { error in
            let sqliteError = error as? SQLiteError
            XCTAssertEqual(sqliteError?.primaryCode, 1)
            XCTAssertEqual(sqliteError?.sql, "SELECT * FROM missing")
        }
    }

    func testTransactionRollsBackOnThrow() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER UNIQUE)")
        struct Boom: Error {}
        XCTAssertThrowsError(try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            throw Boom()
        })
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM t"), 0)
        XCTAssertFalse(db.isInTransaction)
    }

    func testEachCachedStatementIsTheOneOfItsOwnBytes() throws {
        // The cache hashes a few bytes of a long statement: two that differ only between them are two
        // statements. And two that differ only in how a letter is encoded (é composed, e and a
        // combining accent) are equal Swift strings but two statements with their own results.
        let db = try Database(path: ":memory:")
        let padding = String(repeating: " ", count: 150)
        for (index, letter) in ["a", "b", "c"].enumerated() {
            let sql = "SELECT '\(letter)'\(padding), \(index) -- \(padding)the same length and the same sampled bytes"
            XCTAssertEqual(try db.firstRow(sql) { "\($0.text(0))\($0.int(1))" }, "\(letter)\(index)")
        }
        for letter in ["a", "b", "c"] {
            let sql = "SELECT '\(letter)'\(padding), \(letter == "a" ? 0 : letter == "b" ? 1 : 2) -- \(padding)the same length and the same sampled bytes"
            XCTAssertEqual(try db.firstRow(sql) { $0.text(0) }, letter, "the cached statement of these bytes")
        }
        let composed = "SELECT '\u{E9}'", decomposed = "SELECT 'e\u{301}'"
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(try db.firstRow(composed) { Array($0.text(0).unicodeScalars) }, ["\u{E9}"])
        XCTAssertEqual(try db.firstRow(decomposed) { Array($0.text(0).unicodeScalars) }, ["e", "\u{301}"])
    }

    func testConstraintViolationIsReported() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER UNIQUE)")
        try db.run("INSERT INTO t VALUES (1)")
        XCTAssertThrowsError(try db.run("INSERT INTO t VALUES (1)")) { error in
            XCTAssertTrue((error as? SQLiteError)?.isConstraint ?? false)
        }
    }
}

/// Waiting for another connection's lock: through the busy timeout, and by retrying where SQLite does not wait.
final class SQLiteLockTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-sqlite-locks-\(UUID().uuidString).sqlite").path
    }

    override func tearDown() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Holds the write lock of a rollback-journal file from another thread for `milliseconds`.
    private func holdWriteLock(milliseconds: UInt32) -> DispatchSemaphore {
        let path = self.path
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let holder = try? Database(path: path)
            try? holder?.execute("BEGIN IMMEDIATE")
            locked.signal()
            usleep(milliseconds * 1000)
            try? holder?.execute("ROLLBACK")
            released.signal()
        }
        locked.wait()
        return released
    }

    func testSwitchingToWALFailsAtOnceUnderAnotherWriterButWaitsItOutWhenRetried() throws {
        try Database(path: path).execute("CREATE TABLE t (a INTEGER)")
        let database = try Database(path: path, busyTimeoutMilliseconds: 5_000)

        let released = holdWriteLock(milliseconds: 600)
        // SQLite does not use the busy timeout here (waiting could deadlock): it fails at once.
        XCTAssertThrowsError(try database.execute("PRAGMA journal_mode = WAL")) { error in
            XCTAssertEqual((error as? SQLiteError)?.isBusy, true, "\(error)")
        }
        let mode = try database.retryingWhileBusy { try database.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) } }
        XCTAssertEqual(mode, "wal")
        released.wait()
        XCTAssertEqual(try Database(path: path).firstRow("PRAGMA journal_mode") { $0.text(0) }, "wal")
    }

    func testRetryingGivesUpAfterTheBusyTimeout() throws {
        try Database(path: path).execute("CREATE TABLE t (a INTEGER)")
        let database = try Database(path: path, busyTimeoutMilliseconds: 200)
        let released = holdWriteLock(milliseconds: 1_200)
        let start = ContinuousClock.now
        XCTAssertThrowsError(try database.retryingWhileBusy { try database.execute("PRAGMA journal_mode = WAL") }) { error in
            XCTAssertEqual((error as? SQLiteError)?.isBusy, true, "\(error)")
        }
        let waited = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(200))
        XCTAssertLessThan(waited, .milliseconds(1_000), "it gives up at the busy timeout, not when the lock is released")
        released.wait()
    }
}
