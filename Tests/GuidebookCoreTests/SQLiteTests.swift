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

    func testConstraintViolationIsReported() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER UNIQUE)")
        try db.run("INSERT INTO t VALUES (1)")
        XCTAssertThrowsError(try db.run("INSERT INTO t VALUES (1)")) { error in
            XCTAssertTrue((error as? SQLiteError)?.isConstraint ?? false)
        }
    }
}
