import Foundation
import GuidebookCore
import GuidebookTestSupport
import SQLite
import XCTest

/// `guidebook-bench reference-load`, the independent loader `make bench` measures imports
/// against, must write what `guidebook import` writes, or its time says nothing about ours.
/// Both run as the real executables on a fresh database each; their exports, their tables (all
/// but the change times and what is derived from them) and their search index must be equal.
final class ReferenceLoadTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-reference-load" }

    /// Our own file of the edges: an untitled section, missing and empty translations, a third
    /// locale, one-syllable Korean words, mixed scripts, line breaks and a topic without sections.
    func testTheReferenceWritesWhatTheImporterWritesForTheEdges() throws {
        try assertSameDatabase(from: TestServer.packageRoot + "/Tests/Fixtures/import/reference-edges.ndjson", isBulk: false)
    }

    /// What the benchmark loads: `guidebook generate`'s file, here 3,000 guidelines.
    func testTheReferenceWritesWhatTheImporterWritesForAGeneratedFile() throws {
        let file = directory + "/generated.ndjson"
        try runToEnd(["generate", "3000", file])
        try assertSameDatabase(from: file, isBulk: true)
    }

    /// `isBulk`: the file changes more rows than the importer records one by one for search caches
    /// to patch from (`SearchIndexer.recordLimit`), so that record must be empty in both, as the
    /// reference always leaves it; a smaller import records its rows, which the reference does not.
    private func assertSameDatabase(from file: String, isBulk: Bool, line: UInt = #line) throws {
        let imported = directory + "/imported.sqlite"
        let loaded = directory + "/loaded.sqlite"
        try runToEnd(["import", file, "--db", imported, "--no-seed", "--resources", TestServer.packageRoot])
        let report = try runToEnd(["reference-load", "--db", loaded, "--file", file, "--migrations", TestServer.migrationsDirectory],
                                  executable: ServerProcess.productsDirectory + "/guidebook-bench")
        XCTAssertTrue(report.hasPrefix("reference-load\t"), report, line: line)

        let importedExport = try runToEnd(["export", "--db", imported])
        XCTAssertGreaterThan(importedExport.utf8.count, 200, line: line)
        XCTAssertEqual(try runToEnd(["export", "--db", loaded]), importedExport, "guidebook export differs", line: line)

        let (a, b) = (try Database(path: imported, mode: .readOnly), try Database(path: loaded, mode: .readOnly))
        for database in [a, b] { try database.registerFullTextFunctions() }
        for query in Self.comparedQueries + (isBulk ? [Self.changedRows] : []) {
            let (left, right) = (try rows(a, query), try rows(b, query))
            XCTAssertEqual(left, right, query, line: line)
        }
        XCTAssertGreaterThan(try rows(a, "SELECT id FROM search_index_docsize").count, 3, line: line)
        XCTAssertGreaterThan(try rows(a, SearchVocabulary.wordsSQL).count, 10, line: line)
        // Each index agrees with the text tables it was made from (FTS5 tokenizes every row again).
        for path in [imported, loaded] {
            let database = try Database(path: path)
            try database.registerFullTextFunctions()
            XCTAssertNoThrow(try database.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')"), path, line: line)
        }
        // Search caches of either database must take a bulk load as one change: nothing to patch from.
        for database in isBulk ? [a, b] : [b] {
            let floor = try rows(database, "SELECT value FROM meta WHERE key IN ('search_generation', 'search_changes_floor') ORDER BY key")
            XCTAssertEqual(floor.count, 2, line: line)
            XCTAssertEqual(floor.first, floor.last, "the floor is the generation", line: line)
        }
    }

    /// Every table an import writes, without its change times (and the versions made from them).
    static let comparedQueries = [
        "SELECT code, name, is_source, position FROM locales ORDER BY code",
        "SELECT id, slug, position FROM categories ORDER BY id",
        "SELECT category_id, locale, title FROM category_texts ORDER BY 1, 2",
        "SELECT id, slug, category_id, position, revision FROM topics ORDER BY id",
        "SELECT topic_id, locale, title, summary, source_hash, source_revision FROM topic_texts ORDER BY 1, 2",
        "SELECT id, topic_id, key, position, revision FROM sections ORDER BY id",
        "SELECT section_id, locale, title, source_revision FROM section_texts ORDER BY 1, 2",
        "SELECT id, key, topic_id, section_id, position, revision FROM guidelines ORDER BY id",
        "SELECT guideline_id, locale, text, source_hash, source_revision FROM guideline_texts ORDER BY 1, 2",
        "SELECT seq, resource, resource_id, kind, locale, token, etag IS NULL FROM changes ORDER BY seq",
        // The index's rows as the text tables show them, every token it holds (stems and
        // bigrams) with its rows and count, and the vocabulary's surface forms with their rows.
        "SELECT row, title, body FROM search_content ORDER BY row",
        "SELECT term, doc, cnt FROM search_index_vocab ORDER BY term",
        "SELECT form, rows FROM search_surface_forms WHERE rows > 0 ORDER BY form",
        // FTS5's own record of lengths, which the search engine's scores are computed from.
        "SELECT id, hex(sz) FROM search_index_docsize ORDER BY id",
    ]

    /// The search index's record of changed rows.
    static let changedRows = "SELECT generation, row FROM search_changes ORDER BY 1, 2"

    private func rows(_ database: Database, _ sql: String) throws -> [[String]] {
        try database.rows(sql) { statement in
            (0..<statement.columnCount).map { statement.isNull($0) ? "NULL" : statement.text($0) }
        }
    }

    /// Runs a command to its end and returns its standard output; a failure names the command.
    @discardableResult
    private func runToEnd(_ arguments: [String], executable: String = ServerProcess.executable) throws -> String {
        let command = try CommandProcess(arguments, executable: executable)
        let status = command.waitForExit(seconds: 300)
        XCTAssertEqual(status, 0, "\(arguments.first ?? "") failed: \(command.errorOutput)")
        return String(decoding: command.output, as: UTF8.self)
    }
}
