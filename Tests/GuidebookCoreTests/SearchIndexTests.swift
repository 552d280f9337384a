@testable import GuidebookCore
import SQLite
import XCTest

/// The search index stores no text of its own and tokenizes it once (Migrations/0010_text_once.sql):
/// it is external content over the text tables, kept in step by BEFORE triggers and the indexer.
final class SearchIndexTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-search-index" }

    /// No copy of the text: no content table, no second index for the vocabulary.
    func testTheIndexHoldsNoCopyOfTheText() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        let tables = try store.read { reader in
            try reader.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'search%' ORDER BY name") { $0.text(0) }
        }
        XCTAssertFalse(tables.contains("search_index_content"), "\(tables)")
        XCTAssertFalse(tables.contains { $0.hasPrefix("search_words") }, "\(tables)")
        let definition = try store.read { try $0.database.firstRow("SELECT sql FROM sqlite_master WHERE name = 'search_index'") { $0.text(0) } }
        XCTAssertTrue(definition?.contains("content = 'search_content'") == true, definition ?? "no search_index")
    }

    /// After every kind of change to the text a row shows (a text rewritten, a translation removed,
    /// a section retitled or untitled, a guideline moved to another section or deleted, a topic
    /// deleted), FTS5's integrity check (which tokenizes the text tables again) passes, and every
    /// search answers exactly what it answers after a rebuild of the whole index.
    func testTheIndexFollowsEveryChangeToTheTextItShows() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        let queries = ["alpha", "beta", "sheets", "popover", "시트", "알파", "앱", "modal sheet", "\"use sheets\"", "gamma*"]
        func write(_ sections: [BundleSection]) throws {
            try store.write { writer in
                try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
                _ = try writer.upsertTopic(BundleTopic(slug: "moves", category: "test", title: ["en": "Moving sheets", "ko": "시트 옮기기"],
                                                      summary: ["en": "Sheets that move."], sections: sections), mode: .replace)
            }
        }
        // Hits and totals; scores apart, since a patched cache keeps the average row length of its
        // load while it stays within 0.1% (RowDirectory.isCloseToItsLoad).
        func answers() throws -> (hits: [String], scores: [Double]) {
            var hits: [String] = []
            var scores: [Double] = []
            for query in queries {
                let results = try store.search(SearchRequest(query: try SearchQuery.parse(query), limit: 50))
                hits.append("\(query): \(results.total) " + results.hits.map(\.ref).joined(separator: " "))
                scores += results.hits.map(\.score)
            }
            return (hits, scores)
        }
        func assertSound(_ step: String, line: UInt = #line) throws {
            try store.write { writer in
                XCTAssertNoThrow(try writer.database.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')"), step, line: line)
            }
            let incremental = try answers()
            try store.rebuildSearchIndex()
            let rebuilt = try answers()
            XCTAssertEqual(incremental.hits, rebuilt.hits, step, line: line)
            XCTAssertEqual(incremental.scores.count, rebuilt.scores.count, step, line: line)
            for (a, b) in zip(incremental.scores, rebuilt.scores) { XCTAssertEqual(a, b, accuracy: abs(b) * 2e-3, step, line: line) }
        }

        try write([
            BundleSection(key: "alpha", title: ["en": "Alpha part", "ko": "알파"], guidelines: [
                BundleGuideline(id: "moves.one", text: ["en": "Use sheets for a modal task.", "ko": "모달 작업에는 시트를 쓰세요."]),
                BundleGuideline(id: "moves.two", text: ["en": "Prefer a popover near its control.", "ko": "팝오버는 앱 컨트롤 옆에 두세요."]),
            ]),
            BundleSection(key: "untitled", title: [:], guidelines: [
                BundleGuideline(id: "moves.three", text: ["en": "Gamma rays are not sheets.", "ko": "감마선은 시트가 아닙니다."]),
            ]),
        ])
        try assertSound("created")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("alpha"))).total, 3, "the section and its two guidelines")

        try write([
            BundleSection(key: "alpha", title: ["en": "Beta part"], guidelines: [
                BundleGuideline(id: "moves.one", text: ["en": "Use sheets rarely.", "ko": "시트를 드물게 쓰세요."]),
            ]),
            BundleSection(key: "untitled", title: ["en": "Gamma"], guidelines: [
                BundleGuideline(id: "moves.two", text: ["en": "Prefer a popover near its control."]),
                BundleGuideline(id: "moves.three", text: ["en": "Gamma rays are not sheets.", "ko": "감마선은 시트가 아닙니다."]),
            ]),
        ])
        try assertSound("retitled, rewritten, moved")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("alpha"))).total, 0)
        // A replace keeps the translations the bundle leaves out: the section and its one guideline.
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("알파"))).total, 2)

        // A translation removed, a section's translated title cleared.
        try store.write { writer in
            let id = try XCTUnwrap(try writer.database.firstRow("SELECT id FROM guidelines WHERE key = 'moves.two'") { $0.int64(0) })
            try writer.database.run("DELETE FROM guideline_texts WHERE guideline_id = ? AND locale = 'ko'", [.integer(id)])
            try writer.indexer.indexGuideline(id: id)
            let section = try XCTUnwrap(try writer.database.firstRow("SELECT section_id FROM guidelines WHERE key = 'moves.one'") { $0.int64(0) })
            try writer.database.run("UPDATE section_texts SET title = '' WHERE section_id = ? AND locale = 'ko'", [.integer(section)])
            try writer.indexer.indexSection(id: section)
        }
        try assertSound("untranslated")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("알파"))).total, 0)
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("팝오버"))).total, 0)

        try write([
            BundleSection(key: "alpha", title: [:], guidelines: [
                BundleGuideline(id: "moves.one", text: ["en": "Use sheets rarely.", "ko": "시트를 드물게 쓰세요."]),
            ]),
        ])
        try assertSound("untitled, deleted")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("popover"))).total, 0)

        try store.write { try $0.database.run("DELETE FROM topics WHERE slug = 'moves'") }
        try assertSound("topic deleted")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("sheets rarely"))).total, 0)
    }

    /// A bulk write (an import of more than 1,000 rows, a rebuild) raises FTS5's hash size for
    /// itself and leaves `search_index_config` as it found it: without the setting, or with the
    /// operator's own value; the index it wrote passes FTS5's integrity check and finds every row.
    /// A bulk write on a store with a second thread has its tokens made on it (shim.h, "Tokenizing
    /// ahead"): the index, its row lengths and the vocabulary's counts are those of the same import
    /// on one thread, after the import and after rebuilds by the indexer on one thread and two, in
    /// one statement and in several.
    func testABulkWriteOnTwoThreadsIndexesWhatOneThreadDoes() throws {
        let queries = [
            "SELECT term, doc, cnt FROM search_index_vocab ORDER BY term",
            "SELECT id, hex(sz) FROM search_index_docsize ORDER BY id",
            "SELECT form, rows FROM search_surface_forms WHERE rows > 0 ORDER BY form",
        ]
        func contents(_ database: Database) throws -> [[String]] {
            try queries.map { sql in try database.rows(sql) { row in (0..<row.columnCount).map { row.text($0) }.joined(separator: "|") } }
        }
        func assertSame(_ made: [[String]], _ expected: [[String]], _ step: String, line: UInt = #line) {
            for (index, sql) in queries.enumerated() {
                XCTAssertEqual(made[index].count, expected[index].count, "\(step): \(sql)", line: line)
                XCTAssertNil(zip(expected[index], made[index]).first { $0 != $1 }, "\(step), first difference: \(sql)", line: line)
            }
        }
        var imported: [[[String]]] = []
        for threads in [1, 2] {
            let folder = directory.path + "/threads-\(threads)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let store = try Store(path: folder + "/kb.sqlite", migrations: migrations, checkWorkers: threads)
            try GeneratedBase.fill(store, guidelines: 2_500, folder: folder)
            imported.append(try store.read { try contents($0.database) })
        }
        XCTAssertGreaterThan(imported[0][0].count, 1_000, "terms")
        XCTAssertGreaterThan(imported[0][2].count, 1_000, "surface forms")
        assertSame(imported[1], imported[0], "the import on two threads")

        // The indexer itself, on the file, says where it made the tokens.
        let database = try Database(path: directory.path + "/threads-2/kb.sqlite")
        try database.registerFullTextFunctions()
        // A rebuild in ranges of 700 rows a statement (`SearchIndexer.bulkRowsPerStatement` is
        // 100,000) indexes each row once and counts each form once, too.
        for (workers, rowsPerStatement, expected) in [(2, 100_000, SearchIndexer.BulkTokens.ahead), (1, 100_000, .inPlace), (2, 700, .ahead), (1, 700, .inPlace)] {
            let indexer = SearchIndexer(database: database, workers: { workers }, rowsPerStatement: rowsPerStatement)
            try database.transaction {
                try indexer.rebuild()
                try indexer.finish()
            }
            XCTAssertEqual(indexer.bulkTokens, expected)
            assertSame(try contents(database), imported[0], "a rebuild on \(workers) thread(s), \(rowsPerStatement) rows a statement")
        }
    }

    /// A bulk write gives FTS5 each kind of row in rowid order, whatever order the records' other
    /// indexes hold them in: FTS5 writes its hash out as a segment whenever a rowid goes down, so a
    /// rebuild after every guideline moved to the other section (the guidelines by section now run
    /// 701…1400, 1…700) leaves the same segments as the same rebuild before the move.
    func testABulkWriteGivesFTS5TheRowsInRowidOrder() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        // Guidelines 1…700 in section `section`, 701…1400 in the other one.
        func write(firstHalfIn section: String) throws {
            func guidelines(_ range: ClosedRange<Int>) -> [BundleGuideline] {
                range.map { BundleGuideline(id: "order.g\($0)", text: ["en": "Guideline \($0) on sheets.", "ko": "시트 지침 \($0)"]) }
            }
            let firstHalf = guidelines(1...700), secondHalf = guidelines(701...1_400)
            try store.write { writer in
                try writer.upsertCategory(BundleCategory(slug: "bulk", title: ["en": "Bulk"]))
                _ = try writer.upsertTopic(BundleTopic(slug: "order", category: "bulk", title: ["en": "Order"], summary: [:], sections: [
                    BundleSection(key: "a", title: ["en": "A"], guidelines: section == "a" ? firstHalf : secondHalf),
                    BundleSection(key: "b", title: ["en": "B"], guidelines: section == "a" ? secondHalf : firstHalf),
                ]), mode: .replace)
            }
        }
        // FTS5's structure record (id 10 of its data): the segments and their pages, after a
        // 4-byte cookie that counts the changes.
        func segmentsAfterARebuild() throws -> String? {
            try store.rebuildSearchIndex()
            return try store.read { try $0.database.firstRow("SELECT hex(substr(block, 5)) FROM search_index_data WHERE id = 10") { $0.text(0) } }
        }
        try write(firstHalfIn: "a")
        let before = try segmentsAfterARebuild()
        try write(firstHalfIn: "b")
        let moved = try store.read { reader in
            try reader.database.scalarInt("""
                SELECT count(*) FROM guidelines g JOIN sections s ON s.id = g.section_id
                WHERE s.key = 'a' AND g.id > (SELECT max(g2.id) FROM guidelines g2 JOIN sections s2 ON s2.id = g2.section_id WHERE s2.key = 'b')
                """)
        }
        XCTAssertEqual(moved, 700, "section a holds the guidelines made last")
        XCTAssertEqual(try segmentsAfterARebuild(), before, "the same segments, the same pages")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("sheets"))).total, 1_400)
    }

    /// A transaction that notes the same rows again and again (a topic of 1,200 guidelines indexed
    /// ten times over) puts each row into the index once: the rows noted are sorted and their
    /// repeats dropped as they pile up and before the bulk write, whose table of rows takes each
    /// row once (a repeat would break its primary key).
    func testRowsNotedManyTimesAreIndexedOnce() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        let guidelines = (1...1_200).map { BundleGuideline(id: "again.g\($0)", text: ["en": "Guideline \($0) on sheets.", "ko": "시트 지침 \($0)"]) }
        try store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "bulk", title: ["en": "Bulk"]))
            _ = try writer.upsertTopic(BundleTopic(slug: "again", category: "bulk", title: ["en": "Again"], summary: [:], sections: [
                BundleSection(key: "a", title: ["en": "A"], guidelines: guidelines),
            ]), mode: .replace)
        }
        try store.write { writer in
            let topic = try XCTUnwrap(writer.database.scalarInt("SELECT id FROM topics WHERE slug = 'again'"))
            try writer.database.execute("INSERT INTO search_index (search_index) VALUES ('delete-all')")
            for _ in 0..<10 { try writer.indexer.indexTopic(id: Int64(topic)) }
        }
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM search_index_docsize") }, 1_202,
                       "the topic's row, its section's and its 1,200 guidelines', once each")
        XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("sheets"))).total, 1_200)
        try store.write { try $0.database.execute("INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)") }
    }

    /// A bulk write leaves FTS5's hash size as it found it, and the writer's `temp.search_pending`
    /// (the rows it put back) empty, whether it commits or is rolled back.
    func testABulkWriteLeavesFTS5sSettingsAsItFoundThem() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        func hashSize() throws -> Int? {
            try store.read { try $0.database.firstRow("SELECT v FROM search_index_config WHERE k = 'hashsize'") { $0.int(0) } }
        }
        func importTopic(_ slug: String, guidelines: Int) throws {
            try store.write { writer in
                try writer.upsertCategory(BundleCategory(slug: "bulk", title: ["en": "Bulk"]))
                let items = (0..<guidelines).map { BundleGuideline(id: "\(slug).g\($0)", text: ["en": "Bulk guideline \($0) about sheets.", "ko": "시트에 관한 지침 \($0)"]) }
                _ = try writer.upsertTopic(BundleTopic(slug: slug, category: "bulk", title: ["en": "Bulk \(slug)"], summary: [:],
                                                       sections: [BundleSection(key: "all", title: ["en": "All"], guidelines: items)]), mode: .replace)
            }
        }
        func assertSound(_ step: String, sheets: Int, line: UInt = #line) throws {
            try store.write { writer in
                XCTAssertNoThrow(try writer.database.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')"), step, line: line)
                // The bulk write's rows went through the writer's temporary table, emptied after it.
                XCTAssertEqual(try writer.database.scalarInt("SELECT count(*) FROM temp.search_pending"), 0, step, line: line)
            }
            XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("sheets"))).total, sheets, step, line: line)
            XCTAssertEqual(try store.search(SearchRequest(query: try SearchQuery.parse("시트"))).total, sheets, step, line: line)
        }

        try importTopic("first", guidelines: 1_500)
        XCTAssertNil(try hashSize(), "no setting left behind")
        try assertSound("bulk import", sheets: 1_500)
        try store.rebuildSearchIndex()
        XCTAssertNil(try hashSize(), "no setting left behind by a rebuild")
        try assertSound("rebuild", sheets: 1_500)

        // An operator's own setting is put back as it was.
        try store.write { try $0.database.run("INSERT INTO search_index (search_index, rank) VALUES ('hashsize', 2097152)") }
        try importTopic("second", guidelines: 1_200)
        XCTAssertEqual(try hashSize(), 2_097_152)
        try assertSound("bulk import with the operator's setting", sheets: 2_700)

        // A bulk write rolled back leaves it as it was too.
        struct Abandon: Error {}
        XCTAssertThrowsError(try store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "bulk", title: ["en": "Bulk"]))
            let items = (0..<1_100).map { BundleGuideline(id: "third.g\($0)", text: ["en": "Abandoned sheets \($0)."]) }
            _ = try writer.upsertTopic(BundleTopic(slug: "third", category: "bulk", title: ["en": "Third"], summary: [:],
                                                   sections: [BundleSection(key: "all", title: ["en": "All"], guidelines: items)]), mode: .replace)
            try writer.indexer.finish()
            throw Abandon()
        })
        XCTAssertEqual(try hashSize(), 2_097_152)
        try assertSound("after a rolled back bulk write", sheets: 2_700)
    }
}
