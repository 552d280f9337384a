import Foundation
@testable import GuidebookCore
import GuidebookImport
import XCTest

/// The bounded path (`WindowedSearch`: the best page window by window, the total exact up to a
/// bound and estimated beyond it) against the engine scoring and counting every match, on the
/// seed plus 3,000 generated guidelines. The exhaustive engine is itself checked against FTS5's
/// `bm25()` and `count(*)` (`SearchEngineTests`), so equal pages here are FTS5's pages.
///
/// Small bounds make the bounded path run on this small base; small samples make its estimate
/// skip rows (at the default sample, every row of this base would be read and the count exact).
final class WindowedSearchTests: XCTestCase {
    private static let queries = [
        // Several phrases, each kind of condition.
        "people app", "content app people", "progress 시트", "진행률 표시기", "sheet popover", "split view", "sheet OR popover",
        "spinner OR gauge", "사용자 앱", "sheet -modal", "vibrancy -the", "시트를 사용", "사용자가 앱을", "사이드바 -블러를", "\"dark mode\"",
        "prog*", "the app", "app OR the", "content -people",
        // One phrase: deep pages are ranked window by window too.
        "the", "app", "sheet", "시트", "앱", "사용자",
        // Nothing matches.
        "sheet zqxjkvw",
    ]
    /// Half-typed last words: the word as written, its completions, and the bonus of the word as written.
    private static let typed = ["the", "app", "con", "pro", "progress 시", "sheet pop", "사용", "시", "진행ㄹ", "people a"]

    private var directory: String!
    private var store: Store!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "guidebook-windowed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations))
        try GeneratedBase.fill(store, guidelines: 3_000, folder: directory)
    }

    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func requests() throws -> [(label: String, request: SearchRequest)] {
        var requests: [(String, SearchRequest)] = []
        for text in Self.queries {
            for offset in [0, 20, 60] {
                requests.append(("\(text) @\(offset)", SearchRequest(query: try SearchQuery.parse(text), offset: offset, limit: 20)))
            }
        }
        for text in Self.typed {
            for offset in [0, 40] {
                var request = SearchRequest(query: try SearchQuery.parse(text), offset: offset, limit: 20)
                request.completes = true
                requests.append(("typed \(text) @\(offset)", request))
            }
        }
        return requests
    }

    /// Every page of the bounded path, at every bound and sample size, is the exhaustive engine's:
    /// the same records in the same order (equal scores included) with the very same scores.
    /// Totals and facets are exact while the matches are no more than the bound; beyond it they
    /// are exact or labelled estimates within a few sample strides of the truth.
    func testPagesAreTheExhaustiveEnginesAndTotalsAreExactUpToTheBound() throws {
        var estimated = 0, bounded = 0
        for (label, request) in try requests() {
            var exhaustive = request
            exhaustive.exactTotalBound = .max  // never reads "many": every match is scored and counted
            let reference = try store.search(exhaustive)
            XCTAssertTrue(reference.totalIsExact, label)
            for bound in [1, 25, 300, 2_000] {
                for sample in [16, 256, WindowedSearch.sampleSize] {
                    var windowed = request
                    windowed.exactTotalBound = bound
                    windowed.estimateSample = sample
                    let results = try store.search(windowed)
                    let case_ = "\(label) bound \(bound) sample \(sample)"
                    XCTAssertEqual(results.hits.map(\.ref), reference.hits.map(\.ref), case_)
                    XCTAssertEqual(results.hits.map(\.score), reference.hits.map(\.score), case_)
                    XCTAssertEqual(results.hasMore, reference.hasMore, case_)
                    XCTAssertEqual(results.facetsAreExact, results.totalIsExact, case_)
                    if reference.total <= bound {
                        XCTAssertTrue(results.totalIsExact, "\(case_): \(reference.total) matches, not over the bound")
                    }
                    if results.totalIsExact {
                        XCTAssertEqual(results.total, reference.total, case_)
                        XCTAssertEqual(results.topicFacets.map(\.slug), reference.topicFacets.map(\.slug), case_)
                        XCTAssertEqual(results.topicFacets.map(\.count), reference.topicFacets.map(\.count), case_)
                        XCTAssertEqual(results.categoryFacets.map(\.count), reference.categoryFacets.map(\.count), case_)
                        XCTAssertEqual(results.topicsMatched, reference.topicsMatched, case_)
                    } else {
                        estimated += 1
                        // Counted exactly past the bound, so never at or below it; the rest from a sample.
                        XCTAssertGreaterThan(results.total, bound, case_)
                        XCTAssertGreaterThan(reference.total, bound, case_)
                        if sample >= 256 {
                            // A sample of 16 rows says little; of 256 or more, the estimate is close.
                            XCTAssertEqual(Double(results.total), Double(reference.total), accuracy: Double(reference.total) * 0.25, case_)
                        }
                        // Facets are estimated the same way: they add up to the total.
                        XCTAssertEqual(results.categoryFacets.reduce(0) { $0 + $1.count }, results.total, case_)
                    }
                    if reference.total > bound { bounded += 1 }
                }
            }
        }
        // The cases above really took the bounded path and really estimated.
        XCTAssertGreaterThan(bounded, 500)
        XCTAssertGreaterThan(estimated, 100)
    }

    /// The same search twice gives the same estimate: the sample is fixed, so pages and totals
    /// do not move between requests.
    func testAnEstimateIsTheSameEveryTime() throws {
        var request = SearchRequest(query: try SearchQuery.parse("people app"), limit: 10)
        request.exactTotalBound = 25
        request.estimateSample = 64
        let first = try store.search(request)
        XCTAssertFalse(first.totalIsExact)
        for _ in 0..<3 {
            let again = try store.search(request)
            XCTAssertEqual(again.total, first.total)
            XCTAssertEqual(again.topicFacets.map(\.count), first.topicFacets.map(\.count))
        }
    }

    /// At the default bound and sample this base is small: every search is exact, as before.
    func testTheDefaultBoundCountsThisBaseExactly() throws {
        for (label, request) in try requests() {
            XCTAssertTrue(try store.search(request).totalIsExact, label)
        }
    }
}
