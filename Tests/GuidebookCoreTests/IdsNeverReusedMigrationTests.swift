import Foundation
@testable import GuidebookCore
import SQLite
import XCTest

/// Migration 0025 on a file made at the schema before it, with rows: every row, index and trigger
/// survives, the rebuilt tables differ only by AUTOINCREMENT, and an id deleted before the
/// migration is not given again after it where the file still says it was given (threads,
/// comments, suggestions and glossary terms, from the change log), nor any id deleted after it.
final class IdsNeverReusedMigrationTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let rebuilt = ["comment_threads", "comments", "suggestions", "glossary_terms", "webhook_deliveries", "translation_findings"]

    override func setUpWithError() throws { directory = try TemporaryDirectory("ids-never-reused") }
    override func tearDown() { directory.remove() }

    private var migrations: [Migration] { get throws { try Migration.load(from: PackagePaths.migrations) } }

    /// Every schema object as (type, name, table, SQL), the rebuilt tables' SQL without AUTOINCREMENT and quotes.
    private func schema(_ database: Database) throws -> Set<String> {
        Set(try database.rows("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master WHERE name <> 'sqlite_sequence'") { row in
            var sql = row.text(3)
            if row.text(0) == "table", rebuilt.contains(row.text(1)) {
                sql = sql.replacingOccurrences(of: " AUTOINCREMENT", with: "").replacingOccurrences(of: "\"", with: "")
            }
            return [row.text(0), row.text(1), row.text(2), sql].joined(separator: "|")
        })
    }

    /// Every ordinary table's rows, in a stable order, as text.
    private func contents(_ database: Database) throws -> [String: String] {
        let tables = try database.rows("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('sqlite_sequence', 'schema_migrations')
                AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            """) { $0.text(0) }
        var result: [String: String] = [:]
        for table in tables {
            let columns = try database.rows("SELECT name FROM pragma_table_info(?1)", [.text(table)]) { $0.text(0) }
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            result[table] = try database.firstRow("SELECT group_concat(r, char(10)) FROM (SELECT \(row) AS r FROM \"\(table)\" ORDER BY r)") {
                $0.isNull(0) ? "" : $0.text(0)
            }
        }
        return result
    }

    func testTheMigrationKeepsEveryRowIndexAndTriggerAndNoIdIsGivenTwice() throws {
        let path = directory.file("before.sqlite")
        let all = try migrations
        let previous = all.filter { $0.version < 25 }
        XCTAssertEqual(all.last?.name, "ids_never_reused")
        var deleted: [String: Int64] = [:]
        do {
            let store = try Store(path: path, migrations: previous)
            _ = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
            let owner = TextOwner.guideline("sheets.mail-compose")
            for n in 1...3 {
                try store.write { try $0.editor.startThread(owner, locale: "ko", body: "comment \(n)", author: "tester") }
                try store.write { try $0.editor.suggest(owner, locale: "ko", fields: ["제안 \(n)"], author: "tester \(n)") }
            }
            guard case .written(let term) = try store.addGlossaryTerm(GlossaryTerm(id: 0, term: ["en": "zz shelf", "ko": "선반"])) else {
                return XCTFail("the term was not added")
            }
            try store.write { writer in
                let database = writer.database
                try database.run("INSERT INTO webhooks (id, url, secret, created_at) VALUES ('wh_1', 'https://93.184.216.34/', 'whsec_x', 1)")
                try database.run("INSERT INTO webhook_events (id, type, data, created_at) VALUES ('msg_1', 'webhook.ping', '{}', 1)")
                for _ in 1...2 {
                    try database.run("INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at, created_at) VALUES ('msg_1', 'wh_1', 1, 1)")
                    try database.run("INSERT INTO webhook_attempts (delivery_id, attempted_at, status, latency_ms) VALUES (?1, 1, 500, 3)",
                                     [.integer(database.lastInsertRowID)])
                }
            }
            // The newest thread (with its comment), suggestion and term go before the migration.
            let database = try Database(path: path)
            try database.execute("PRAGMA foreign_keys = ON")
            for table in ["comment_threads", "comments", "suggestions"] {
                deleted[table] = Int64(try XCTUnwrap(try database.scalarInt("SELECT max(id) FROM \(table)")))
            }
            XCTAssertEqual(deleted["comment_threads"], 3)
            try database.run("DELETE FROM comment_threads WHERE id = 3")
            try database.run("DELETE FROM suggestions WHERE id = 3")
            XCTAssertTrue(try store.deleteGlossaryTerm(id: term.id))
            deleted["glossary_terms"] = term.id
            XCTAssertGreaterThan(try database.scalarInt("SELECT count(*) FROM translation_findings") ?? 0, 0, "the seed has findings")
        }
        let before = try Database(path: path)
        let schemaBefore = try schema(before), rowsBefore = try contents(before)
        let triggers = try before.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") ?? 0
        XCTAssertGreaterThan(triggers, 10)

        let store = try Store(path: path, migrations: all)
        let after = try Database(path: path)
        XCTAssertEqual(try schema(after), schemaBefore, "every table, index and trigger as it was; the rebuilt tables differ by AUTOINCREMENT only")
        XCTAssertEqual(try contents(after), rowsBefore, "every row as it was")
        for table in rebuilt {
            let sql = try XCTUnwrap(try after.firstRow("SELECT sql FROM sqlite_master WHERE name = ?1", [.text(table)]) { $0.text(0) })
            XCTAssertTrue(sql.contains("INTEGER PRIMARY KEY AUTOINCREMENT"), table)
        }
        XCTAssertEqual(try after.rows("PRAGMA foreign_key_check") { $0.text(0) }, [])

        // Ids deleted before the migration, known from the change log: not given again.
        let owner = TextOwner.guideline("sheets.mail-compose")
        let thread = try store.write { try $0.editor.startThread(owner, locale: "ko", body: "after", author: "tester") }
        XCTAssertGreaterThan(thread, try XCTUnwrap(deleted["comment_threads"]))
        XCTAssertGreaterThan(Int64(try XCTUnwrap(try after.scalarInt("SELECT max(id) FROM comments"))), try XCTUnwrap(deleted["comments"]))
        let suggestion = try store.write { try $0.editor.suggest(owner, locale: "ko", fields: ["다시"], author: "tester 9") }
        XCTAssertGreaterThan(suggestion, try XCTUnwrap(deleted["suggestions"]))
        guard case .written(let term) = try store.addGlossaryTerm(GlossaryTerm(id: 0, term: ["en": "zz drawer", "ko": "서랍"])) else {
            return XCTFail("the term was not added")
        }
        XCTAssertGreaterThan(term.id, try XCTUnwrap(deleted["glossary_terms"]))

        // Ids deleted after it: not given again either (deliveries and findings leave no trace before it).
        try store.write { writer in
            let database = writer.database
            for table in ["webhook_deliveries", "translation_findings"] {
                let last = try XCTUnwrap(try database.scalarInt("SELECT max(id) FROM \(table)"))
                try database.run("DELETE FROM \(table) WHERE id = ?1", [.int(last)])
                if table == "webhook_deliveries" {
                    try database.run("INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at, created_at) VALUES ('msg_1', 'wh_1', 1, 1)")
                } else {
                    try database.run("""
                        INSERT INTO translation_findings (topic_id, locale, field, check_name, severity, message)
                        SELECT topic_id, locale, field, check_name, severity, message FROM translation_findings LIMIT 1
                        """)
                }
                XCTAssertGreaterThan(Int(database.lastInsertRowID), last, table)
            }
        }
    }
}
