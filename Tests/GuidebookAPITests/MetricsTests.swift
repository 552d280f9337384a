import Foundation
import GuidebookTestSupport
import XCTest

/// `/metrics`, in-process: the Prometheus text format with the counters operators rely on.
final class MetricsTests: XCTestCase {
    private func value(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    func testMetricsCountRequestsByRouteTemplateSearchesAndJobs() throws {
        let server = try TestApp()
        defer { server.stop() }
        XCTAssertEqual(try server.get("/v1/topics/sheets").status, 200)
        XCTAssertEqual(try server.get("/v1/topics/modality").status, 200)
        XCTAssertEqual(try server.get("/v1/topics/nope").status, 404)
        XCTAssertEqual(try server.get("/v1/search?q=%EC%8B%9C%ED%8A%B8").status, 200)
        XCTAssertEqual(try server.get("/v1/search?q=%EC%8B%9C%ED%8A%B8").status, 200, "a cached answer counts as a search too")
        XCTAssertEqual(try server.get("/v1/search?q=zzqqxx").status, 200)

        let response = try server.get("/metrics")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        let text = response.text
        XCTAssertEqual(value(text, #"guidebook_http_requests_total{method="GET",route="/v1/topics/{slug}",status="200"}"#), 2,
                       "requests are labelled by route template, not raw path")
        XCTAssertEqual(value(text, #"guidebook_http_requests_total{method="GET",route="/v1/topics/{slug}",status="404"}"#), 1)
        XCTAssertEqual(value(text, "guidebook_search_queries_total"), 3)
        XCTAssertEqual(value(text, "guidebook_search_zero_results_total"), 1)
        XCTAssertEqual(value(text, #"guidebook_jobs{status="succeeded"}"#), 0)
        XCTAssertGreaterThan(value(text, "guidebook_database_size_bytes") ?? 0, 0)
        XCTAssertGreaterThan(value(text, "guidebook_search_cache_bytes") ?? 0, 0, "the searched phrases' rows are kept")
        let count = try XCTUnwrap(value(text, "guidebook_http_request_duration_seconds_count"))
        XCTAssertEqual(value(text, #"guidebook_http_request_duration_seconds_bucket{le="+Inf"}"#), count)
        XCTAssertGreaterThanOrEqual(count, 6)
        XCTAssertTrue(text.contains("# TYPE guidebook_http_request_duration_seconds histogram"))
        XCTAssertEqual(value(text, "guidebook_http_requests_in_flight"), 1, "the /metrics request itself")
    }

    /// The search cache's size, hit ratio and evictions, and the searches answered with words dropped.
    func testMetricsShowTheSearchCacheAndRelaxedSearches() throws {
        let server = try TestApp()
        defer { server.stop() }
        // Different limits: two answers (the response cache keeps whole answers), one phrase's rows.
        for query in ["q=indicator&limit=5", "q=indicator&limit=6", "q=context%20menu%20sheet", "q=context%20menu%20sheet&match=all"] {
            XCTAssertEqual(try server.get("/v1/search?" + query).status, 200, query)
        }
        let text = try server.get("/metrics").text
        XCTAssertEqual(value(text, "guidebook_search_queries_total"), 4)
        XCTAssertEqual(value(text, "guidebook_search_relaxed_total"), 1, "match=all drops nothing")
        XCTAssertEqual(value(text, "guidebook_search_zero_results_total"), 1)
        XCTAssertEqual(value(text, "guidebook_search_cache_capacity_bytes"), Double(server.store.searchCache.capacityBytes))
        XCTAssertGreaterThan(value(text, "guidebook_search_cache_capacity_bytes") ?? 0, 0)
        let hits = try XCTUnwrap(value(text, "guidebook_search_cache_hits_total"))
        let misses = try XCTUnwrap(value(text, "guidebook_search_cache_misses_total"))
        XCTAssertGreaterThanOrEqual(hits, 1, "indicator's rows were kept for the second search")
        XCTAssertGreaterThanOrEqual(misses, 1)
        XCTAssertEqual(try XCTUnwrap(value(text, "guidebook_search_cache_hit_ratio")), hits / (hits + misses), accuracy: 1e-9)
        XCTAssertEqual(value(text, "guidebook_search_cache_evictions_total"), 0, "the seed's phrases fit")
        XCTAssertTrue(text.contains("# TYPE guidebook_search_cache_evictions_total counter"))
    }
}
