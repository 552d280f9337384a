import Foundation
@testable import GuidebookCore
import GuidebookImport
import SQLite
import XCTest

/// A large import takes the per-row coverage triggers out, marks the topics it writes itself and
/// puts the triggers back before it commits (`CoverageTriggers`): the stored coverage is what a
/// count from the text tables gives, and the schema is as it was, whether the import commits or fails.
final class CoverageTriggersTests: StoreTestCase {
    func testALargeImportCountsEveryTopicAndPutsTheTriggersBackAsTheyWere() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        _ = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
        let triggers = try self.triggers(store)
        XCTAssertEqual(triggers.filter { CoverageTriggers.names.contains($0.name) }.count, 2)

        // 2,500 guidelines in 50 topics, each with a translation: the triggers are out from the
        // 11th topic on, and the file's schema changed (dropped and made again).
        let lines = try generatedLines(guidelines: 2_500)
        let schemaBefore = try schemaVersion(store)
        try importLines(lines, into: store)
        XCTAssertEqual(try self.triggers(store).map(\.sql), triggers.map(\.sql))
        XCTAssertGreaterThan(try schemaVersion(store), schemaBefore)
        let written = try store.read { try $0.database.scalarInt("SELECT count(*) FROM topics WHERE slug LIKE 'gen-topic-%'") }
        XCTAssertEqual(written, 50)
        try assertStoredCoverageIsCounted(store)

        // The same file again changes nothing: the triggers stay, the schema is as it was.
        let schemaAfterImport = try schemaVersion(store)
        try importLines(lines, into: store)
        XCTAssertEqual(try schemaVersion(store), schemaAfterImport)

        // The first 30 topics with every Korean text changed (1,500 translations: the triggers go
        // out; their update trigger marks these topics), the rest unchanged but the last, which
        // gets a guideline more (English and Korean): an existing topic that nothing but the
        // writer marks.
        var changed: [String] = []
        var topicNumber = 0
        for (index, line) in lines.enumerated() {
            guard var topic = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], topic["kind"] as? String == "topic" else {
                changed.append(line)
                continue
            }
            defer { topicNumber += 1 }
            var sections = try XCTUnwrap(topic["sections"] as? [[String: Any]])
            for section in sections.indices where topicNumber < 30 {
                var guidelines = try XCTUnwrap(sections[section]["guidelines"] as? [[String: Any]])
                for position in guidelines.indices {
                    let texts = try XCTUnwrap(guidelines[position]["text"] as? [String: String])
                    guidelines[position]["text"] = ["en": texts["en"] ?? "", "ko": (texts["ko"] ?? "") + " 고침"]
                }
                sections[section]["guidelines"] = guidelines
            }
            if index == lines.count - 1 {
                var guidelines = try XCTUnwrap(sections[0]["guidelines"] as? [[String: Any]])
                guidelines.append(["id": "gen-topic-00049.added", "text": ["en": "Added late in a large import.", "ko": "큰 가져오기의 끝에 더했습니다."]])
                sections[0]["guidelines"] = guidelines
            }
            topic["sections"] = sections
            changed.append(String(decoding: try JSONSerialization.data(withJSONObject: topic), as: UTF8.self))
        }
        let slug = "gen-topic-00049"
        let totalBefore = try storedCounts(store, topic: slug).total
        let schemaBeforeChanges = try schemaVersion(store)
        try importLines(changed, into: store)
        XCTAssertGreaterThan(try schemaVersion(store), schemaBeforeChanges, "the triggers went out")
        XCTAssertEqual(try storedCounts(store, topic: slug).total, totalBefore + 1)
        XCTAssertEqual(try self.triggers(store).map(\.sql), triggers.map(\.sql))
        try assertStoredCoverageIsCounted(store)

        // Back in place: a writer outside the store marks what it inserts again.
        let outside = try Database(path: directory.file("kb.sqlite"))
        try outside.registerFullTextFunctions()  // the search triggers index what it inserts
        try outside.execute("""
            INSERT INTO guidelines (key, topic_id, section_id, position, created_at, updated_at)
            SELECT 'gen-topic-00049.outside', topic_id, section_id, 99, '2026-12-06T00:00:00Z', '2026-12-06T00:00:00Z'
            FROM guidelines WHERE key = 'gen-topic-00049.added'
            """)
        XCTAssertEqual(try outside.scalarInt("SELECT count(*) FROM coverage_stale"), 1, "guidelines_coverage_insert")
        try outside.execute("DELETE FROM coverage_stale")
        try outside.execute("""
            INSERT INTO guideline_texts (guideline_id, locale, text, updated_at)
            SELECT id, 'en', 'Written outside.', '2026-12-06T00:00:00Z' FROM guidelines WHERE key = 'gen-topic-00049.outside'
            """)
        XCTAssertEqual(try outside.scalarInt("SELECT count(*) FROM coverage_stale"), 1, "guideline_texts_coverage_insert")
    }

    func testALargeImportThatFailsLeavesTheTriggersInPlace() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        _ = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
        let triggers = try self.triggers(store)
        let broken = #"{"kind":"topic","slug":"broken","category":"no-such-category","title":{"en":"Broken"},"summary":{"en":"Of no category."},"#
            + #""sections":[{"key":"main","title":{"en":"Main"},"guidelines":[{"id":"broken.one","text":{"en":"One guideline."}}]}]}"#
        // It fails on its last line, long after the triggers went out.
        XCTAssertThrowsError(try importLines(try generatedLines(guidelines: 1_500) + [broken], into: store)) { error in
            XCTAssertTrue("\(error)".contains("no-such-category"), "\(error)")
        }
        XCTAssertEqual(try self.triggers(store).map(\.sql), triggers.map(\.sql))
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM topics WHERE slug LIKE 'gen-topic-%'") }, 0)
        try assertStoredCoverageIsCounted(store)
    }

    // MARK: Helpers

    /// The file's schema cookie: every change to its schema moves it.
    private func schemaVersion(_ store: Store) throws -> Int {
        try XCTUnwrap(try store.read { try $0.database.scalarInt("PRAGMA schema_version") })
    }

    /// Every trigger of the file, by name, with its definition.
    private func triggers(_ store: Store) throws -> [(name: String, sql: String)] {
        try store.read { try $0.database.rows("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name") { ($0.text(0), $0.text(1)) } }
    }

    /// The generator's NDJSON lines for `guidelines` guidelines (its categories first, then a topic a line).
    private func generatedLines(guidelines: Int) throws -> [String] {
        var bytes: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: guidelines).write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private func importLines(_ lines: [String], into store: Store) throws {
        let file = directory.file("import.ndjson")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        _ = try Importer(store: store).run(path: file, options: .init(format: .ndjson, displayName: "import.ndjson"))
    }

    /// Nothing is left marked, and every topic's stored counts are those its texts give.
    private func assertStoredCoverageIsCounted(_ store: Store, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.read { reader in
            XCTAssertEqual(try reader.database.scalarInt("SELECT count(*) FROM coverage_stale"), 0, file: file, line: line)
            let topics = try reader.database.rows("SELECT id, slug FROM topics ORDER BY id") { (id: $0.int64(0), slug: $0.text(1)) }
            XCTAssertGreaterThanOrEqual(topics.count, 12, "the seed's topics at least", file: file, line: line)
            for (id, slug) in topics {
                let counted = try CoverageCounts(database: reader.database).count(topic: id)
                let stored = try storedCounts(reader.database, topic: id)
                XCTAssertEqual(stored.total, counted.total, slug, file: file, line: line)
                XCTAssertEqual(stored.byLocale, counted.byLocale, slug, file: file, line: line)
            }
        }
    }

    private func storedCounts(_ store: Store, topic slug: String) throws -> CoverageCounts.TopicCounts {
        try store.read { reader in
            let id = try XCTUnwrap(try reader.database.scalarInt("SELECT id FROM topics WHERE slug = ?1", [.text(slug)]))
            return try storedCounts(reader.database, topic: Int64(id))
        }
    }

    /// The counts `coverage_counts` holds for topic `id` (no row: none stored).
    private func storedCounts(_ database: Database, topic id: Int64) throws -> CoverageCounts.TopicCounts {
        var counts = CoverageCounts.TopicCounts(total: -1)
        try database.forEachRow("SELECT locale, state, n FROM coverage_counts WHERE topic_id = ?1", [.integer(id)]) { row in
            if row.text(0).isEmpty {
                counts.total = row.int(2)
            } else {
                counts.byLocale[row.text(0), default: [:]][row.text(1)] = row.int(2)
            }
        }
        return counts
    }
}
