import Foundation
import GuidebookTestSupport
import XCTest

/// An id the API has given is never given again, even after a delete (Migrations/0025): through
/// the real server on a loopback port, the ids of a deleted guideline's comment thread and
/// suggestion, of a deleted glossary term and of a deleted webhook's delivery are not those of
/// what is made next, and the old links answer 404, not with the new things.
final class IdsNeverReusedTests: XCTestCase {
    private var server: TestServer!
    /// A public address literal: accepted without DNS, never contacted (the test server runs no sender).
    private let publicURL = "https://93.184.216.34/hooks/guidebook"

    override func setUpWithError() throws { server = try TestServer() }
    override func tearDown() { server.stop() }

    private func created(_ method: String, _ target: String, _ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let response = try server.send(method, target, body)
        XCTAssertEqual(response.status, 201, response.text, file: file, line: line)
        return try json(response, file: file, line: line)
    }

    /// A new guideline in Sheets, with a comment thread and a suggestion on its Korean: their ids.
    private func guidelineWithThreadAndSuggestion(_ id: String) throws -> (thread: Int, suggestion: Int) {
        _ = try created("POST", "/v1/guidelines", #"{"id": "\#(id)", "topic": "sheets", "section": "overview", "text": "Target."}"#)
        let thread = try XCTUnwrap(try created("POST", "/v1/guidelines/\(id)/translations/ko/comments", #"{"body": "about \#(id)"}"#)["id"] as? Int)
        let suggestion = try XCTUnwrap(try created("POST", "/v1/guidelines/\(id)/translations/ko/suggestions", #"{"text": "\#(id) 제안"}"#)["id"] as? Int)
        return (thread, suggestion)
    }

    func testADeletedGuidelinesThreadAndSuggestionIdsAreNotGivenAgain() throws {
        let a = try guidelineWithThreadAndSuggestion("sheets.ids-a")
        XCTAssertEqual(try server.delete("/v1/guidelines/sheets.ids-a").status, 204)
        let b = try guidelineWithThreadAndSuggestion("sheets.ids-b")
        XCTAssertNotEqual(b.thread, a.thread)
        XCTAssertNotEqual(b.suggestion, a.suggestion)
        XCTAssertEqual(try server.get("/v1/comment-threads/\(a.thread)").status, 404, "A's old link is not B's thread")
        XCTAssertEqual(try server.get("/v1/guidelines/sheets.ids-b/translations/ko/suggestions/\(a.suggestion)").status, 404)
        XCTAssertEqual(try server.get("/v1/comment-threads/\(b.thread)").status, 200)
    }

    func testADeletedGlossaryTermsIdIsNotGivenAgain() throws {
        let first = try XCTUnwrap(try created("POST", "/v1/glossary", #"{"term": {"en": "ids shelf", "ko": "선반"}}"#)["id"] as? Int)
        XCTAssertEqual(try server.delete("/v1/glossary/\(first)").status, 204)
        let second = try XCTUnwrap(try created("POST", "/v1/glossary", #"{"term": {"en": "ids drawer", "ko": "서랍"}}"#)["id"] as? Int)
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(try server.get("/v1/glossary/\(first)").status, 404)
    }

    /// Webhook ids are random; their deliveries' ids (in `/v1/webhooks/{id}/deliveries`) are numbers.
    private func webhookWithPing() throws -> (id: String, delivery: Int) {
        let webhook = try XCTUnwrap(try created("POST", "/v1/webhooks", #"{"url": "\#(publicURL)", "events": ["content.changed"]}"#)["id"] as? String)
        XCTAssertEqual(try server.send("POST", "/v1/webhooks/\(webhook)/test", "{}").status, 202)
        let list = try json(try server.get("/v1/webhooks/\(webhook)/deliveries", headers: [TestGuidebook.adminHeader]))
        let deliveries = try XCTUnwrap(list["items"] as? [[String: Any]])
        return (webhook, try XCTUnwrap(deliveries.first?["id"] as? Int))
    }

    func testADeletedWebhooksIdAndDeliveryIdsAreNotGivenAgain() throws {
        let first = try webhookWithPing()
        XCTAssertEqual(try server.delete("/v1/webhooks/\(first.id)").status, 204)
        let second = try webhookWithPing()
        XCTAssertNotEqual(second.id, first.id)
        XCTAssertNotEqual(second.delivery, first.delivery)
        XCTAssertEqual(try server.get("/v1/webhooks/\(first.id)", headers: [TestGuidebook.adminHeader]).status, 404)
    }
}
