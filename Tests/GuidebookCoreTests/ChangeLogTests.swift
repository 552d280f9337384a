@testable import GuidebookCore
import SQLite
import XCTest

/// The change log of one transaction, on a real `changes` table: which entries a sequence of
/// records makes, in which order, and with which versions (each resource's last one).
final class ChangeLogTests: XCTestCase {
    private func makeDatabase() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("""
            CREATE TABLE changes (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, resource TEXT NOT NULL, resource_id TEXT NOT NULL,
                                  kind TEXT NOT NULL, locale TEXT, token TEXT, etag TEXT, state TEXT, note TEXT)
            """)
        return database
    }

    private func rows(_ database: Database) throws -> [String] {
        try database.rows("SELECT resource, resource_id, kind, coalesce(locale, '-'), coalesce(token, '-'), coalesce(etag, '-') FROM changes ORDER BY seq") {
            (0..<6).map($0.text).joined(separator: " ")
        }
    }

    func testEntriesAreOnePerChangeWithEachResourcesLastVersion() throws {
        let database = try makeDatabase()
        let log = ChangeLog(at: "2026-12-02T12:00:00.000Z", token: "editor-1")
        let v1 = "00000000000000a1", v2 = "ffffffffffffff02", v3 = "0123456789abcdef"
        log.record(.topic, "sheets", .created, version: v1)
        // Changes of a resource created in the same transaction are part of its creation.
        log.record(.topic, "sheets", .updated, version: v2)
        log.record(.topic, "sheets", .translation, locale: "ko", version: v3)
        log.record(.guideline, "sheets.g-1", .updated, version: v1)
        log.record(.guideline, "sheets.g-1", .translation, locale: "ko", version: v1)
        log.record(.guideline, "sheets.g-1", .translation, locale: "ja", version: v2)
        // Recorded twice: logged once, with the last version.
        log.record(.guideline, "sheets.g-1", .translation, locale: "ko", version: v3)
        log.record(.guideline, "sheets.g-1", .updated, version: v3)
        // The same key as another kind of resource is another resource.
        log.record(.section, "sheets.g-1", .deleted, version: nil)
        // A created then deleted resource: both entries, no version.
        log.record(.section, "sheets#main", .created, version: v1)
        log.record(.section, "sheets#main", .deleted, version: nil)
        // A version that is not 16 hex digits is kept as it is.
        log.record(.glossary, "진행률 표시줄", .glossary, version: "V-not-hex")

        let flushed = try log.flush(into: database, sample: 3)
        XCTAssertEqual(try rows(database), [
            "topic sheets created - editor-1 \(v3)",
            "guideline sheets.g-1 updated - editor-1 \(v3)",
            "guideline sheets.g-1 translation ko editor-1 \(v3)",
            "guideline sheets.g-1 translation ja editor-1 \(v3)",
            "section sheets.g-1 deleted - editor-1 -",
            "section sheets#main created - editor-1 -",
            "section sheets#main deleted - editor-1 -",
            "glossary 진행률 표시줄 glossary - editor-1 V-not-hex",
        ])
        XCTAssertEqual(flushed.count, 8)
        XCTAssertEqual(flushed.lastSeq, 8)
        XCTAssertEqual(flushed.entries.map(\.seq), [1, 2, 3])
        XCTAssertEqual(flushed.entries.map(\.version), [v3, v3, v3])
        XCTAssertEqual(flushed.entries.map(\.locale), [nil, nil, "ko"])

        // A flush starts the log over.
        log.record(.topic, "sheets", .updated, version: v2)
        XCTAssertEqual(try log.flush(into: database).count, 1)
        XCTAssertEqual(try rows(database).last, "topic sheets updated - editor-1 \(v2)")
        XCTAssertEqual(try log.flush(into: database).count, 0)
    }

    /// A translation entry carries the state its last change in the transaction left it in; entries
    /// without a locale carry none.
    func testEntriesCarryTheLastStateOfTheirTranslation() throws {
        let database = try makeDatabase()
        let log = ChangeLog(at: "2026-12-02T12:00:00.000Z", token: "reviewer-1")
        let v1 = "00000000000000a1", v2 = "00000000000000a2"
        log.record(.guideline, "sheets.g-1", .translation, locale: "ko", version: v1, state: "translated")
        log.record(.guideline, "sheets.g-1", .translation, locale: "ko", version: v2, state: "approved")
        log.record(.guideline, "sheets.g-1", .comment, locale: "en", version: v2, state: "open")
        log.record(.guideline, "sheets.g-1", .updated, version: v2, state: "ignored")
        log.record(.topic, "sheets", .translation, locale: "ko", version: v1)
        let flushed = try log.flush(into: database, sample: 10)
        XCTAssertEqual(flushed.entries.map(\.state), ["approved", "open", nil, nil])
        XCTAssertEqual(try database.rows("SELECT kind, coalesce(state, '-') FROM changes ORDER BY seq") { $0.text(0) + " " + $0.text(1) },
                       ["translation approved", "comment open", "updated -", "translation -"])
    }

    /// An approval over the checks' errors notes its reason on its entry, also when a later change of
    /// the same translation in the transaction keeps that entry; entries without one have none, in
    /// every batch.
    func testEntriesCarryTheirNote() throws {
        let database = try makeDatabase()
        let log = ChangeLog(at: "2026-12-02T12:00:00.000Z", token: "reviewer-1")
        for index in 0..<70 { log.record(.guideline, "g-\(index)", .updated, version: String(format: "%016llx", UInt64(index))) }
        log.record(.guideline, "g-1", .translation, locale: "ko", version: "00000000000000a1", state: "translated")
        log.record(.guideline, "g-1", .translation, locale: "ko", version: "00000000000000a2", state: "approved", note: "the term is the product's name")
        log.record(.topic, "sheets", .translation, locale: "ko", version: "00000000000000a3", state: "approved", note: "kept as written")
        let flushed = try log.flush(into: database, sample: 100)
        XCTAssertEqual(flushed.entries.compactMap(\.note), ["the term is the product's name", "kept as written"])
        XCTAssertEqual(try database.rows("SELECT resource_id, note FROM changes WHERE note IS NOT NULL ORDER BY seq") { $0.text(0) + ": " + $0.text(1) },
                       ["g-1: the term is the product's name", "sheets: kept as written"])
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM changes WHERE note IS NULL"), 70)
    }

    /// An import records one entry per guideline; they all reach the table in order, across batches.
    func testManyEntriesKeepTheirOrder() throws {
        let database = try makeDatabase()
        let log = ChangeLog(at: "2026-12-02T12:00:00.000Z", token: nil)
        for index in 0..<1_000 { log.record(.guideline, "g-\(index)", .created, version: String(format: "%016llx", UInt64(index))) }
        XCTAssertEqual(try log.flush(into: database).count, 1_000)
        let ids = try database.rows("SELECT resource_id, etag FROM changes ORDER BY seq") { $0.text(0) + " " + $0.text(1) }
        XCTAssertEqual(ids, (0..<1_000).map { "g-\($0) " + String(format: "%016llx", UInt64($0)) })
    }

    /// Thousands of resources of every kind, each changed twice and translated into sixteen locales
    /// twice: one entry per resource, kind and locale, each with its resource's last version and
    /// its translation's last state. The same key as two kinds of resource stays two resources.
    func testManyResourcesChangedTwiceGiveOneEntryEach() throws {
        let database = try makeDatabase()
        let log = ChangeLog(at: "2026-12-02T12:00:00.000Z", token: nil)
        let kinds: [ChangeResource] = [.topic, .section, .guideline]
        let locales = (0..<16).map { "l\($0)" }
        func version(_ number: Int, _ round: Int) -> String { String(format: "%016llx", UInt64(number * 10 + round)) }
        for round in 0..<2 {
            for number in 0..<1_500 {
                let kind = kinds[number % 3]
                log.record(kind, "r-\(number / 3)", .updated, version: version(number, round))
                for locale in locales {
                    log.record(kind, "r-\(number / 3)", .translation, locale: locale, version: version(number, round), state: round == 0 ? "draft" : "approved")
                }
            }
        }
        XCTAssertEqual(try log.flush(into: database).count, 1_500 * 17)
        let rows = try database.rows("SELECT resource, resource_id, kind, coalesce(locale, '-'), etag, coalesce(state, '-') FROM changes ORDER BY seq") {
            (0..<6).map($0.text).joined(separator: " ")
        }
        let expected = (0..<1_500).flatMap { number -> [String] in
            let head = "\(kinds[number % 3].rawValue) r-\(number / 3)"
            return ["\(head) updated - \(version(number, 1)) -"] + locales.map { "\(head) translation \($0) \(version(number, 1)) approved" }
        }
        XCTAssertEqual(rows, expected)
    }
}
