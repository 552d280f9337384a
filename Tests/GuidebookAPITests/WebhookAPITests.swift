import Foundation
import GuidebookAPI
@testable import GuidebookCore
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// The webhook routes in-process, with private targets refused (the default): registration and its
/// refusals, secrets shown once, deletion, pings and import events landing in the outbox. Delivery
/// itself is the sender's (GuidebookWebhooksTests, and the SIGKILL test in WebhookProcessTests).
final class WebhookAPITests: XCTestCase {
    private var server: TestApp!
    /// A public address literal: accepted without DNS, and never contacted (no sender runs here).
    private let publicURL = "https://93.184.216.34/hooks/guidebook"

    private let admin = TestGuidebook.adminHeader

    override func setUpWithError() throws { server = try makeTestApp() }
    override func tearDown() { server.stop() }

    private func create(_ body: String, contentType: String = "application/json") throws -> HTTPTestResponse {
        try server.request("POST", "/v1/webhooks", headers: [("Content-Type", contentType), admin], body: Array(body.utf8))
    }

    private func createWebhook(events: String = #"["content.changed", "import.succeeded", "import.failed"]"#) throws -> [String: Any] {
        let response = try create(#"{"url": "\#(publicURL)", "events": \#(events), "description": "team wiki"}"#)
        XCTAssertEqual(response.status, 201, response.text)
        return try response.jsonObject()
    }

    func testEveryWebhookRouteNeedsTheAdminRole() {
        let routes = server.guidebook.application.routes.filter { $0.template.hasPrefix("/v1/webhooks") }
        XCTAssertEqual(routes.count, 6)
        for route in routes { XCTAssertEqual(route.properties.role, .admin, "\(route.method) \(route.template)") }
    }

    func testRegistrationShowsTheSecretOnceAndNeverAgain() throws {
        let response = try create(#"{"url": "\#(publicURL)", "events": ["content.changed", "import.succeeded"], "description": "team wiki"}"#)
        XCTAssertEqual(response.status, 201, response.text)
        let created = try response.jsonObject()
        let id = try XCTUnwrap(created["id"] as? String)
        XCTAssertEqual(response.header("Location"), "/v1/webhooks/\(id)")
        XCTAssertNil(response.header("ETag"))
        XCTAssertEqual(response.header("Cache-Control"), "no-store", "the secret is kept by no cache")
        let secret = try XCTUnwrap(created["secret"] as? String)
        XCTAssertTrue(secret.hasPrefix("whsec_"))
        XCTAssertEqual(Data(base64Encoded: String(secret.dropFirst(6)))?.count, 32, "32 random bytes in base64")
        XCTAssertEqual(created["events"] as? [String], ["content.changed", "import.succeeded"])
        XCTAssertEqual(created["enabled"] as? Bool, true)
        XCTAssertEqual(created["url"] as? String, publicURL)

        let list = try server.get("/v1/webhooks", headers: [admin])
        XCTAssertEqual(list.status, 200)
        XCTAssertFalse(list.text.contains(secret) || list.text.contains("secret"), list.text)
        XCTAssertEqual((try list.jsonObject()["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [id])
        let one = try server.get("/v1/webhooks/\(id)", headers: [admin])
        XCTAssertEqual(one.status, 200)
        XCTAssertFalse(one.text.contains(secret) || one.text.contains("secret"), one.text)
        XCTAssertEqual(try one.jsonObject()["description"] as? String, "team wiki")
        XCTAssertNotEqual(try createWebhook()["secret"] as? String, secret, "every endpoint gets its own secret")
    }

    func testBadInputIs422WithEveryMemberAtFaultAndCreatesNothing() throws {
        let cases: [(body: String, names: [String])] = [
            (#"{"url": "ftp://93.184.216.34/x", "events": ["content.changed"]}"#, ["url"]),
            (#"{"url": "\#(publicURL)", "events": ["content.changed", "content.deleted"]}"#, ["events[1]"]),
            (#"{"url": "\#(publicURL)", "events": []}"#, ["events"]),
            (#"{"url": "\#(publicURL)", "events": ["webhook.ping"]}"#, ["events[0]"]),
            (#"{"events": ["content.changed"]}"#, ["url"]),
            (#"{"url": 7, "events": "content.changed", "color": "red"}"#, ["color", "url", "events"]),
            (#"{"url": "\#(publicURL)", "events": ["content.changed"], "description": 3}"#, ["description"]),
            (#"{"url": "http://127.0.0.1:9/hook", "events": ["content.changed"]}"#, ["url"]),
            (#"{"url": "http://169.254.169.254/latest/meta-data/", "events": ["content.changed"]}"#, ["url"]),
            (#"{"url": "http://10.20.30.40/hook", "events": ["content.changed"]}"#, ["url"]),
            (#"{"url": "http://[::1]:8080/hook", "events": ["content.changed"]}"#, ["url"]),
            (#"{"url": "http://localhost/hook", "events": ["content.changed"]}"#, ["url"]),
            // Slugs no topic can have: a filter on them would silently never match.
            (#"{"url": "\#(publicURL)", "events": ["content.changed"], "topics": ["sheets", "ABC", "Ünïcode", ""]}"#, ["topics[1]", "topics[2]", "topics[3]"]),
        ]
        for (body, names) in cases {
            let response = try create(body)
            XCTAssertEqual(response.status, 422, body)
            XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/problem+json") == true, body)
            let problem = try response.jsonObject()
            XCTAssertEqual(problem["type"] as? String, "/problems/validation-failed")
            let params = try XCTUnwrap(problem["invalid_params"] as? [[String: String]], body)
            XCTAssertEqual(params.compactMap { $0["name"] }, names, body)
            XCTAssertTrue(params.allSatisfy { !($0["reason"] ?? "").isEmpty })
        }
        let metadata = try create(#"{"url": "http://169.254.169.254/", "events": ["content.changed"]}"#).jsonObject()
        XCTAssertTrue((metadata["detail"] as? String ?? "").contains("GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE"), "\(metadata)")

        XCTAssertEqual(try create(#"{"url": "\#(publicURL)""#).status, 400, "not JSON")
        XCTAssertEqual(try create("[1, 2]").status, 400, "not an object")
        // JSON Foundation would take, refused as on every write route.
        XCTAssertEqual(try create(#"{"url": "\#(publicURL)", "url": "http://10.0.0.1/", "events": ["content.changed"]}"#).status, 400, "a member twice")
        XCTAssertEqual(try create(#"{"url": "\#(publicURL)", "events": ["content.changed"],}"#).status, 400, "a trailing comma")
        XCTAssertEqual(try create(#"{"url": "\#(publicURL)", "events": ["content.changed"]}"#, contentType: "text/plain").status, 415)
        XCTAssertEqual((try server.get("/v1/webhooks", headers: [admin]).jsonObject()["items"] as? [Any])?.count, 0, "nothing was created")
    }

    func testDeleteRemovesItAndUnknownIdsAre404() throws {
        let id = try XCTUnwrap(try createWebhook()["id"] as? String)
        XCTAssertEqual(try server.request("POST", "/v1/webhooks/\(id)/test", headers: [admin]).status, 202)
        XCTAssertEqual(try server.request("DELETE", "/v1/webhooks/\(id)", headers: [admin]).status, 204)
        for (method, path) in [("GET", "/v1/webhooks/\(id)"), ("DELETE", "/v1/webhooks/\(id)"), ("POST", "/v1/webhooks/\(id)/test"),
                               ("GET", "/v1/webhooks/\(id)/deliveries"), ("GET", "/v1/webhooks/wh_nope")] {
            let response = try server.request(method, path, headers: [admin])
            XCTAssertEqual(response.status, 404, "\(method) \(path)")
            XCTAssertEqual(try response.jsonObject()["type"] as? String, "/problems/not-found")
        }
        XCTAssertEqual(try server.store.dueWebhookDeliveries(now: Int64.max, limit: 10).count, 0, "its deliveries went with it")
    }

    func testAPingIsQueuedForThatEndpointOnly() throws {
        let id = try XCTUnwrap(try createWebhook()["id"] as? String)
        let other = try XCTUnwrap(try createWebhook()["id"] as? String)
        let response = try server.request("POST", "/v1/webhooks/\(id)/test", headers: [admin])
        XCTAssertEqual(response.status, 202, response.text)
        let eventID = try XCTUnwrap(response.jsonObject()["event_id"] as? String)
        let deliveries = try XCTUnwrap(try server.get("/v1/webhooks/\(id)/deliveries", headers: [admin]).jsonObject()["items"] as? [[String: Any]])
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertEqual(deliveries.first?["event_id"] as? String, eventID)
        XCTAssertEqual(deliveries.first?["event_type"] as? String, "webhook.ping")
        XCTAssertEqual(deliveries.first?["state"] as? String, "pending")
        XCTAssertNotNil(deliveries.first?["next_attempt_at"] as? String)
        XCTAssertEqual((deliveries.first?["attempts"] as? [Any])?.count, 0)
        XCTAssertEqual((try server.get("/v1/webhooks/\(other)/deliveries", headers: [admin]).jsonObject()["items"] as? [Any])?.count, 0)
        XCTAssertEqual(try server.get("/v1/webhooks/\(id)/deliveries?limit=0", headers: [admin]).status, 400)
    }

    func testImportsRaiseTheirEventsInTheOutbox() throws {
        let id = try XCTUnwrap(try createWebhook(events: #"["import.succeeded", "import.failed"]"#)["id"] as? String)
        var bytes: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: 20).write { bytes.append(contentsOf: $0) }
        let good = try server.submitJob(bytes, query: "format=ndjson&name=kb.ndjson")
        XCTAssertEqual(try server.followJob(good).last?["status"] as? String, "succeeded")
        let bad = try server.submitJob(Array("{\"kind\": \"topic\", \"slug\": 5}\n".utf8), query: "format=ndjson&name=broken.ndjson")
        XCTAssertEqual(try server.followJob(bad).last?["status"] as? String, "failed")
        let dry = try server.submitJob(bytes, query: "format=ndjson&name=kb.ndjson&dry_run=true")
        XCTAssertEqual(try server.followJob(dry).last?["status"] as? String, "succeeded")

        let deliveries = try XCTUnwrap(try server.get("/v1/webhooks/\(id)/deliveries", headers: [admin]).jsonObject()["items"] as? [[String: Any]])
        XCTAssertEqual(deliveries.compactMap { $0["event_type"] as? String }, ["import.failed", "import.succeeded"], "newest first; a dry run raises none")
        let bodies = try server.store.read {
            try $0.database.rows("SELECT type, data FROM webhook_events") { ["type": $0.text(0), "data": $0.text(1)] }
        }.map { event -> [String: Any] in
            ["type": event["type"] ?? "", "data": try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((event["data"] ?? "").utf8)))]
        }
        let succeeded = try XCTUnwrap(bodies.first { $0["type"] as? String == "import.succeeded" }?["data"] as? [String: Any])
        XCTAssertEqual(succeeded["job_id"] as? String, good)
        XCTAssertEqual(succeeded["file"] as? String, "kb.ndjson")
        XCTAssertNotNil((succeeded["counts"] as? [String: Any])?["guidelines"])
        let failed = try XCTUnwrap(bodies.first { $0["type"] as? String == "import.failed" }?["data"] as? [String: Any])
        XCTAssertEqual(failed["job_id"] as? String, bad)
        XCTAssertEqual((failed["error"] as? [String: Any])?["line"] as? Int, 1)
    }

    func testEditsRaiseContentChangedAndTranslationOutdatedInTheirTransaction() throws {
        let content = try XCTUnwrap(try createWebhook(events: #"["content.changed"]"#)["id"] as? String)
        let translations = try XCTUnwrap(try createWebhook(events: #"["translation.outdated"]"#)["id"] as? String)
        let guideline = "progress-indicators.prefer-progress-bars"
        XCTAssertEqual(try server.get("/v1/guidelines/\(guideline)").jsonObject()["translations"] as? [String: String], ["ko": "translated"])

        // A refused write raises nothing.
        let refused = try server.request("PATCH", "/v1/guidelines/\(guideline)", headers: [("Content-Type", "application/merge-patch+json"), admin],
                                         body: Array(#"{"text": ""}"#.utf8))
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertEqual(try server.store.dueWebhookDeliveries(now: Int64.max, limit: 10).count, 0)

        let edit = try server.request("PATCH", "/v1/guidelines/\(guideline)", headers: [("Content-Type", "application/merge-patch+json"), admin],
                                      body: Array(#"{"text": "Prefer a progress bar whenever the amount of work is known."}"#.utf8))
        XCTAssertEqual(edit.status, 200, edit.text)
        let changes = try XCTUnwrap(try server.get("/v1/changes?since=0&limit=100").jsonObject()["items"] as? [[String: Any]])
        let logged = try XCTUnwrap(changes.last)

        let due = try server.store.dueWebhookDeliveries(now: Int64.max, limit: 10)
        XCTAssertEqual(Set(due.map(\.webhookID)), [content, translations], "one delivery to each subscriber, none to others")
        func data(of webhook: String) throws -> [String: Any] {
            let data = try XCTUnwrap(due.first { $0.webhookID == webhook }?.data)
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        }
        let changed = try data(of: content)
        XCTAssertEqual(changed["count"] as? Int, 1)
        XCTAssertEqual(changed["truncated"] as? Bool, false)
        let range = try XCTUnwrap(changed["changes"] as? [String: Any])
        XCTAssertEqual(range["from"] as? Int, logged["seq"] as? Int)
        XCTAssertEqual(range["to"] as? Int, logged["seq"] as? Int)
        let resource = try XCTUnwrap((changed["resources"] as? [[String: Any]])?.first)
        XCTAssertEqual(resource["resource"] as? String, "guideline")
        XCTAssertEqual(resource["id"] as? String, guideline)
        XCTAssertEqual(resource["kind"] as? String, "updated")
        XCTAssertEqual(resource["etag"] as? String, logged["etag"] as? String, "the change feed's version")
        XCTAssertEqual(resource["href"] as? String, "/v1/guidelines/\(guideline)")

        let outdated = try data(of: translations)
        XCTAssertEqual(outdated["count"] as? Int, 1)
        let translation = try XCTUnwrap((outdated["translations"] as? [[String: Any]])?.first)
        XCTAssertEqual(translation["id"] as? String, guideline)
        XCTAssertEqual(translation["locale"] as? String, "ko")
        XCTAssertEqual(translation["href"] as? String, "/v1/guidelines/\(guideline)/translations/ko")
        XCTAssertEqual(try server.get("/v1/guidelines/\(guideline)").jsonObject()["translations"] as? [String: String], ["ko": "outdated"])

        // Writing the translation again raises content.changed only: nothing new is outdated.
        let translate = try server.request("PUT", "/v1/guidelines/\(guideline)/translations/ko", headers: [("Content-Type", "application/json"), admin],
                                           body: Array(#"{"text": "작업량을 알 수 있다면 진행률 표시줄을 쓰세요."}"#.utf8))
        XCTAssertEqual(translate.status, 200, translate.text)
        XCTAssertEqual(try server.store.webhookDeliveries(webhookID: translations, limit: 10).count, 1)
        XCTAssertEqual(try server.store.webhookDeliveries(webhookID: content, limit: 10).map(\.eventType), ["content.changed", "content.changed"])
    }
}
