@testable import GuidebookCore
import SQLite
import XCTest

/// The topic slugs and section keys a pool reader keeps for its guideline reads: forgotten when
/// the connection's data version moves, bounded, and never kept by a writer's reader, which sees
/// its own uncommitted writes.
final class KeptNamesTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-kept-names-tests" }

    /// A store on file `name` in this test's folder, with the seed; and the file's path.
    private func seededStore(_ name: String) throws -> (Store, String) {
        let path = directory.file(name)
        let store = try Store(path: path, migrations: migrations)
        try store.write { _ = try $0.apply(try SeedLoader(directory: PackagePaths.seed).bundle(), mode: .merge) }
        return (store, path)
    }

    func testANewDataVersionForgetsEverythingAndTheSameOneKeepsIt() {
        var kept = KeptNames()
        kept.keep(atDataVersion: 1)
        kept.setTopicSlug("sheets", for: 7)
        kept.setSectionKey("basics", for: 9)
        kept.keep(atDataVersion: 1)
        XCTAssertEqual(kept.topicSlug(7), "sheets")
        XCTAssertEqual(kept.sectionKey(9), "basics")
        XCTAssertNil(kept.topicSlug(9), "topics and sections are kept apart")
        kept.keep(atDataVersion: 2)
        XCTAssertNil(kept.topicSlug(7))
        XCTAssertNil(kept.sectionKey(9))
    }

    func testAKindAtItsBoundStartsOver() {
        var kept = KeptNames()
        kept.keep(atDataVersion: 1)
        for id in 0..<Int64(KeptNames.capacity) { kept.setTopicSlug("t\(id)", for: id) }
        XCTAssertEqual(kept.topicSlug(Int64(KeptNames.capacity - 1)), "t\(KeptNames.capacity - 1)")
        kept.setSectionKey("s", for: 1)
        kept.setTopicSlug("one-more", for: -1)
        XCTAssertNil(kept.topicSlug(0), "the topics started over")
        XCTAssertEqual(kept.topicSlug(-1), "one-more")
        XCTAssertEqual(kept.sectionKey(1), "s", "the sections did not")
    }

    /// Slugs and keys are never renamed in place by the product, but another program may edit the
    /// file, and a deleted topic's row id can come back with another slug: a commit by any other
    /// connection must make a pool reader read them again.
    func testAGuidelineReadShowsATopicAndSectionRenamedByAnotherConnection() throws {
        let (store, path) = try seededStore("kept-names.sqlite")
        let id = "sheets.mail-compose"
        let before = try XCTUnwrap(try store.read { try $0.guidelineRecord(id: id) })
        XCTAssertEqual(before.topic, "sheets")
        // Two reads in one transaction (the data version asked once) give the same names.
        try store.read { reader in
            XCTAssertEqual(try reader.guidelineRecord(id: id)?.topic, "sheets")
            XCTAssertEqual(try reader.guidelineRecord(id: id)?.section, before.section)
        }

        let outside = try Database(path: path)
        try outside.registerFullTextFunctions()
        try outside.execute("UPDATE topics SET slug = 'sheets-renamed' WHERE slug = 'sheets'")
        try outside.execute("""
            UPDATE sections SET key = 'renamed'
            WHERE key = '\(before.section)' AND topic_id = (SELECT id FROM topics WHERE slug = 'sheets-renamed')
            """)
        let after = try XCTUnwrap(try store.read { try $0.guidelineRecord(id: id) })
        XCTAssertEqual(after.topic, "sheets-renamed")
        XCTAssertEqual(after.section, "renamed")
    }

    /// A guideline whose section row another program deleted with foreign keys off is not shown,
    /// as the join to its section did not show it, even after its names were kept.
    func testAGuidelineWhoseSectionRowIsGoneIsNotShown() throws {
        let (store, path) = try seededStore("kept-names-orphan.sqlite")
        let id = "sheets.mail-compose"
        XCTAssertEqual(try store.read { try $0.guidelineRecord(id: id)?.topic }, "sheets")

        let outside = try Database(path: path)
        try outside.registerFullTextFunctions()
        try outside.execute("PRAGMA foreign_keys = OFF")
        try outside.execute("DELETE FROM sections WHERE id = (SELECT section_id FROM guidelines WHERE key = '\(id)')")
        XCTAssertNil(try store.read { try $0.guidelineRecord(id: id) })
        XCTAssertNil(try store.write { try $0.reader.guidelineRecord(id: id) }, "nor by a writer's reader")
    }

    /// A writer's reader reads the names each time: its own rename, not yet committed, shows.
    func testAWritersReaderSeesItsOwnUncommittedRename() throws {
        let (store, _) = try seededStore("kept-names-writer.sqlite")
        try store.write { writer in
            let reader = writer.reader
            XCTAssertEqual(try reader.guidelineRecord(id: "sheets.mail-compose")?.topic, "sheets")
            try writer.database.run("UPDATE topics SET slug = 'sheets-renamed' WHERE slug = 'sheets'")
            XCTAssertEqual(try reader.guidelineRecord(id: "sheets.mail-compose")?.topic, "sheets-renamed")
        }
    }
}
