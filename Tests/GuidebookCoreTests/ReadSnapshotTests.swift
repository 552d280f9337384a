import Foundation
@testable import GuidebookCore
import GuidebookImport
import SQLite
import XCTest

/// One snapshot per read: what a request reads in one `Store.read` (the checks it makes first,
/// the search, the hits' texts) comes from one read transaction, even when commits land between
/// its statements and other searches catch the search cache up with them. The cache answers a
/// search older than itself from that search's own generation; only a database that went back
/// makes it start over.
final class ReadSnapshotTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-read-snapshot" }

    private var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: directory.path + "/kb.sqlite", migrations: migrations, maxReaders: 4)
        // Enough rows that deleting one keeps the directory's average row length within what a
        // patch allows (on the seed alone, one delete makes the cache load everything again).
        try GeneratedBase.fill(store, guidelines: 3_000, folder: directory.path)
    }

    override func tearDown() {
        store = nil
        super.tearDown()
    }

    /// What `GET /v1/search?topic=` does: check that the topic exists, then search in it. A commit
    /// between the two deletes the topic, and another search catches the cache up with it; the
    /// search of this read still finds the topic the check found, with the same hits and texts.
    /// (Before, the check and the search were two transactions, and the search was run once more
    /// in a third when the cache was ahead: the check said the topic exists and the search found
    /// nothing in it.)
    func testTheCheckAndTheSearchOfOneReadSeeOneSnapshot() throws {
        let request = SearchRequest(query: try SearchQuery.parse("popover"), topic: "popovers", limit: 50)
        let before = try store.search(request, correcting: false)
        XCTAssertGreaterThan(before.results.total, 0)
        try store.read { reader in
            XCTAssertFalse(try reader.topicTitle(slug: "popovers").isEmpty, "the check: the topic exists")
            try store.write { try $0.editor.deleteTopic(slug: "popovers", precondition: .none) }
            XCTAssertEqual(try store.search(request, correcting: false).results.total, 0, "a new read no longer finds the topic")
            let page = try reader.search(request, correcting: false)
            XCTAssertEqual(page.results.total, before.results.total, "the search sees what the check saw")
            XCTAssertEqual(page.items.map(\.hit.ref), before.items.map(\.hit.ref))
            XCTAssertEqual(page.items.map(\.texts.topicTitle), before.items.map(\.texts.topicTitle))
            XCTAssertEqual(page.items.map(\.texts.text), before.items.map(\.texts.text))
            XCTAssertFalse(try reader.topicTitle(slug: "popovers").isEmpty, "and so does a check after it")
        }
        // Whether the delete was patched in or loaded again (a whole topic may move the average
        // row length too far), the older search was answered aside and the cache stayed newer.
        let statistics = store.searchCache.statistics
        XCTAssertEqual(statistics.earlierSnapshotSearches, 1)
        XCTAssertEqual(statistics.rewinds, 0, "the cache stayed at the newer generation")
        let loads = statistics.directoryLoads
        XCTAssertEqual(try store.search(request, correcting: false).results.total, 0)
        XCTAssertEqual(store.searchCache.statistics.directoryLoads, loads)
    }

    /// A read transaction that began between two commits, when the cache went straight from before
    /// the first to after the second: its generation's directory was never kept, so the cache
    /// patches the one from before the first forward to it, and keeps that too. Its answer is a
    /// fresh engine's in the same transaction.
    func testASearchBetweenTwoCommitsIsPatchedFromAnEarlierDirectory() throws {
        // Every match on one page, so a fresh engine's page has the same rows (its scores may
        // differ by the 0.1% a patched directory's average row length is allowed to drift).
        let request = SearchRequest(query: try SearchQuery.parse("sheet"), topic: "sheets", limit: 500)
        let before = try store.search(request)
        XCTAssertLessThan(before.total, 500)
        let guidelines = before.hits.filter { $0.kind == .guideline }.map(\.ref)
        XCTAssertGreaterThanOrEqual(guidelines.count, 2)
        try store.write { try $0.editor.deleteGuideline(id: guidelines[0], precondition: .none) }
        try store.read { reader in
            _ = try reader.locales()  // the snapshot begins here: after the first delete
            try store.write { try $0.editor.deleteGuideline(id: guidelines[1], precondition: .none) }
            XCTAssertEqual(try store.search(request).total, before.total - 2, "a new read sees both deletes")
            for _ in 0..<2 {
                let between = try reader.search(request)
                XCTAssertEqual(between.total, before.total - 1)
                XCTAssertFalse(between.hits.contains { $0.ref == guidelines[0] })
                XCTAssertTrue(between.hits.contains { $0.ref == guidelines[1] })
                let fresh = try reader.search(request, cache: SearchCache(capacityBytes: 0))
                XCTAssertEqual(between.total, fresh.total)
                XCTAssertEqual(Set(between.hits.map(\.ref)), Set(fresh.hits.map(\.ref)))
            }
        }
        let statistics = store.searchCache.statistics
        XCTAssertEqual(statistics.directoryLoads, 1)
        XCTAssertEqual(statistics.directoryPatches, 1, "the cache itself was patched once, past the older search's generation")
        XCTAssertEqual(statistics.earlierSnapshotSearches, 2, "the second older search found the patched directory kept")
        XCTAssertEqual(statistics.rewinds, 0)
    }

    /// When the newest generation in the database is older than the cache's (a replica's file
    /// restored from an older copy), a search at that generation makes the cache start over from
    /// it, with the directory it kept from then.
    func testADatabaseThatWentBackRewindsTheCache() throws {
        let said = Said()
        let store = self.store!
        let cache = SearchCache(sizing: .fixed(bytes: Store.defaultSearchCacheBytes), latestGeneration: {
            try said.generation ?? store.read { try MetaTable(database: $0.database).integer(MetaTable.searchGeneration) }
        })
        let request = SearchRequest(query: try SearchQuery.parse("sheet"), limit: 50)
        try store.read { reader in
            let older = try reader.search(request, cache: cache)
            let generation = try MetaTable(database: reader.database).integer(MetaTable.searchGeneration)
            try store.write { try $0.editor.deleteGuideline(id: older.hits.first { $0.kind == .guideline }!.ref, precondition: .none) }
            try store.read { newer in XCTAssertEqual(try newer.search(request, cache: cache).total, older.total - 1) }
            XCTAssertEqual(try reader.search(request, cache: cache).total, older.total, "an older transaction: answered aside")
            XCTAssertEqual(cache.statistics.rewinds, 0)
            said.generation = generation
            XCTAssertEqual(try reader.search(request, cache: cache).total, older.total, "a database gone back: the cache starts over")
        }
        let statistics = cache.statistics
        XCTAssertEqual(statistics.rewinds, 1)
        XCTAssertEqual(statistics.directoryLoads, 1, "it started over from the directory it had kept")
        // The database "moves on" again: the cache patches forward from there.
        said.generation = nil
        XCTAssertEqual(try store.read { try $0.search(request, cache: cache).total }, try store.search(request).total)
        XCTAssertEqual(cache.statistics.directoryLoads, 1)
        XCTAssertEqual(cache.statistics.directoryPatches, 2)
    }

    /// The newest generation the database is said to have (nil: the one it has).
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int64?
        var generation: Int64? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    /// A reader keeps the locales it read while the database is unchanged (`KnowledgeReader.locales`
    /// asks `PRAGMA data_version`): a locale added by this store's writer, or by another process
    /// (a second store on the same file, as the CLI is), is in the next read; a read that began
    /// before the commit keeps its snapshot's locales to its end.
    func testLocalesFollowEveryCommitAndStayWithTheirSnapshot() throws {
        func codes(_ reader: KnowledgeReader) throws -> [String] { try reader.locales().map(\.code) }
        let before = try store.read(codes)
        XCTAssertEqual(try store.read(codes), before, "read again, unchanged")
        try store.read { reader in
            XCTAssertEqual(try codes(reader), before)
            try store.write { try $0.upsertLocale(BundleLocale(code: "ja", name: "日本語")) }
            XCTAssertEqual(try codes(reader), before, "this read's snapshot")
        }
        let withJapanese = try store.read(codes)
        XCTAssertEqual(withJapanese, before + ["ja"])
        let other = try Store(path: directory.path + "/kb.sqlite", migrations: migrations)
        try other.write { try $0.upsertLocale(BundleLocale(code: "fr", name: "Français")) }
        XCTAssertEqual(try store.read(codes), withJapanese + ["fr"], "another connection's commit")
    }
}
