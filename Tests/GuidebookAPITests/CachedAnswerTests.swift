import Foundation
import GuidebookAPI
import GuidebookTestSupport
import XCTest

/// A cached answer goes back right after the CORS stage, skipping the stages that cannot change
/// it; what they decide (the route, the token, `Accept` and `Accept-Encoding`) was decided when
/// the head arrived, so a cached answer is never given to a request those stages would refuse.
/// The request id, the access log and metrics, and CORS still run for it.
final class CachedAnswerTests: XCTestCase {
    private static let origin = "https://wiki.example.com"

    private func makeApp() throws -> TestApp {
        try TestApp(authentication: AuthenticationConfiguration(readsNeedToken: true, adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest)) {
            $0.corsOrigins = [Self.origin]
        }
    }

    func testACachedAnswerIsRefusedToWhomTheStagesWouldRefuseIt() throws {
        let app = try makeApp()
        defer { app.stop() }
        let list = try app.get("/v1/guidelines?limit=1", headers: [TestGuidebook.adminHeader])
        let item = try XCTUnwrap((try list.jsonObject()["items"] as? [[String: Any]])?.first)
        let path = "/v1/guidelines/" + (try XCTUnwrap(item["id"] as? String))
        let first = try app.get(path, headers: [TestGuidebook.adminHeader])
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.header("ETag"))

        // The answer is in the cache now; each of these must still be refused.
        try assertProblem(try app.get(path), status: 401)
        try assertProblem(try app.get(path, headers: [("Authorization", "Bearer gb_not-a-token-at-all-0123456789")]), status: 401)
        try assertProblem(try app.get(path, headers: [TestGuidebook.adminHeader, ("Accept", "text/css")]), status: 406)
        try assertProblem(try app.get(path, headers: [TestGuidebook.adminHeader, ("Accept-Encoding", "identity;q=0")]), status: 406)

        // And answered, from the cache, with what the stages before it add.
        let cached = try app.get(path, headers: [TestGuidebook.adminHeader, ("X-Request-Id", "cached-answer-1"), ("Origin", Self.origin)])
        XCTAssertEqual(cached.status, 200)
        XCTAssertEqual(cached.body, first.body)
        XCTAssertEqual(cached.header("ETag"), etag)
        XCTAssertEqual(cached.header("X-Request-Id"), "cached-answer-1")
        XCTAssertEqual(cached.header("Access-Control-Allow-Origin"), Self.origin)
        XCTAssertEqual(try app.get(path, headers: [TestGuidebook.adminHeader, ("If-None-Match", etag)]).status, 304)
    }

    func testACachedSearchIsCountedInTheMetricsEachTimeItIsServed() throws {
        let app = try makeApp()
        defer { app.stop() }
        for _ in 0..<3 {
            XCTAssertEqual(try app.get("/v1/search?q=indicator", headers: [TestGuidebook.adminHeader]).status, 200)
        }
        let text = try app.get("/metrics").text
        let searches = text.split(separator: "\n").first { $0.hasPrefix("guidebook_search_queries_total ") }
        XCTAssertEqual(searches.flatMap { Double($0.split(separator: " ").last ?? "") }, 3, "two of the three came from the cache: \(searches ?? "none")")
        let requests = text.split(separator: "\n").filter { $0.hasPrefix("guidebook_http_requests_total{") && $0.contains("/v1/search") && $0.contains("\"200\"") }
        XCTAssertEqual(requests.compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +), 3, "every cached answer is counted: \(requests)")
    }
}
