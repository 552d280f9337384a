import Foundation
@testable import GuidebookCore
import GuidebookImport
import XCTest

/// The bounded path at its real settings (`SearchEngine.exactTotalBound` = 10,000 and the default
/// sample), on a SQLite base big enough that multi-word queries have more matches than the bound:
/// the seed plus 25,000 generated guidelines, built once for the class. `WindowedSearchTests`
/// covers many small bounds on a small base; this checks the numbers the API really runs with.
final class WindowedSearchDefaultBoundTests: XCTestCase {
    /// Multi-word queries (and one typed query, completed as the API does), some with more
    /// matches than the bound, some with fewer though their phrases hold more rows than it.
    private static let queries = [
        "the app", "app the", "the content", "people app", "content app people", "the -app", "app OR people",
        "사용자 앱", "progress 시트", "\"the app\"", "sheet zqxjkvw",
    ]
    private static let typed = ["the a", "app th"]

    private nonisolated(unsafe) static var directory: String!
    private nonisolated(unsafe) static var store: Store!

    override class func setUp() {
        super.setUp()
        directory = NSTemporaryDirectory() + "guidebook-windowed-default-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            store = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations))
            try GeneratedBase.fill(store, guidelines: 25_000, folder: directory)
        } catch {
            store = nil
            XCTFail("the base could not be built: \(error)")
        }
    }

    override class func tearDown() {
        store = nil
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    private var store: Store { get throws { try XCTUnwrap(Self.store, "no base") } }

    private func requests() throws -> [(label: String, request: SearchRequest)] {
        var requests: [(String, SearchRequest)] = []
        for text in Self.queries + Self.typed {
            for offset in [0, 40] {
                var request = SearchRequest(query: try SearchQuery.parse(text), offset: offset, limit: 20)
                request.completes = Self.typed.contains(text)
                requests.append(("\(text) @\(offset)", request))
            }
        }
        return requests
    }

    /// The same request with no bound: every match scored and counted (`WindowedSearchTests` and
    /// `SearchEngineTests` check that engine against FTS5).
    private func exhaustive(_ request: SearchRequest) throws -> SearchResults {
        var exhaustive = request
        exhaustive.exactTotalBound = .max
        let results = try store.search(exhaustive)
        XCTAssertTrue(results.totalIsExact)
        return results
    }

    /// At the default bound every page is the exhaustive ranking's, scores and ties included; a
    /// total is exact whenever the matches are no more than the bound, and otherwise labelled an
    /// estimate above the bound, within 5% (4,096 sampled rows, docs/search.md) of the truth.
    func testPagesAreTheExhaustiveRankingAndTotalsAreExactUpToTheDefaultBound() throws {
        let bound = SearchEngine.exactTotalBound
        var estimated = 0, exactOnTheBoundedPath = 0
        for (label, request) in try requests() {
            XCTAssertEqual(request.exactTotalBound, bound)
            let reference = try exhaustive(request)
            let results = try store.search(request)
            XCTAssertEqual(results.hits.map(\.ref), reference.hits.map(\.ref), label)
            XCTAssertEqual(results.hits.map(\.score), reference.hits.map(\.score), label)
            XCTAssertEqual(results.hasMore, reference.hasMore, label)
            XCTAssertEqual(results.facetsAreExact, results.totalIsExact, label)
            if reference.total <= bound {
                XCTAssertTrue(results.totalIsExact, "\(label): \(reference.total) matches")
                XCTAssertEqual(results.total, reference.total, label)
                XCTAssertEqual(results.topicFacets.map(\.count), reference.topicFacets.map(\.count), label)
                XCTAssertEqual(results.categoryFacets.map(\.count), reference.categoryFacets.map(\.count), label)
                if reference.total > bound / 2 { exactOnTheBoundedPath += 1 }
            } else if results.totalIsExact {
                XCTAssertEqual(results.total, reference.total, label)
            } else {
                estimated += 1
                XCTAssertGreaterThan(results.total, bound, label)
                XCTAssertEqual(Double(results.total), Double(reference.total), accuracy: Double(reference.total) * 0.05, label)
                XCTAssertEqual(results.categoryFacets.reduce(0) { $0 + $1.count }, results.total, label)
            }
        }
        // The base really crosses the bound: some totals are estimates, some exact.
        XCTAssertGreaterThanOrEqual(estimated, 6)
        XCTAssertGreaterThanOrEqual(exactOnTheBoundedPath, 4)
    }

    /// Every page of a query with more matches than the bound, followed to the last one the API
    /// serves past the first hundred, is the exhaustive ranking's; a page past the last match is
    /// empty and says nothing follows, as the exhaustive one does.
    func testDeepPagesAndPagesPastTheEndAreTheExhaustiveRankings() throws {
        let query = try SearchQuery.parse("the app")
        let total = try exhaustive(SearchRequest(query: query)).total
        XCTAssertGreaterThan(total, SearchEngine.exactTotalBound)
        for offset in [100, 1_000, total - 5, total, total + 50] {
            let request = SearchRequest(query: query, offset: offset, limit: 10)
            let reference = try exhaustive(request)
            let results = try store.search(request)
            XCTAssertEqual(results.hits.map(\.ref), reference.hits.map(\.ref), "@\(offset)")
            XCTAssertEqual(results.hits.map(\.score), reference.hits.map(\.score), "@\(offset)")
            XCTAssertEqual(results.hasMore, reference.hasMore, "@\(offset)")
        }
    }

    /// Bounds that make no sense (zero, negative) change nothing but the count: the page is still
    /// the exhaustive ranking's and the total, estimated, is near the truth.
    func testAZeroOrNegativeBoundStillGivesTheExhaustivePage() throws {
        for bound in [0, -1, Int.min] {
            var request = SearchRequest(query: try SearchQuery.parse("the app"), limit: 20)
            request.exactTotalBound = bound
            let reference = try exhaustive(request)
            let results = try store.search(request)
            XCTAssertEqual(results.hits.map(\.ref), reference.hits.map(\.ref), "bound \(bound)")
            XCTAssertEqual(results.hits.map(\.score), reference.hits.map(\.score), "bound \(bound)")
            XCTAssertFalse(results.totalIsExact, "bound \(bound)")
            XCTAssertEqual(Double(results.total), Double(reference.total), accuracy: Double(reference.total) * 0.05, "bound \(bound)")
        }
    }
}
