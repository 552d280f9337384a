import Foundation
@testable import GuidebookCore
import GuidebookImport
import SQLite
import XCTest

/// The row directory the writers keep in the database (`RowDirectory+Stored.swift`): what a search
/// reads in one pass at its first use instead of scanning the record tables and FTS5's sizes. It
/// must always be what a scan reads, or patch to it, whatever has been committed since.
final class StoredDirectoryTests: GeneratedStoreTestCase {
    override class var folderPrefix: String { "guidebook-stored-directory" }

    /// The stored directory, what a search loads at its generation, and what a scan reads, in one read transaction.
    private func directories() throws -> (stored: (generation: Int64, directory: RowDirectory)?, loaded: RowDirectory, scanned: RowDirectory, generation: Int64) {
        try store.read { reader in
            let generation = try MetaTable(database: reader.database).integer(MetaTable.searchGeneration)
            return (try RowDirectory.stored(in: reader.database), try RowDirectory.load(from: reader.database, generation: generation),
                    try RowDirectory.scan(from: reader.database), generation)
        }
    }

    /// Every row's topic and length, the row count and the topics and categories: the same.
    private func assertSameRows(_ a: RowDirectory, _ b: RowDirectory, _ label: String, line: UInt = #line) {
        XCTAssertEqual(a.rowCount, b.rowCount, label, line: line)
        XCTAssertEqual(a.totalLength, b.totalLength, label, line: line)
        XCTAssertEqual(a.categorySlugs, b.categorySlugs, label, line: line)
        XCTAssertEqual(a.topicSlugs.filter { !$0.isEmpty }.sorted(), b.topicSlugs.filter { !$0.isEmpty }.sorted(), label, line: line)
        let last = UInt32(max(a.dense.count, b.dense.count) + 64)
        var differences = 0
        for row in 0..<last {
            let (topicA, topicB) = (a.topic(ofRow: row).map { a.topicSlugs[$0] }, b.topic(ofRow: row).map { b.topicSlugs[$0] })
            if topicA != topicB || a.tokens(ofRow: row) != b.tokens(ofRow: row) { differences += 1 }
        }
        XCTAssertEqual(differences, 0, "\(label): rows whose topic or length differ", line: line)
    }

    /// A scan holds what the tables hold: every topic's, section's and guideline's row names its
    /// topic, every row FTS5 sized has that many tokens, and no other row has either.
    func testAScanHoldsEveryRowsTopicAndLengthAsTheTablesShowThem() throws {
        try store.read { reader in
            let database = reader.database
            let scanned = try RowDirectory.scan(from: database)
            var topics: [UInt32: String] = [:]
            for (kind, sql) in [(SearchIndexer.Kind.topic, "SELECT id, slug FROM topics"),
                                (.section, "SELECT s.id, t.slug FROM sections s JOIN topics t ON t.id = s.topic_id"),
                                (.guideline, "SELECT g.id, t.slug FROM guidelines g JOIN topics t ON t.id = g.topic_id")] {
                try database.forEachRow(sql) { topics[UInt32(SearchIndexer.rowID(kind, $0.int64(0)))] = $0.text(1) }
            }
            var lengths: [UInt32: Int] = [:]
            try database.forEachRow("SELECT id, sz FROM search_index_docsize") { lengths[UInt32($0.int64(0))] = RowDirectory.columnSizesTotal($0.blob(1)) }
            XCTAssertGreaterThan(topics.count, 1_500)
            XCTAssertEqual(scanned.rowCount, lengths.count)
            let last = (topics.keys.max() ?? 0) + 64
            var differences: [String] = []
            for row in 0...last {
                let topic = scanned.topic(ofRow: row).map { scanned.topicSlugs[$0] }
                if topic != topics[row] || scanned.tokens(ofRow: row) != lengths[row] {
                    differences.append("\(row): \(topic ?? "-") \(scanned.tokens(ofRow: row).map(String.init) ?? "-")")
                }
            }
            XCTAssertEqual(differences.prefix(5), [], "\(differences.count) rows differ from the tables")
        }
    }

    func testAnImportLeavesTheDirectoryItScansStored() throws {
        let (stored, loaded, scanned, generation) = try directories()
        let kept = try XCTUnwrap(stored)
        XCTAssertEqual(kept.generation, generation, "the import stored the directory of its own generation")
        assertSameRows(kept.directory, scanned, "stored")
        assertSameRows(loaded, scanned, "loaded")
        XCTAssertEqual(kept.directory.averageLength, scanned.averageLength)
        XCTAssertEqual(kept.directory.windowShift, scanned.windowShift)
        // Encoded and decoded again: the same bytes.
        let bytes = kept.directory.encoded()
        let again = try bytes.withUnsafeBytes { try RowDirectory.decoded($0) }
        XCTAssertEqual(again.encoded(), bytes)
    }

    /// The large stored forms live in `meta_blobs`, not in `meta` (a WITHOUT ROWID table, whose
    /// key lookups read every overflowing value they step on: Migrations/0020_meta_blobs.sql), and
    /// a file whose writers kept them in `meta` has them moved by the migration, still usable.
    func testLargeStoredFormsAreKeptApartFromTheSmallFacts() throws {
        func sizes(_ table: String) throws -> [String: Int] {
            try store.read { reader in
                Dictionary(uniqueKeysWithValues: try reader.database.rows("SELECT key, length(value) FROM \(table)") { ($0.text(0), $0.int(1)) })
            }
        }
        let blobs = try sizes("meta_blobs")
        XCTAssertEqual(Set(blobs.keys), [MetaTable.searchDirectory, MetaTable.searchVocabulary])
        XCTAssertGreaterThan(blobs[MetaTable.searchDirectory] ?? 0, 1_000, "the directory of 1,500 guidelines and the seed")
        XCTAssertEqual(try sizes("meta").filter { $0.value > 200 }, [:], "no large value is left among the small facts")

        // As the writers before the migration left the file: the blobs in `meta`, no `meta_blobs`.
        let kept = try XCTUnwrap(try directories().stored)
        try store.write { writer in
            try writer.database.execute("""
                INSERT INTO meta (key, value) SELECT key, value FROM meta_blobs;
                DROP TABLE meta_blobs;
                DELETE FROM schema_migrations WHERE version = 20;
                """)
        }
        store = try Store(path: path, migrations: migrations)
        XCTAssertEqual(try sizes("meta_blobs"), blobs, "the migration moved both")
        XCTAssertEqual(try sizes("meta").filter { $0.value > 200 }, [:])
        let moved = try XCTUnwrap(try directories().stored, "the moved directory is read as stored")
        XCTAssertEqual(moved.generation, kept.generation)
        XCTAssertEqual(moved.directory.encoded(), kept.directory.encoded())
    }

    func testSmallCommitsAreLeftForSearchesToPatchUntilManyRowsChanged() throws {
        let before = try XCTUnwrap(try directories().stored?.generation)
        // A few edits: the stored directory stays where it was; a search patches it to what a scan reads.
        let bundle = try store.read { try BundleExporter(reader: $0).export() }
        let topic = try XCTUnwrap(bundle.topics.first { $0.slug == "sheets" })
        try store.write { writer in
            _ = try writer.editor.replaceGuideline(id: topic.sections[0].guidelines[0].id,
                                                   GuidelineDraft(topic: "sheets", section: topic.sections[0].key, text: "A sheet, edited."),
                                                   precondition: .none)
        }
        try store.write { writer in
            let other = try XCTUnwrap(bundle.topics.first { $0.slug != "sheets" && !$0.sections.isEmpty })
            _ = try writer.editor.replaceGuideline(id: topic.sections[0].guidelines[1].id,
                                                   GuidelineDraft(topic: other.slug, section: other.sections[0].key, text: "Moved away."),
                                                   precondition: .none)
        }
        var (stored, loaded, scanned, generation) = try directories()
        XCTAssertEqual(stored?.generation, before, "a few changed rows do not store it again")
        XCTAssertGreaterThan(generation, before)
        assertSameRows(loaded, scanned, "patched by the search")

        // Hundreds of rows in small commits (each under the bulk limit): the writer stores it again, patched.
        try store.write { writer in
            for number in 0..<(SearchIndexer.directoryRefreshRows + 20) {
                _ = try writer.editor.createGuideline(GuidelineDraft(id: "stored-directory-\(number)", topic: "sheets", section: topic.sections[0].key,
                                                                     text: "Sheet number \(number) shows progress."))
            }
        }
        (stored, loaded, scanned, generation) = try directories()
        XCTAssertEqual(stored?.generation, generation, "the writer stored it again")
        assertSameRows(try XCTUnwrap(stored).directory, scanned, "stored again")
        assertSameRows(loaded, scanned, "loaded")

        // A fresh store (an empty cache) answers as a scan would: the same pages, totals and facets.
        let fresh = try Store(path: path, migrations: migrations, searchCacheSizing: .fixed(bytes: 0))
        for text in ["sheet", "progress 시트", "sheet OR popover", "stored"] {
            let request = SearchRequest(query: try SearchQuery.parse(text), limit: 20)
            let (found, scannedResults) = try fresh.read { reader -> (SearchResults, SearchResults) in
                let found = try reader.search(request)
                // The same search with a cache that holds only what a scan reads.
                let cache = SearchCache(capacityBytes: 0)
                _ = try cache.directory(generation: try MetaTable(database: reader.database).integer(MetaTable.searchGeneration),
                                        changedRows: { _ in nil }, readChanges: { _ in RowDirectory.Changes() },
                                        load: { try RowDirectory.scan(from: reader.database) })
                return (found, try reader.search(request, cache: cache))
            }
            XCTAssertEqual(found.hits.map(\.ref), scannedResults.hits.map(\.ref), text)
            XCTAssertEqual(found.total, scannedResults.total, text)
            XCTAssertEqual(found.topicFacets.map(\.count), scannedResults.topicFacets.map(\.count), text)
        }
    }

    func testAFileWithoutOneGetsOneWhenOpenedAndADamagedOneIsScannedInstead() throws {
        // As a file made before the directory was stored: none.
        try store.write {
            try $0.database.run("DELETE FROM meta_blobs WHERE key = 'search_directory'")
            try $0.database.run("DELETE FROM meta WHERE key = 'search_directory_generation'")
        }
        XCTAssertNil(try directories().stored)
        store = try Store(path: path, migrations: migrations)
        XCTAssertNotNil(try directories().stored, "opening the file stored it")

        // Damaged bytes: nothing stored to use, so searches scan, and find what they always found.
        let request = SearchRequest(query: try SearchQuery.parse("sheet popover"), limit: 10)
        let expected = try Store(path: path, migrations: migrations).search(request)
        for damage in [[UInt8](), Array("GBRD".utf8), Array("GBRD".utf8) + [UInt8](repeating: 0xFF, count: 64),
                       Array(try directories().stored!.directory.encoded().dropLast(3))] {
            try store.write { try $0.database.run("UPDATE meta_blobs SET value = ?1 WHERE key = 'search_directory'", [.blob(damage)]) }
            XCTAssertNil(try directories().stored, "\(damage.count) bytes")
            let found = try Store(path: path, migrations: migrations).search(request)
            XCTAssertEqual(found.hits.map(\.ref), expected.hits.map(\.ref))
            XCTAssertEqual(found.total, expected.total)
        }
    }
}
