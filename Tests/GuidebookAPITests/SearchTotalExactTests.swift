import Foundation
@testable import GuidebookCore
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// `total_exact` over real HTTP on a base where multi-word queries have more matches than
/// `SearchEngine.exactTotalBound` (the seed plus 25,000 generated guidelines, imported through
/// `/v1/imports`): the page is the one the engine gives when it scores and counts every match,
/// the total is exact up to the bound and a labelled estimate beyond it, and bad input on that
/// path is a clear 400. The server and its base are built once for the class.
final class SearchTotalExactTests: XCTestCase {
    private nonisolated(unsafe) static var shared: TestServer?

    override class func setUp() {
        super.setUp()
        do {
            let server = try TestServer()
            var ndjson: [UInt8] = []
            try KnowledgeGenerator(guidelineCount: 25_000).write { ndjson.append(contentsOf: $0) }
            let id = try server.submitJob(ndjson, query: "format=ndjson")
            let status = try server.followJob(id, seconds: 300).last?["status"] as? String
            XCTAssertEqual(status, "succeeded")
            shared = server
        } catch {
            XCTFail("the base could not be built: \(error)")
        }
    }

    override class func tearDown() {
        shared?.stop()
        shared = nil
        super.tearDown()
    }

    private var server: TestServer { get throws { try XCTUnwrap(Self.shared, "no server") } }

    /// The engine's answer when it scores and counts every match, for the request the API makes.
    private func exhaustive(_ query: String, limit: Int) throws -> SearchResults {
        var request = SearchRequest(query: try SearchQuery.parse(query), limit: limit)
        request.completes = true
        request.correctsTypos = true
        request.exactTotalBound = .max
        return try server.store.search(request)
    }

    func testTotalIsExactUpToTheBoundAndALabelledEstimateBeyondIt() throws {
        let bound = SearchEngine.exactTotalBound
        var sawEstimate = false, sawExact = false
        // `the app`, `app people` and `the content` have more matches than the bound; the phrase
        // "the app" and `사용자 앱` fewer, though their words hold more rows than it.
        for query in ["the app", "app people", "the content", "\"the app\"", "사용자 앱"] {
            let response = try server.get("/v1/search?q=\(QueryText.encode(query))&limit=20")
            let body = try json(response)
            let reference = try exhaustive(query, limit: 20)
            let total = try XCTUnwrap(body["total"] as? Int, query)
            let isExact = try XCTUnwrap(body["total_exact"] as? Bool, query)
            let facets = try XCTUnwrap(body["facets"] as? [String: Any], query)
            XCTAssertEqual(response.header("X-Total-Count"), String(total), query)
            XCTAssertEqual(facets["exact"] as? Bool, isExact, query)
            XCTAssertEqual(items(body).compactMap { $0["id"] as? String }, reference.hits.map(\.ref), query)
            if reference.total <= bound {
                XCTAssertTrue(isExact, "\(query): \(reference.total) matches")
                XCTAssertEqual(total, reference.total, query)
                sawExact = true
            } else {
                XCTAssertFalse(isExact, "\(query): \(reference.total) matches")
                XCTAssertGreaterThan(total, bound, query)
                XCTAssertEqual(Double(total), Double(reference.total), accuracy: Double(reference.total) * 0.05, query)
                sawEstimate = true
            }
        }
        XCTAssertTrue(sawExact && sawEstimate, "the base crosses the bound for some queries and not for others")
    }

    /// Bad input on a query past the bound is a 400 problem naming the parameter, as anywhere.
    func testBadInputOnALargeQueryIsAClear400() throws {
        for (target, parameter) in [("/v1/search?q=the%20app&limit=0", "limit"), ("/v1/search?q=the%20app&limit=51", "limit"),
                                    ("/v1/search?q=the%20app&cursor=bogus", "cursor"), ("/v1/search?q=the%20app&topic=nope", "topic")] {
            try assertProblem(try server.get(target), status: 400, parameter: parameter)
        }
        XCTAssertEqual(try server.get("/v1/search?q=the%20app").status, 200)
    }
}
