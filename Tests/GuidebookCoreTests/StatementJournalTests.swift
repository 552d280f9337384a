import Foundation
@testable import GuidebookCore
import SQLite
import XCTest

/// The store's writer keeps statement journals in memory (`PRAGMA temp_store = MEMORY`): a statement
/// that changes many pages inside a long transaction (an import) does not move the journal to a
/// temporary file, which every later statement of that transaction would then write its pages to.
final class StatementJournalTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-journal" }

    /// SQLite's temporary files this process holds open (it names them `etilqs_…` and unlinks them).
    private static func openTemporaryFiles() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "").contains("etilqs_")
        }.count
    }

    /// Inside the transaction `database` is in: 2,000 rows of 1 KB written, then all of them changed
    /// by one statement, which journals every page it changes (about 2 MB, far past SQLite's 64 KiB
    /// before it spills); the temporary files open before the commit.
    private static func temporaryFilesDuringAnUpdate(in database: Database) throws -> Int {
        try database.execute("CREATE TABLE scratch (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        for id in 0..<2_000 { try database.run("INSERT INTO scratch (id, v) VALUES (?1, ?2)", [.int(id), .text(String(repeating: "a", count: 1_000))]) }
        try database.run("UPDATE scratch SET v = replace(v, 'a', 'b')")
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM scratch WHERE v LIKE 'b%'"), 2_000)
        return try openTemporaryFiles()
    }

    func testTheWritersStatementJournalStaysInMemoryWhereSQLitesDefaultSpillsIt() throws {
        // Counted against what the process held before (an earlier test's server may still hold one).
        let before = try Self.openTemporaryFiles()
        // A connection with SQLite's defaults: the statement's journal goes to a file, so the count sees it.
        let plain = try Database(path: directory.file("plain.sqlite"))
        try plain.execute("PRAGMA journal_mode = WAL")
        XCTAssertEqual(try plain.transaction { try Self.temporaryFilesDuringAnUpdate(in: plain) }, before + 1)
        XCTAssertEqual(try Self.openTemporaryFiles(), before, "the file goes with the transaction")

        let store = try Store(path: directory.file("store.sqlite"), migrations: migrations)
        XCTAssertEqual(try store.write { try Self.temporaryFilesDuringAnUpdate(in: $0.database) }, before)
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM scratch") }, 2_000)
    }
}
