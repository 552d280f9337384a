import Foundation
@testable import GuidebookCore
import XCTest

/// The search cache's size (fixed, or worked out from the index within a share of the memory),
/// the memory the process may use as Linux reports it (cgroup v1 and v2, imitated in a folder),
/// and the cache's counters on a real store.
final class SearchCacheSizingTests: XCTestCase {
    private let mib = 1 << 20

    func testAutomaticSizeFollowsTheIndexBetweenFloorAndCeiling() {
        let sizing = SearchCacheSizing.automatic(ceilingBytes: 300 * mib)
        XCTAssertEqual(sizing.capacity(indexRows: 0), SearchCacheSizing.floorBytes, "an empty or small index gets the floor")
        XCTAssertEqual(sizing.capacity(indexRows: 100_000), 32 * mib, "100,000 rows × 160 B is below the 32 MiB floor")
        XCTAssertEqual(sizing.capacity(indexRows: 1_000_000), 160_000_000)
        XCTAssertEqual(sizing.capacity(indexRows: 10_000_000), 300 * mib, "never above the ceiling")
        XCTAssertEqual(sizing.capacity(indexRows: .max), 300 * mib, "no overflow")
        XCTAssertEqual(SearchCacheSizing.automatic(ceilingBytes: 8 * mib).capacity(indexRows: 0), 8 * mib, "a low ceiling wins over the floor")
        XCTAssertEqual(SearchCacheSizing.fixed(bytes: 5 * mib).capacity(indexRows: 1_000_000), 5 * mib)
        XCTAssertEqual(SearchCacheSizing.fixed(bytes: 0).capacity(indexRows: 1_000_000), 0)
    }

    func testTheCeilingIsAQuarterOfTheUsableMemory() {
        XCTAssertEqual(SearchCacheSizing.automatic(usableMemory: 1_024 * mib), .automatic(ceilingBytes: 256 * mib))
        XCTAssertEqual(SearchCacheSizing.automatic(usableMemory: 64 << 30), .automatic(ceilingBytes: SearchCacheSizing.maximumBytes))
        XCTAssertEqual(SearchCacheSizing.automatic(usableMemory: nil), .automatic(ceilingBytes: SearchCacheSizing.maximumBytes))
        XCTAssertEqual(SystemMemory(available: 8 << 30, cgroupLimit: 512 * mib).usable, 512 * mib, "a container's limit below what the host has")
        XCTAssertEqual(SystemMemory(available: 256 * mib, cgroupLimit: 512 * mib).usable, 256 * mib)
        XCTAssertEqual(SystemMemory(available: nil, cgroupLimit: 512 * mib).usable, 512 * mib)
        XCTAssertNil(SystemMemory(available: nil, cgroupLimit: nil).usable)
    }

    // MARK: - /proc and /sys, imitated

    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "guidebook-memory-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private let meminfo = "MemTotal:       24684108 kB\nMemFree:        20000000 kB\nMemAvailable:    4194304 kB\nBuffers:           10000 kB\n"

    /// A Linux machine with 4 GiB available: `/proc/self/cgroup` holding `cgroup`, and the files of
    /// `limits` (paths below `/sys/fs/cgroup/`) holding their memory limits.
    private func imitate(cgroup: String, limits: KeyValuePairs<String, String>) throws {
        try write("/proc/meminfo", meminfo)
        try write("/proc/self/cgroup", cgroup)
        for (path, limit) in limits { try write("/sys/fs/cgroup/" + path, limit) }
    }

    func testReadsMemAvailableWithoutAnyLimit() throws {
        try imitate(cgroup: "0::/user.slice/session-1.scope\n", limits: ["user.slice/session-1.scope/memory.max": "max\n"])
        XCTAssertEqual(SystemMemory.read(root: root), SystemMemory(available: 4 << 30, cgroupLimit: nil))
        XCTAssertEqual(SystemMemory.read(root: root).usable, 4 << 30)
    }

    func testReadsTheLowestCgroupV2LimitOfTheGroupAndItsParents() throws {
        try imitate(cgroup: "0::/system.slice/guidebook.service\n",
                    limits: ["system.slice/guidebook.service/memory.max": "max\n", "system.slice/memory.max": "536870912\n"])
        XCTAssertEqual(SystemMemory.read(root: root).cgroupLimit, 512 * mib, "the parent's limit binds the service")
        XCTAssertEqual(SystemMemory.read(root: root).usable, 512 * mib)
        try write("/sys/fs/cgroup/system.slice/guidebook.service/memory.max", "268435456\n")
        XCTAssertEqual(SystemMemory.read(root: root).cgroupLimit, 256 * mib)
    }

    func testReadsTheLimitOfAContainerWithItsOwnCgroupNamespace() throws {
        // Inside the container the group is "/" and /sys/fs/cgroup is the container's own group.
        try imitate(cgroup: "0::/\n", limits: ["memory.max": "1073741824\n"])
        XCTAssertEqual(SystemMemory.read(root: root).cgroupLimit, 1_024 * mib)
        XCTAssertEqual(SearchCacheSizing.automatic(usableMemory: SystemMemory.read(root: root).usable), .automatic(ceilingBytes: 256 * mib))
    }

    func testReadsCgroupV1OnAHybridHost() throws {
        try imitate(cgroup: "9:name=systemd:/\n4:memory:/process_api/abc\n1:cpu,cpuacct:/\n0::/\n",
                    limits: ["memory/process_api/abc/memory.limit_in_bytes": "2147483648\n", "memory/memory.limit_in_bytes": "9223372036854771712\n"])
        XCTAssertEqual(SystemMemory.read(root: root).cgroupLimit, 2_048 * mib, "v1's 'no limit' value is no limit")
        XCTAssertEqual(SystemMemory.read(root: root).usable, 2_048 * mib, "MemAvailable (4 GiB) is more")
        try write("/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes", "9223372036854771712\n")
        XCTAssertNil(SystemMemory.read(root: root).cgroupLimit)
    }

    func testNothingReadableIsUnknownNotAnError() {
        XCTAssertEqual(SystemMemory.read(root: root), SystemMemory(available: nil, cgroupLimit: nil))
        XCTAssertNotNil(SystemMemory.read().available, "this Linux machine has /proc/meminfo")
    }

    // MARK: - The cache on a real store

    private func seededStore(_ sizing: SearchCacheSizing) throws -> Store {
        let store = try Store(path: root + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations), searchCacheSizing: sizing)
        _ = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
        return store
    }

    private func search(_ store: Store, _ text: String) throws -> Int {
        try store.search(SearchRequest(query: try SearchQuery.parse(text), limit: 5)).total
    }

    func testCountsHitsMissesAndEvictionsWithinItsCapacity() throws {
        // Room for the postings of either phrase, not both.
        let sizes = try seededStore(.fixed(bytes: 0)).read { reader -> [Int] in
            let directory = try RowDirectory.scan(from: reader.database)
            return try ["indicator", "progress"].map { word in
                let phrase = try SearchQuery.parse(word).phrases[0]
                return try PhrasePostings.load(phrase, from: reader.database, directory: directory).byteCount + phrase.utf8.count
            }
        }
        let store = try seededStore(.fixed(bytes: sizes.max()!))
        XCTAssertGreaterThan(try search(store, "indicator"), 0)
        XCTAssertGreaterThan(try search(store, "indicator"), 0)
        var statistics = store.searchCache.statistics
        XCTAssertEqual(statistics.misses, 1, "read once from FTS5")
        XCTAssertEqual(statistics.hits, 1, "then found kept")
        XCTAssertEqual(statistics.evictions, 0)
        XCTAssertEqual(statistics.hitRatio, 0.5)
        XCTAssertGreaterThan(try search(store, "progress"), 0)
        // indicator was evicted for progress: its first page comes from its summary, with the
        // same answer as when it was read; a search within a topic needs its rows and reads them again.
        let fromRows = try store.search(SearchRequest(query: try SearchQuery.parse("indicator"), limit: 5))
        statistics = store.searchCache.statistics
        XCTAssertEqual(statistics.misses, 2)
        XCTAssertEqual(statistics.hits, 2)
        XCTAssertEqual(statistics.summaryAnswers, 1)
        XCTAssertEqual(statistics.evictions, 1)
        let fresh = try seededStore(.fixed(bytes: 0)).search(SearchRequest(query: try SearchQuery.parse("indicator"), limit: 5))
        XCTAssertEqual(fromRows.hits.map(\.ref), fresh.hits.map(\.ref))
        XCTAssertEqual(fromRows.hits.map(\.score), fresh.hits.map(\.score))
        XCTAssertEqual(fromRows.total, fresh.total)
        XCTAssertEqual(fromRows.topicFacets.map(\.slug), fresh.topicFacets.map(\.slug))
        XCTAssertEqual(fromRows.categoryFacets.map(\.count), fresh.categoryFacets.map(\.count))
        XCTAssertGreaterThan(try store.search(SearchRequest(query: try SearchQuery.parse("indicator"), topic: "progress-indicators", limit: 5)).total, 0)
        statistics = store.searchCache.statistics
        XCTAssertEqual(statistics.misses, 3, "read again for the topic's rows")
        XCTAssertEqual(statistics.evictions, 2)
        XCTAssertEqual(statistics.capacityBytes, sizes.max()!)
    }

    /// A cache far below the working set of many queries keeps evicting and never holds more
    /// postings than its capacity.
    func testPostingsNeverExceedTheCapacityUnderAWorkingSetLargerThanIt() throws {
        // The seed's postings are small (about 8 KB for these words): a 2 KiB cache cannot hold them all.
        let capacity = 2 << 10
        let store = try seededStore(.automatic(ceilingBytes: capacity))
        let words = ["sheet", "popover", "progress", "indicator", "modal", "sidebar", "menu", "context", "content", "the",
                     "시트", "팝오버", "진행률", "사이드바", "메뉴", "모달", "콘텐츠", "사용자", "split view", "dark mode"]
        for round in 0..<3 {
            for word in words {
                _ = try search(store, word)
                let statistics = store.searchCache.statistics
                XCTAssertLessThanOrEqual(statistics.postingBytes, capacity, "round \(round), \(word)")
                XCTAssertEqual(statistics.capacityBytes, capacity)
            }
        }
        let statistics = store.searchCache.statistics
        XCTAssertGreaterThan(statistics.evictions, 0, "the working set does not fit: \(statistics)")
        XCTAssertGreaterThan(statistics.misses, words.count, "evicted phrases are read again")
        XCTAssertLessThanOrEqual(statistics.heldBytes - statistics.postingBytes, 1 << 20, "the seed's directory and vocabulary are small")

        let unbounded = try seededStore(.automatic(ceilingBytes: 256 << 20))
        for word in words { _ = try search(unbounded, word) }
        let full = unbounded.searchCache.statistics.postingBytes
        XCTAssertGreaterThan(full, capacity, "the words' postings together are more than the small capacity")
    }

    func testAnAutomaticCacheIsSizedFromTheIndexAtStartAndWhenItChanges() throws {
        let store = try seededStore(.automatic(ceilingBytes: 1 * mib))
        let fitted = try store.fitSearchCacheToIndex()
        let rows = try store.read { try $0.database.scalarInt("SELECT count(*) FROM search_index") ?? 0 }
        XCTAssertGreaterThanOrEqual(fitted.indexRows, rows, "estimated from the highest ids: at least the rows (ids freed by deletes count)")
        XCTAssertLessThanOrEqual(fitted.indexRows, rows * 2)
        XCTAssertEqual(fitted.capacityBytes, 1 * mib, "the floor is above this ceiling")
        XCTAssertEqual(store.searchCache.capacityBytes, 1 * mib)

        let roomy = try Store(path: root + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations),
                              searchCacheSizing: .automatic(ceilingBytes: 512 * mib))
        XCTAssertEqual(roomy.searchCache.capacityBytes, SearchCacheSizing.floorBytes, "before it knows the index")
        XCTAssertEqual(roomy.searchCache.fit(indexRows: 2_000_000), 320_000_000, "a large index: 160 B a row")
        XCTAssertGreaterThan(try search(roomy, "sheet"), 0)
        XCTAssertEqual(roomy.searchCache.capacityBytes, SearchCacheSizing.floorBytes, "the first search loads the directory and sizes the cache for it")
    }
}
