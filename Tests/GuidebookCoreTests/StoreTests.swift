import Foundation
@testable import GuidebookCore
import SQLite
import XCTest

/// Paths of the package's own data, found from this file's location (`Tests/GuidebookCoreTests/`).
enum PackagePaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var migrations: String { root + "/Migrations" }
    static var seed: String { root + "/Seed" }
}

/// A temporary directory deleted by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The store on real temporary SQLite files: migrations, WAL, imports, translation states,
/// validation and export.
final class StoreTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-store-tests" }

    // MARK: Helpers

    private func openStore(_ name: String = "store.sqlite") throws -> Store {
        try Store(path: directory.file(name), migrations: migrations)
    }

    private func seededStore(_ name: String = "seeded.sqlite") throws -> Store {
        let store = try openStore(name)
        let counts = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
        XCTAssertNotNil(counts, "the seed should load into an empty store")
        return store
    }

    private func seedBundle() throws -> KnowledgeBundle {
        try SeedLoader(directory: PackagePaths.seed).bundle()
    }

    @discardableResult
    private func apply(_ bundle: KnowledgeBundle, to store: Store, mode: ImportMode = .merge) throws -> ImportCounts {
        try store.write { try $0.apply(bundle, mode: mode) }
    }

    /// The newest migration's number (numbers may skip: `Migration.load`).
    private var latest: Int { Migrator(migrations: migrations).latestVersion }

    private func recordedMigrations(_ path: String) throws -> [(version: Int, name: String)] {
        let database = try Database(path: path)
        return try database.rows("SELECT version, name FROM schema_migrations ORDER BY rowid") { ($0.int(0), $0.text(1)) }
    }

    /// The bytes of the database file and of its journal files, where they exist.
    private func fileContents(_ path: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for suffix in ["", "-wal", "-journal"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { result[suffix] = data }
        }
        return result
    }

    private func topic(_ slug: String, in bundle: KnowledgeBundle) throws -> BundleTopic {
        try XCTUnwrap(bundle.topics.first { $0.slug == slug }, "no topic \(slug) in bundle")
    }

    private func assertInvalid(_ bundle: KnowledgeBundle, fieldContains fragment: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try BundleValidator.validate(bundle), file: file, line: line) { error in
            guard case StoreError.invalid(let field, let reason)? = error as? StoreError else {
                return XCTFail("expected StoreError.invalid, got \(error)", file: file, line: line)
            }
            XCTAssertTrue(field.contains(fragment), "field '\(field)' should name '\(fragment)' (reason: \(reason))", file: file, line: line)
            XCTAssertFalse(reason.isEmpty, file: file, line: line)
        }
    }

    private func minimalBundle(guidelines: [BundleGuideline] = [BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "ko": "하나."])]) -> KnowledgeBundle {
        KnowledgeBundle(
            categories: [BundleCategory(slug: "sample", title: ["en": "Sample", "ko": "예시"])],
            topics: [BundleTopic(slug: "sample-topic", category: "sample", title: ["en": "Sample Topic", "ko": "예시 주제"],
                                 summary: ["en": "A sample."],
                                 sections: [BundleSection(key: "overview", title: [:], guidelines: guidelines)])]
        )
    }

    // MARK: Migrations

    func testMigrationFilesLoadInOrder() throws {
        XCTAssertFalse(migrations.isEmpty)
        XCTAssertEqual(migrations.map(\.version), migrations.map(\.version).sorted())
        XCTAssertEqual(Set(migrations.map(\.version)).count, migrations.count)
        XCTAssertEqual(migrations.first?.name, "knowledge_base")

        // Files are ordered by number, not by listing order; a number may be skipped (reserved by
        // work not merged yet), and two files with one number are refused.
        let folder = directory.file("migrations")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "CREATE TABLE b (id INTEGER);".write(toFile: folder + "/0002_second.sql", atomically: true, encoding: .utf8)
        try "CREATE TABLE a (id INTEGER);".write(toFile: folder + "/0001_first.sql", atomically: true, encoding: .utf8)
        try "not a migration".write(toFile: folder + "/README.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(try Migration.load(from: folder).map(\.name), ["first", "second"])
        try "CREATE TABLE d (id INTEGER);".write(toFile: folder + "/0004_gap.sql", atomically: true, encoding: .utf8)
        XCTAssertEqual(try Migration.load(from: folder).map(\.version), [1, 2, 4])
        try "CREATE TABLE e (id INTEGER);".write(toFile: folder + "/0004_again.sql", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Migration.load(from: folder)) { error in
            guard case StoreError.badMigration? = error as? StoreError else { return XCTFail("\(error)") }
        }
    }

    func testMigrationsApplyInOrderAndAreRecorded() throws {
        let path = directory.file("fresh.sqlite")
        do {
            _ = try Store(path: path, migrations: migrations)
        }
        let recorded = try recordedMigrations(path)
        XCTAssertEqual(recorded.map(\.version), migrations.map(\.version))
        XCTAssertEqual(recorded.map(\.name), migrations.map(\.name))

        let database = try Database(path: path)
        for table in ["locales", "categories", "topics", "topic_texts", "sections", "guidelines", "guideline_texts", "glossary_terms", "meta"] {
            XCTAssertEqual(try database.scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]), 1, table)
        }
        XCTAssertEqual(try database.rows("SELECT code FROM locales ORDER BY position") { $0.text(0) }, ["en", "ko"])
    }

    /// Migrations/0022 makes three tables again so that their CHECK lists are ORs (which SQLite
    /// checks without building a temporary B-tree for every row written): a file written before
    /// keeps every row, index and trigger of them, and the constraints refuse what they refused.
    func testTheTablesRebuiltForTheirChecksKeepTheirRowsTriggersAndConstraints() throws {
        let path = directory.file("rebuilt.sqlite")
        let tables = ["guideline_texts", "translation_findings", "changes"]
        func census(_ database: Database) throws -> (rows: [Int], objects: [String]) {
            (try tables.map { try database.scalarInt("SELECT count(*) FROM \($0)") ?? -1 },
             try database.rows("""
                SELECT type || ' ' || name FROM sqlite_master WHERE tbl_name IN ('guideline_texts', 'translation_findings', 'changes')
                AND name NOT LIKE 'sqlite_autoindex%' ORDER BY 1
                """) { $0.text(0) })
        }
        do {
            let store = try Store(path: path, migrations: migrations.filter { $0.version < 22 })
            try apply(try seedBundle(), to: store)  // the seed's translations have findings too
        }
        let before = try census(try Database(path: path))
        XCTAssertTrue(before.rows.allSatisfy { $0 > 0 }, "\(before.rows)")
        XCTAssertEqual(before.objects.filter { $0.hasPrefix("trigger") }.count, 13)

        let store = try Store(path: path, migrations: migrations)
        let database = try Database(path: path)
        try database.registerFullTextFunctions()
        let after = try census(database)
        XCTAssertEqual(after.rows, before.rows)
        // 0023 drops the trigger that counted every finding added (their writer counts them).
        XCTAssertEqual(after.objects, before.objects.filter { $0 != "trigger translation_findings_counted" })
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE sql LIKE '%review_state IN (%' AND name = 'guideline_texts'"), 0)

        let refused = [
            "UPDATE guideline_texts SET review_state = 'reviewed' WHERE locale = 'ko' AND guideline_id = (SELECT min(guideline_id) FROM guideline_texts)",
            "INSERT INTO changes (at, resource, resource_id, kind) VALUES ('2026-12-05T00:00:00Z', 'guideline', 'x', 'renamed')",
            "INSERT INTO changes (at, resource, resource_id, kind) VALUES ('2026-12-05T00:00:00Z', 'page', 'x', 'updated')",
            "INSERT INTO translation_findings (topic_id, locale, field, check_name, severity, message) SELECT min(id), 'ko', 'body', 'x', 'warning', 'm' FROM topics",
        ]
        for sql in refused {
            XCTAssertThrowsError(try database.execute(sql), sql)
        }
        XCTAssertNoThrow(try database.execute("INSERT INTO changes (at, resource, resource_id, kind) VALUES ('2026-12-05T00:00:00Z', 'glossary', 'x', 'suggestion')"))
        XCTAssertNoThrow(try database.execute("""
            UPDATE guideline_texts SET review_state = 'approved' WHERE locale = 'ko' AND guideline_id = (SELECT min(guideline_id) FROM guideline_texts)
            """))
        // The rebuilt table's triggers still mark the topic whose translation changed.
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM coverage_stale"), 1)
        try store.write { _ in }
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM coverage_stale"), 0)
    }

    func testLaterMigrationsApplyAfterEarlierOnes() throws {
        // The real migrations plus a second one that depends on the first: applied in order, each recorded.
        let extra = Migration(version: Migrator(migrations: migrations).latestVersion + 1, name: "topic_notes",
                              sql: "CREATE TABLE topic_notes (topic_id INTEGER NOT NULL REFERENCES topics(id), note TEXT NOT NULL);")
        let path = directory.file("two-steps.sqlite")
        do { _ = try Store(path: path, migrations: migrations) }
        do { _ = try Store(path: path, migrations: migrations + [extra]) }
        let recorded = try recordedMigrations(path)
        XCTAssertEqual(recorded.map(\.version), migrations.map(\.version) + [extra.version])
        XCTAssertEqual(recorded.last?.name, "topic_notes")

        let database = try Database(path: path)
        XCTAssertEqual(try Migrator(migrations: migrations + [extra]).currentVersion(of: database), extra.version)
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM topic_notes"), 0)
    }

    func testAMigrationNumberedBelowTheNewestAppliedIsAppliedWhenItArrives() throws {
        // Work in progress reserves numbers: a file may get 0017 before the branch with 0012 merges.
        let latest = Migrator(migrations: migrations).latestVersion
        let late = Migration(version: latest + 1, name: "late", sql: "CREATE TABLE late_table (id INTEGER);")
        let later = Migration(version: latest + 3, name: "later", sql: "CREATE TABLE later_table (id INTEGER);")
        let path = directory.file("reserved.sqlite")
        do { _ = try Store(path: path, migrations: migrations + [later]) }
        do { _ = try Store(path: path, migrations: migrations + [late, later]) }
        XCTAssertEqual(try recordedMigrations(path).map(\.version), migrations.map(\.version) + [late.version, later.version])
        let database = try Database(path: path)
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM late_table"), 0)
        XCTAssertEqual(try Migrator(migrations: migrations + [late, later]).migrate(database), [])
    }

    func testReopeningAppliesNothingNew() throws {
        let path = directory.file("reopen.sqlite")
        do { _ = try Store(path: path, migrations: migrations) }
        let before = try Database(path: path).rows("SELECT version, name, applied_at FROM schema_migrations ORDER BY version") {
            [$0.text(0), $0.text(1), $0.text(2)]
        }
        do { _ = try Store(path: path, migrations: migrations) }
        let after = try Database(path: path).rows("SELECT version, name, applied_at FROM schema_migrations ORDER BY version") {
            [$0.text(0), $0.text(1), $0.text(2)]
        }
        XCTAssertEqual(after, before, "re-opening must not re-apply or re-record migrations")

        let database = try Database(path: path)
        XCTAssertEqual(try Migrator(migrations: migrations).migrate(database), [])
    }

    func testNewerSchemaIsRefusedAndFileUntouched() throws {
        // A database last written by a newer Guidebook, in rollback-journal mode (as a newer binary might leave it).
        let path = directory.file("newer.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("""
                CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
                INSERT INTO schema_migrations VALUES (1, 'knowledge_base', '2026-01-01T00:00:00.000Z');
                INSERT INTO schema_migrations VALUES (\(latest + 41), 'from_the_future', '2027-01-01T00:00:00.000Z');
                CREATE TABLE future_things (id INTEGER PRIMARY KEY);
                """)
        }
        let before = fileContents(path)
        XCTAssertNotNil(before[""])

        XCTAssertThrowsError(try Store(path: path, migrations: migrations)) { error in
            XCTAssertEqual(error as? StoreError, .schemaTooNew(found: latest + 41, supported: latest))
        }
        XCTAssertEqual(fileContents(path), before, "a refused database file must be byte-identical afterwards")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the refused file must not be switched to WAL")

        // The migrator alone refuses it as well.
        let database = try Database(path: path)
        XCTAssertThrowsError(try Migrator(migrations: migrations).migrate(database)) { error in
            XCTAssertEqual(error as? StoreError, .schemaTooNew(found: latest + 41, supported: latest))
        }
    }

    func testNewerSchemaInWALFileIsRefusedAndFileUntouched() throws {
        // A database this binary created (WAL mode), later migrated by a newer binary.
        let path = directory.file("newer-wal.sqlite")
        do { _ = try Store(path: path, migrations: migrations) }
        do {
            let database = try Database(path: path)
            try database.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from_the_future', '2027-01-01T00:00:00.000Z')",
                             [.int(latest + 1)])
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertThrowsError(try Store(path: path, migrations: migrations)) { error in
            XCTAssertEqual(error as? StoreError, .schemaTooNew(found: latest + 1, supported: latest))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "a refused database file must be byte-identical afterwards")
        XCTAssertEqual(try recordedMigrations(path).last?.version, latest + 1)
    }

    // MARK: Connections

    func testWALModeIsOn() throws {
        let store = try openStore()
        XCTAssertEqual(try store.read { try $0.database.firstRow("PRAGMA journal_mode") { $0.text(0) } }, "wal")
        XCTAssertEqual(try store.write { try $0.database.firstRow("PRAGMA journal_mode") { $0.text(0) } }, "wal")
        // WAL is a property of the file: a new connection sees it too.
        XCTAssertEqual(try Database(path: store.path).firstRow("PRAGMA journal_mode") { $0.text(0) }, "wal")
    }

    func testForeignKeysAreOnForTheWriter() throws {
        let store = try openStore()
        XCTAssertEqual(try store.write { try $0.database.scalarInt("PRAGMA foreign_keys") }, 1)
        // And enforced: a topic in a category that does not exist is refused, and nothing is written.
        XCTAssertThrowsError(try store.write { writer in
            try writer.database.run("INSERT INTO topics (slug, category_id, position, created_at, updated_at) VALUES ('orphan', 999, 0, 'now', 'now')")
        }) { error in
            XCTAssertTrue((error as? SQLiteError)?.isConstraint ?? false, "expected a constraint error, got \(error)")
        }
        XCTAssertTrue(try store.isEmpty())
    }

    func testReadersCannotWrite() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.read { try $0.database.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')") })
        XCTAssertNil(try store.meta("k"))
    }

    // MARK: Coverage

    /// Coverage lists the topics in the topic list's order (category position, then topic position
    /// and id), also when categories share a position and their topics interleave, which the
    /// coverage reads category by category rather than through one sorted join.
    func testCoverageListsTopicsInTheTopicListsOrder() throws {
        let store = try openStore()
        try apply(try seedBundle(), to: store)
        try store.write { writer in
            // Two categories at one position, their topics' positions interleaved; the rest reversed.
            try writer.database.run("UPDATE categories SET position = CASE WHEN id <= 2 THEN 0 ELSE 100 - id END")
            try writer.database.run("UPDATE topics SET position = (id * 7) % 5")
        }
        try store.read { reader in
            let listed = try reader.topics(category: nil, after: nil, limit: 1_000).items.map(\.slug)
            let joined = try reader.database.rows("""
                SELECT t.slug FROM topics t JOIN categories c ON c.id = t.category_id ORDER BY c.position, t.position, t.id
                """) { $0.text(0) }
            XCTAssertEqual(listed.count, 12)
            XCTAssertEqual(listed, joined)
            let covered = try XCTUnwrap(reader.translationCoverage().first).topics.map(\.slug)
            XCTAssertEqual(covered, listed)
            let categoriesOfFirstTwo = try reader.database.rows("SELECT count(*) FROM topics WHERE category_id <= 2") { $0.int(0) }
            XCTAssertGreaterThan(categoriesOfFirstTwo.first ?? 0, 2, "the shared position must hold topics of both categories")
        }
    }

    /// A store on file `name` with the seed, and a second connection to the same file that writes
    /// as a hand edit or another program would, past the store (its search triggers still work).
    private func seededStoreWithOutsideConnection(_ name: String) throws -> (Store, Database) {
        let path = directory.file(name)
        let store = try Store(path: path, migrations: migrations)
        try apply(try seedBundle(), to: store)
        let outside = try Database(path: path)
        try outside.registerFullTextFunctions()
        return (store, outside)
    }

    /// A translation whose revision and its English text's are both unknown (NULL, as a hand edit
    /// or an older file can leave them) is counted in its review state, as SQL's `IS` pairs them;
    /// once only the English has a revision, it is outdated.
    func testCoverageMatchesUnknownRevisionsAsEqual() throws {
        let (store, outside) = try seededStoreWithOutsideConnection("unknown-revisions.sqlite")
        let guideline = "(SELECT id FROM guidelines WHERE key = 'sheets.mail-compose')"
        func sheets() throws -> (draft: Int, outdated: Int) {
            try store.write { _ in }  // counts the topics the outside writes marked
            return try store.read { reader in
                let topic = try XCTUnwrap(try reader.translationCoverage().first { $0.locale.code == "ko" }?.topics.first { $0.slug == "sheets" })
                return (topic.counts.draft, topic.counts.outdated)
            }
        }
        try outside.execute("UPDATE guideline_texts SET source_revision = NULL, review_state = 'draft' WHERE guideline_id = \(guideline) AND locale = 'ko'")
        let before = try sheets()
        try outside.execute("UPDATE guideline_texts SET source_revision = NULL WHERE guideline_id = \(guideline) AND locale = 'en'")
        let bothUnknown = try sheets()
        XCTAssertEqual(bothUnknown.draft, before.draft + 1, "both revisions NULL: the draft counts as a draft")
        XCTAssertEqual(bothUnknown.outdated, before.outdated - 1)
        try outside.execute("UPDATE guideline_texts SET source_revision = 7 WHERE guideline_id = \(guideline) AND locale = 'en'")
        XCTAssertEqual(try sheets().draft, before.draft, "only the English known: outdated again")
        XCTAssertEqual(try sheets().outdated, before.outdated)
    }

    /// A writer outside the store (another connection, plain SQL) is never told to count, so the
    /// triggers mark every topic it changes stale and a read counts those itself: whatever conflict
    /// clause its statements carry (Migrations/0021 marks by upsert), coverage after each write
    /// agrees with a count made from the text tables.
    func testCoverageAgreesWithAFullCountAfterWritesOutsideTheStore() throws {
        let (store, outside) = try seededStoreWithOutsideConnection("outside.sqlite")
        try outside.execute("PRAGMA foreign_keys = ON")
        let guideline = "(SELECT id FROM guidelines WHERE key = 'sheets.mail-compose')"
        let writes = [
            "INSERT OR REPLACE INTO guideline_texts (guideline_id, locale, text, updated_at, source_revision, review_state) "
                + "SELECT id, 'ko', '새 번역', '2026-12-05T00:00:00Z', NULL, 'draft' FROM guidelines WHERE key = 'sheets.mail-compose'",
            "INSERT INTO guideline_texts (guideline_id, locale, text, updated_at, review_state) "
                + "SELECT id, 'ko', '다시', '2026-12-05T00:00:00Z', 'approved' FROM guidelines WHERE key = 'sheets.mail-compose' "
                + "ON CONFLICT (guideline_id, locale) DO UPDATE SET review_state = 'approved'",
            "UPDATE guideline_texts SET review_state = 'translated' WHERE guideline_id = \(guideline) AND locale = 'ko'",
            "UPDATE guidelines SET topic_id = (SELECT id FROM topics WHERE slug = 'popovers') WHERE key = 'sheets.mail-compose'",
            "INSERT OR ABORT INTO guidelines (key, topic_id, section_id, position, created_at, updated_at) "
                + "SELECT 'popovers.outside', topic_id, section_id, 99, '2026-12-05T00:00:00Z', '2026-12-05T00:00:00Z' FROM guidelines WHERE key = 'popovers.arrow-to-origin'",
            "INSERT OR FAIL INTO guideline_texts (guideline_id, locale, text, updated_at) "
                + "SELECT id, 'en', 'Written outside.', '2026-12-05T00:00:00Z' FROM guidelines WHERE key = 'popovers.outside'",
            "DELETE FROM guideline_texts WHERE guideline_id = \(guideline) AND locale = 'ko'",
            "DELETE FROM guidelines WHERE key = 'popovers.arrow-to-origin'",
        ]
        for sql in writes {
            try outside.execute(sql)
            XCTAssertGreaterThan(try outside.scalarInt("SELECT count(*) FROM coverage_stale") ?? 0, 0, "nothing marked after: \(sql)")
            try store.read { reader in
                for topic in try reader.translationCoverage().filter({ $0.locale.code == "ko" }).flatMap({ $0.topics }) {
                    let counted = try reader.database.rows("""
                        SELECT count(*), coalesce(sum(t.review_state = 'draft' AND t.source_revision IS s.source_revision), 0)
                        FROM guidelines g JOIN topics p ON p.id = g.topic_id
                        JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = 'en'
                        LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = 'ko'
                        WHERE p.slug = ?1
                        """, [.text(topic.slug)]) { ($0.int(0), $0.int(1)) }.first
                    XCTAssertEqual(topic.counts.total, counted?.0, "\(topic.slug) after: \(sql)")
                    XCTAssertEqual(topic.counts.draft, counted?.1, "\(topic.slug) after: \(sql)")
                }
            }
            // A write through the store counts the marked topics again and clears the marks, so the
            // next outside write has to mark its own.
            try store.write { _ in }
            XCTAssertEqual(try outside.scalarInt("SELECT count(*) FROM coverage_stale"), 0)
        }
    }

    // MARK: Imports

    func testApplyingTheSeedTwiceLeavesEverythingUnchanged() throws {
        let store = try openStore()
        let bundle = try seedBundle()
        let first = try apply(bundle, to: store)
        XCTAssertEqual(first.topics.created, 12)
        XCTAssertEqual(first.guidelines.created, 60)
        XCTAssertEqual(first.translations.created, 60)

        let second = try apply(bundle, to: store)
        XCTAssertEqual(second.topics.created, 0)
        XCTAssertEqual(second.topics.updated, 0)
        XCTAssertEqual(second.topics.unchanged, 12)
        XCTAssertEqual(second.guidelines.created, 0)
        XCTAssertEqual(second.guidelines.updated, 0)
        XCTAssertEqual(second.guidelines.unchanged, 60)
        XCTAssertEqual(second.translations.created, 0)
        XCTAssertEqual(second.translations.updated, 0)
        XCTAssertEqual(second.translations.unchanged, 60)

        // Nothing was touched: revisions are still 1.
        let revisions = try store.read { try $0.database.rows("SELECT DISTINCT revision FROM guidelines") { $0.int(0) } }
        XCTAssertEqual(revisions, [1])
    }

    func testSeedLoaderLoadsOnlyOnce() throws {
        let store = try seededStore()
        XCTAssertNotNil(try store.meta("seed_loaded_at"))
        XCTAssertNil(try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store), "a second load must do nothing")
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM guidelines") }, 60)
    }

    func testReplaceRemovesAbsentGuidelinesWhileMergeKeepsThem() throws {
        let store = try seededStore()
        var darkMode = try topic("dark-mode", in: try seedBundle())
        XCTAssertEqual(darkMode.sections[0].guidelines.count, 4)
        let removed = darkMode.sections[0].guidelines.suffix(2).map(\.id)
        darkMode.sections[0].guidelines.removeLast(2)
        let partial = KnowledgeBundle(topics: [darkMode])

        let merged = try apply(partial, to: store, mode: .merge)
        XCTAssertEqual(merged.guidelines.unchanged, 2)
        for id in removed {
            XCTAssertNotNil(try store.read { try $0.guideline(id: id) }, "merge must keep \(id)")
        }
        XCTAssertEqual(try store.read { try $0.topic(slug: "dark-mode")?.summary.guidelineCount }, 4)

        let replaced = try apply(partial, to: store, mode: .replace)
        XCTAssertEqual(replaced.topics.updated, 1, "removing guidelines changes the topic")
        for id in removed {
            XCTAssertNil(try store.read { try $0.guideline(id: id) }, "replace must remove \(id)")
        }
        let topic = try XCTUnwrap(try store.read { try $0.topic(slug: "dark-mode") })
        XCTAssertEqual(topic.summary.guidelineCount, 2)
        XCTAssertEqual(topic.sections.flatMap(\.guidelines).map(\.id), darkMode.sections[0].guidelines.map(\.id))
        // Other topics are not affected by replacing one.
        XCTAssertEqual(try store.read { try $0.topic(slug: "materials")?.summary.guidelineCount }, 10)
        // Their texts went with them.
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM guideline_texts WHERE guideline_id NOT IN (SELECT id FROM guidelines)") }, 0)
    }

    /// Re-importing a topic whose English text was edited while its Korean text stayed as it was
    /// (the usual edit of a seed file) leaves a Korean translation of the old English: outdated.
    func testChangedEnglishMakesUnchangedKoreanOutdated() throws {
        let store = try seededStore()
        var darkMode = try topic("dark-mode", in: try seedBundle())
        let id = darkMode.sections[0].guidelines[0].id
        let korean = darkMode.sections[0].guidelines[0].text["ko"]
        XCTAssertEqual(try store.read { try $0.guideline(id: id)?.translations["ko"]?.state }, .current)

        darkMode.sections[0].guidelines[0].text["en"] = "Since iOS 13, people can choose a dark, system-wide appearance."
        let counts = try apply(KnowledgeBundle(topics: [darkMode]), to: store)
        XCTAssertEqual(counts.guidelines.updated, 1)

        let guideline = try XCTUnwrap(try store.read { try $0.guideline(id: id) })
        XCTAssertEqual(guideline.text["en"], "Since iOS 13, people can choose a dark, system-wide appearance.")
        XCTAssertEqual(guideline.text["ko"], korean, "the Korean text is unchanged")
        XCTAssertEqual(guideline.translations["ko"]?.state, .outdated,
                       "the Korean text was made from the old English text, so it is outdated")
        // Other guidelines of the topic stay current.
        let other = try XCTUnwrap(try store.read { try $0.guideline(id: darkMode.sections[0].guidelines[1].id) })
        XCTAssertEqual(other.translations["ko"]?.state, .current)
    }

    /// The same change sent without any Korean text (an English-only edit) also leaves the Korean outdated,
    /// and a new Korean text makes it current again.
    func testEnglishOnlyUpdateMakesKoreanOutdatedAndNewKoreanMakesItCurrent() throws {
        let store = try seededStore()
        var darkMode = try topic("dark-mode", in: try seedBundle())
        let id = darkMode.sections[0].guidelines[0].id
        darkMode.sections[0].guidelines[0].text = ["en": "Since iOS 13, people can choose a dark, system-wide appearance."]
        try apply(KnowledgeBundle(topics: [darkMode]), to: store)
        XCTAssertEqual(try store.read { try $0.guideline(id: id)?.translations["ko"]?.state }, .outdated)

        darkMode.sections[0].guidelines[0].text["ko"] = "iOS 13부터 사용자는 시스템 전체에 적용되는 어두운 외관을 선택할 수 있습니다."
        let counts = try apply(KnowledgeBundle(topics: [darkMode]), to: store)
        XCTAssertEqual(counts.translations.updated, 1)
        let guideline = try XCTUnwrap(try store.read { try $0.guideline(id: id) })
        XCTAssertEqual(guideline.translations["ko"]?.state, .current)
        XCTAssertEqual(guideline.text["ko"], "iOS 13부터 사용자는 시스템 전체에 적용되는 어두운 외관을 선택할 수 있습니다.")
    }

    func testUndeclaredLocaleIsRefusedByTheWriterAndNothingIsWritten() throws {
        let store = try openStore()
        let bundle = minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "fr": "Un."])])
        XCTAssertThrowsError(try apply(bundle, to: store)) { error in
            guard case StoreError.invalid(let field, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(field.contains("sample-topic.one"), "field '\(field)' should name the guideline")
        }
        XCTAssertTrue(try store.isEmpty(), "a refused import writes nothing")

        // Declared in the bundle, the same locale is accepted.
        var declared = bundle
        declared.locales = [BundleLocale(code: "fr", name: "Français")]
        XCTAssertEqual(try apply(declared, to: store).translations.created, 1)
        XCTAssertEqual(try store.read { try $0.locales().map(\.code) }, ["en", "ko", "fr"])
    }

    // MARK: Validation

    func testSeedBundleIsValid() throws {
        XCTAssertNoThrow(try BundleValidator.validate(try seedBundle()))
        XCTAssertNoThrow(try BundleValidator.validate(minimalBundle()))
    }

    func testValidatorRejectsBadSlugs() {
        for slug in ["Dark-Mode", "dark mode", "dark_mode", "", "dark.mode", "다크-모드", String(repeating: "a", count: 129)] {
            var bundle = minimalBundle()
            bundle.topics[0].slug = slug
            assertInvalid(bundle, fieldContains: "topics[0].slug")
        }
        var badCategory = minimalBundle()
        badCategory.categories[0].slug = "Bad Category"
        assertInvalid(badCategory, fieldContains: "categories[0].slug")

        var badSection = minimalBundle()
        badSection.topics[0].sections[0].key = "Over View"
        assertInvalid(badSection, fieldContains: "sections[0].key")

        var badID = minimalBundle()
        badID.topics[0].sections[0].guidelines[0].id = "Sample Topic/One"
        assertInvalid(badID, fieldContains: "guidelines[0].id")
    }

    func testValidatorRejectsMissingEnglish() {
        let missing = minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["ko": "하나."])])
        assertInvalid(missing, fieldContains: "topics[0].sections[0].guidelines[0].text")

        let blank = minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["en": "  ", "ko": "하나."])])
        assertInvalid(blank, fieldContains: "guidelines[0].text.en")

        var noTitle = minimalBundle()
        noTitle.topics[0].title = ["ko": "예시 주제"]
        assertInvalid(noTitle, fieldContains: "topics[0].title")
    }

    /// The limit counts characters, not bytes: as many Hangul syllables (three bytes each) or
    /// accented letters (a letter and a combining mark) as it allows pass, one more does not.
    func testValidatorCountsATextsLengthInCharacters() {
        let limit = BundleValidator.maxTextLength
        for character in ["가", "e\u{301}", "a"] {
            let longest = String(repeating: character, count: limit)
            XCTAssertNoThrow(try BundleValidator.validate(minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "ko": longest])])), character)
            let tooLong = longest + character
            assertInvalid(minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "ko": tooLong])]), fieldContains: "text.ko")
        }
    }

    func testValidatorRejectsDuplicateGuidelineIDsInATopic() {
        let duplicated = minimalBundle(guidelines: [
            BundleGuideline(id: "sample-topic.one", text: ["en": "One."]),
            BundleGuideline(id: "sample-topic.one", text: ["en": "Another one."]),
        ])
        assertInvalid(duplicated, fieldContains: "guidelines[1].id")

        var acrossSections = minimalBundle()
        acrossSections.topics[0].sections.append(BundleSection(key: "more", title: ["en": "More"], guidelines: [
            BundleGuideline(id: "sample-topic.one", text: ["en": "Again."]),
        ]))
        assertInvalid(acrossSections, fieldContains: "sections[1].guidelines[0].id")
    }

    /// Guideline ids are unique across the knowledge base (Seed/README.md), so one bundle
    /// naming the same id in two topics is contradictory and must be refused before anything is written.
    func testValidatorRejectsGuidelineIDDuplicatedAcrossTopics() throws {
        var bundle = minimalBundle()
        bundle.topics.append(BundleTopic(slug: "second-topic", category: "sample", title: ["en": "Second Topic"], summary: [:],
                                         sections: [BundleSection(key: "overview", title: [:], guidelines: [
                                             BundleGuideline(id: "sample-topic.one", text: ["en": "Claimed by another topic."]),
                                         ])]))
        assertInvalid(bundle, fieldContains: "topics[1].sections[0].guidelines[0].id")
    }

    func testValidatorRejectsMalformedLocales() {
        let badKey = minimalBundle(guidelines: [BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "Korean!": "하나."])])
        assertInvalid(badKey, fieldContains: "topics[0].sections[0].guidelines[0].text")

        var badTitleLocale = minimalBundle()
        badTitleLocale.topics[0].title["EN_us"] = "Sample"
        assertInvalid(badTitleLocale, fieldContains: "topics[0].title")

        var badDeclaration = minimalBundle()
        badDeclaration.locales = [BundleLocale(code: "en", name: "English"), BundleLocale(code: "x", name: "Unknown")]
        assertInvalid(badDeclaration, fieldContains: "locales[1].code")

        XCTAssertTrue(BundleValidator.isLocaleCode("ko"))
        XCTAssertTrue(BundleValidator.isLocaleCode("pt-br"))
        XCTAssertFalse(BundleValidator.isLocaleCode("ko-KR"))
        XCTAssertFalse(BundleValidator.isLocaleCode("k"))
        XCTAssertFalse(BundleValidator.isLocaleCode("en-us-x"))
        for code in ["en", "fil", "zh-hant", "es-419", "de-12345678"] { XCTAssertTrue(BundleValidator.isLocaleCode(code), code) }
        for code in ["", "-", "en-", "-en", "engl", "en-a", "de-123456789", "en--us", "ko_kr", "한국", "en-US", "e1"] {
            XCTAssertFalse(BundleValidator.isLocaleCode(code), code)
        }
    }

    func testValidatorRejectsWrongFormatAndVersion() {
        var format = minimalBundle()
        format.format = "something-else"
        assertInvalid(format, fieldContains: "format")
        var version = minimalBundle()
        version.version = 2
        assertInvalid(version, fieldContains: "version")
    }

    // MARK: Export

    func testExportImportExportGivesTheSameBundle() throws {
        let source = try seededStore("source.sqlite")
        let exported = try source.read { try BundleExporter(reader: $0).export() }
        XCTAssertEqual(exported.topics.count, 12)
        XCTAssertEqual(exported.topics.flatMap { $0.sections.flatMap(\.guidelines) }.count, 60)
        XCTAssertEqual(exported.categories.count, 5)
        XCTAssertFalse(exported.glossary.isEmpty)
        XCTAssertEqual(exported.locales.map(\.code), ["en", "ko"])

        // Through the JSON codec, as the bundle travels between servers.
        let decoded = try BundleCodec.decode(try BundleCodec.encode(exported))
        XCTAssertEqual(decoded, exported)

        let target = try openStore("target.sqlite")
        XCTAssertTrue(try target.isEmpty())
        let counts = try apply(decoded, to: target)
        XCTAssertEqual(counts.topics.created, 12)
        XCTAssertEqual(counts.guidelines.created, 60)
        let reexported = try target.read { try BundleExporter(reader: $0).export() }
        XCTAssertEqual(reexported, exported)

        // The export holds the seed's content: every seed guideline with its texts.
        let seedGuidelines = Dictionary(uniqueKeysWithValues: try seedBundle().topics.flatMap { $0.sections.flatMap(\.guidelines) }.map { ($0.id, $0.text) })
        let exportedGuidelines = Dictionary(uniqueKeysWithValues: exported.topics.flatMap { $0.sections.flatMap(\.guidelines) }.map { ($0.id, $0.text) })
        XCTAssertEqual(exportedGuidelines, seedGuidelines)
    }

    /// A partly translated bundle (Korean summary, no Korean title; a guideline without Korean)
    /// exports as it was imported: a missing translation stays missing, none is invented.
    func testPartlyTranslatedBundleExportsAsImported() throws {
        let store = try openStore()
        var bundle = minimalBundle(guidelines: [
            BundleGuideline(id: "sample-topic.one", text: ["en": "One.", "ko": "하나."]),
            BundleGuideline(id: "sample-topic.two", text: ["en": "Two."]),
        ])
        bundle.topics[0].title = ["en": "Sample Topic"]
        bundle.topics[0].summary = ["en": "A sample.", "ko": "예시입니다."]
        try apply(bundle, to: store)

        let exported = try store.read { try BundleExporter(reader: $0).export() }
        let topic = try XCTUnwrap(exported.topics.first)
        XCTAssertEqual(topic.sections.flatMap(\.guidelines), bundle.topics[0].sections.flatMap(\.guidelines))
        XCTAssertEqual(topic.summary, bundle.topics[0].summary)
        XCTAssertEqual(topic.title, ["en": "Sample Topic"], "no Korean title was imported, so none may be exported")
    }

    // MARK: Where the file is

    func testAStoreMakesTheFoldersOfItsPathButNoneForASQLiteURI() throws {
        let nested = directory.file("made/for/it/store.sqlite")
        _ = try Store(path: nested, migrations: migrations)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested))

        // The same file named by a URI, read-only: SQLite finds it, and no folder appears where
        // the URI's text would be a relative path (`file:/tmp/…` under the working directory).
        let readOnly = try Store(path: "file:\(nested)?mode=ro", migrations: migrations)
        XCTAssertTrue(readOnly.isReadOnly)
        let uriAsPath = FileManager.default.currentDirectoryPath + "/file:" + directory.path
        XCTAssertFalse(FileManager.default.fileExists(atPath: uriAsPath), uriAsPath)
        XCTAssertNil(Store.folderToCreate(forDatabaseAt: ":memory:"))
        XCTAssertNil(Store.folderToCreate(forDatabaseAt: "plain.sqlite"))
    }
}
