@testable import GuidebookCore
import Foundation
import GuidebookText
import SQLite
import XCTest

/// Texts are stored normalized (`TextNormalization.stored`, issue 23 item 5), and a file whose texts
/// were written before (by an older binary, or by hand) is normalized once when it is opened.
final class StoredTextNormalizationTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-normalized-text" }

    private let composed = "시트를 진행률과 함께 보여 주세요."
    private var decomposed: String { composed.decomposedStringWithCanonicalMapping }

    private func topic(guideline: String, title: String) -> BundleTopic {
        BundleTopic(slug: "plain", category: "test", title: ["en": "Plain", "ko": title], summary: ["en": "Plain text."], sections: [
            BundleSection(key: "one", title: ["en": "One", "ko": title], guidelines: [
                BundleGuideline(id: "plain.one", text: ["en": "Ｐｌａｉｎ zero\u{200B}width text.", "ko": guideline]),
            ]),
        ])
    }

    private func write(_ store: Store, _ topic: BundleTopic) throws {
        try store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
            _ = try writer.upsertTopic(topic, mode: .replace)
        }
    }

    /// Every stored text of `plain`, scalar by scalar (Swift's == calls NFD and NFC equal).
    private func storedScalars(_ store: Store) throws -> [[UInt32]] {
        try store.read { reader in
            try reader.database.rows("""
                SELECT text FROM guideline_texts UNION ALL SELECT title FROM section_texts UNION ALL SELECT title FROM topic_texts
                UNION ALL SELECT summary FROM topic_texts
                """) { $0.text(0).unicodeScalars.map(\.value) }
        }
    }

    private func total(_ store: Store, _ query: String) throws -> Int {
        try store.search(SearchRequest(query: try SearchQuery.parse(query))).total
    }

    func testTextsAreWrittenNormalized() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        try write(store, topic(guideline: decomposed, title: "진행률".decomposedStringWithCanonicalMapping))
        let stored = try storedScalars(store)
        XCTAssertTrue(stored.contains(composed.unicodeScalars.map(\.value)), "the Korean guideline is stored composed")
        XCTAssertTrue(stored.contains("Plain zerowidth text.".unicodeScalars.map(\.value)))
        XCTAssertFalse(stored.joined().contains { (0x1100...0x11FF).contains($0) || $0 == 0x200B || $0 >= 0xFF00 })
        XCTAssertEqual(try total(store, "\"진행률과\""), 1)
        XCTAssertEqual(try total(store, "진행률"), 3, "the guideline, and the section and the guideline by their title")
        XCTAssertEqual(try total(store, "zerowidth"), 1)
        XCTAssertEqual(try total(store, "plain"), 2, "the topic and the guideline")
        // Writing the same text decomposed again changes nothing.
        let revision = try store.read { try $0.database.scalarInt("SELECT revision FROM guidelines WHERE key = 'plain.one'") }
        try write(store, topic(guideline: decomposed, title: "진행률"))
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT revision FROM guidelines WHERE key = 'plain.one'") }, revision)
    }

    /// A file whose texts were stored decomposed and in fullwidth (as an older binary left them,
    /// indexed as they were) is normalized when opened: the texts, their index rows (FTS5's
    /// integrity check re-reads them) and nothing else — the revisions stay.
    func testAFileWrittenBeforeIsNormalizedOnceWhenOpened() throws {
        let path = directory.file("kb.sqlite")
        var revisions: [Int] = []
        do {
            let store = try Store(path: path, migrations: migrations)
            try write(store, topic(guideline: composed, title: "진행률"))
            // As an older binary stored it: raw text, the rows re-indexed from it, no normalization mark.
            try store.write { writer in
                let guideline = try XCTUnwrap(try writer.database.firstRow("SELECT id, section_id, topic_id FROM guidelines WHERE key = 'plain.one'") {
                    ($0.int64(0), $0.int64(1), $0.int64(2))
                })
                try writer.database.run("UPDATE guideline_texts SET text = ? WHERE guideline_id = ? AND locale = 'ko'",
                                        [.text(decomposed), .integer(guideline.0)])
                try writer.database.run("UPDATE guideline_texts SET text = ? WHERE guideline_id = ? AND locale = 'en'",
                                        [.text("Ｐｌａｉｎ zero\u{200B}width text."), .integer(guideline.0)])
                try writer.database.run("UPDATE section_texts SET title = ? WHERE section_id = ? AND locale = 'ko'",
                                        [.text("진행률".decomposedStringWithCanonicalMapping), .integer(guideline.1)])
                try writer.database.run("UPDATE topic_texts SET title = ? WHERE topic_id = ? AND locale = 'ko'",
                                        [.text("진행률".decomposedStringWithCanonicalMapping), .integer(guideline.2)])
                try writer.indexer.indexSection(id: guideline.1)
                try writer.indexer.indexTopicRow(id: guideline.2)
                try writer.database.run("DELETE FROM meta WHERE key = 'text_normalization'")
            }
            XCTAssertEqual(try total(store, "\"진행률과\""), 0, "indexed decomposed, the composed word is not found")
            XCTAssertTrue(try storedScalars(store).joined().contains { (0x1100...0x11FF).contains($0) })
            revisions = try store.read { try $0.database.rows("SELECT revision FROM guidelines UNION ALL SELECT revision FROM topics") { $0.int(0) } }
        }
        let store = try Store(path: path, migrations: migrations)
        XCTAssertFalse(try storedScalars(store).joined().contains { (0x1100...0x11FF).contains($0) || $0 == 0x200B || $0 >= 0xFF00 })
        try store.write { writer in
            XCTAssertNoThrow(try writer.database.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')"))
        }
        XCTAssertEqual(try total(store, "\"진행률과\""), 1)
        XCTAssertEqual(try total(store, "진행률"), 3)
        XCTAssertEqual(try total(store, "zerowidth"), 1)
        XCTAssertEqual(try store.read { try $0.database.rows("SELECT revision FROM guidelines UNION ALL SELECT revision FROM topics") { $0.int(0) } },
                       revisions, "normalizing is not an edit")
        XCTAssertEqual(try store.read { try MetaTable(database: $0.database).value(MetaTable.textNormalization) }, TextNormalization.version)
    }
}
