import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
import XCTest

/// Webhooks filtered by topic and event (issue 24 item 7): a team subscribed to `source.changed`
/// for its topics is told when their English changes, with the translations left outdated; an
/// unfiltered webhook gets every topic's part; `comment.created` and `translation.approved` reach
/// their subscribers. Checked in the outbox each event is written to in the change's transaction
/// (delivering it is the sender's, tested in GuidebookWebhooksTests).
final class TopicWebhookTests: XCTestCase {
    private let admin = TestGuidebook.adminHeader
    /// A public address literal: accepted without DNS, never contacted (no sender runs here).
    private let url = "https://93.184.216.34/hooks/team"

    private func webhook(_ app: TestApp, events: [String], topics: [String]?) throws -> String {
        var body: [String: Any] = ["url": url, "events": events]
        if let topics { body["topics"] = topics }
        let response = try app.request("POST", "/v1/webhooks", headers: [("Content-Type", "application/json"), admin],
                                       body: Array(try JSONSerialization.data(withJSONObject: body)))
        XCTAssertEqual(response.status, 201, response.text)
        XCTAssertEqual(try response.jsonObject()["topics"] as? [String], (topics ?? []).sorted())
        return try XCTUnwrap(try response.jsonObject()["id"] as? String)
    }

    /// The events queued for `webhook`, oldest first: type and data.
    private func events(_ app: TestApp, for webhook: String) throws -> [(type: String, data: [String: Any])] {
        try app.store.read { reader in
            try reader.database.rows("""
                SELECT e.type, e.data FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.webhook_id = ?1 ORDER BY d.id
                """, [.text(webhook)]) { ($0.text(0), $0.text(1)) }
        }.map { ($0.0, try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.1.utf8)) as? [String: Any])) }
    }

    func testSourceChangedReachesTheTeamsOfTheTopicWithTheOutdatedTranslations() throws {
        let app = try makeTestApp()
        let everything = try webhook(app, events: ["source.changed", "content.changed"], topics: nil)
        let sheetsTeam = try webhook(app, events: ["source.changed"], topics: ["sheets", "not-yet-a-topic"])
        let progressTeam = try webhook(app, events: ["source.changed", "content.changed"], topics: ["progress-indicators"])

        // One transaction changes the English of two topics: an import of both.
        let export = try app.get("/v1/export").jsonObject()
        var topics = try XCTUnwrap(export["topics"] as? [[String: Any]]).filter { ["sheets", "modality"].contains($0["slug"] as? String) }
        for index in topics.indices {
            var sections = topics[index]["sections"] as! [[String: Any]]
            var guidelines = sections[0]["guidelines"] as! [[String: Any]]
            var text = guidelines[0]["text"] as! [String: String]
            text["en"] = (text["en"] ?? "") + " Changed."
            guidelines[0]["text"] = text
            sections[0]["guidelines"] = guidelines
            topics[index]["sections"] = sections
        }
        let bundle: [String: Any] = ["format": "guidebook-bundle", "version": 1, "topics": topics]
        let job = try app.submitJob(Array(try JSONSerialization.data(withJSONObject: bundle)), query: "format=bundle&name=two.json")
        XCTAssertEqual(try app.followJob(job).last?["status"] as? String, "succeeded")

        let all = try events(app, for: everything).filter { $0.type == "source.changed" }
        XCTAssertEqual(all.count, 1, "one event per transaction")
        let sources = try XCTUnwrap(all.first?.data["sources"] as? [[String: Any]])
        XCTAssertEqual(Set(sources.compactMap { $0["topic"] as? String }), ["sheets", "modality"])
        let sheets = try XCTUnwrap(try events(app, for: sheetsTeam).first { $0.type == "source.changed" })
        let sheetSources = try XCTUnwrap(sheets.data["sources"] as? [[String: Any]])
        XCTAssertEqual(sheetSources.compactMap { $0["topic"] as? String }, ["sheets"], "only its topic's part")
        XCTAssertEqual(sheets.data["count"] as? Int, 1)
        let source = try XCTUnwrap(sheetSources.first)
        XCTAssertEqual(source["revision"] as? Int, 2)
        XCTAssertEqual(source["resource"] as? String, "guideline")
        let outdated = try XCTUnwrap(source["outdated"] as? [[String: Any]])
        XCTAssertEqual(outdated.compactMap { $0["locale"] as? String }, ["ko"], "the translation the change left outdated")
        XCTAssertEqual(outdated.first?["href"] as? String, "/v1/guidelines/\(source["id"] as! String)/translations/ko")
        XCTAssertTrue(try events(app, for: progressTeam).isEmpty, "nothing of its topic changed")

        // content.changed is cut to the topic too; an edit in progress-indicators reaches that team.
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/progress-indicators.prefer-progress-bars", #"{"text": "Prefer a progress bar."}"#).status, 200)
        let progress = try events(app, for: progressTeam)
        XCTAssertEqual(progress.map(\.type).sorted(), ["content.changed", "source.changed"])
        let resources = try XCTUnwrap(progress.first { $0.type == "content.changed" }?.data["resources"] as? [[String: Any]])
        XCTAssertTrue(resources.allSatisfy { ($0["href"] as? String ?? "").contains("progress-indicators") }, "\(resources)")
        XCTAssertEqual(try events(app, for: sheetsTeam).count, 1, "the sheets team got nothing more")
    }

    func testCommentCreatedAndTranslationApprovedReachTheirSubscribers() throws {
        let app = try makeTestApp()
        let reviews = try webhook(app, events: ["translation.approved", "comment.created"], topics: ["sheets"])
        let other = try webhook(app, events: ["comment.created"], topics: ["materials"])
        XCTAssertEqual(try app.send("POST", "/v1/guidelines/sheets.mail-compose/translations/ko/approve", "{}").status, 200)
        XCTAssertEqual(try app.send("POST", "/v1/guidelines/sheets.mail-compose/translations/ko/comments", #"{"body": "Approved **after** review."}"#).status, 201)
        let queued = try events(app, for: reviews)
        XCTAssertEqual(queued.map(\.type), ["translation.approved", "comment.created"])
        let approved = try XCTUnwrap(queued[0].data["translations"] as? [[String: Any]])
        XCTAssertEqual(approved.first?["id"] as? String, "sheets.mail-compose")
        XCTAssertEqual(approved.first?["topic"] as? String, "sheets")
        XCTAssertEqual(approved.first?["locale"] as? String, "ko")
        let comment = try XCTUnwrap((queued[1].data["comments"] as? [[String: Any]])?.first)
        XCTAssertEqual(comment["body"] as? String, "Approved **after** review.")
        XCTAssertEqual(comment["author"] as? String, "bootstrap-admin")
        XCTAssertEqual(comment["locale"] as? String, "ko")
        XCTAssertTrue((comment["href"] as? String ?? "").hasPrefix("/v1/comment-threads/"))
        XCTAssertTrue(try events(app, for: other).isEmpty)

        // Bad topic filters are refused with the member at fault.
        let refused = try app.request("POST", "/v1/webhooks", headers: [("Content-Type", "application/json"), admin],
                                      body: Array(#"{"url": "\#(url)", "events": ["source.changed"], "topics": ["../x", 3]}"#.utf8))
        let problem = try assertProblem(refused, status: 422)
        XCTAssertEqual((problem["invalid_params"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["topics[0]", "topics[1]"])
    }
}
