import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
import GuidebookWebhooks
import SQLite
import XCTest

/// `KnowledgeWriter.enqueueWebhookEvent`: the one function writes call to raise an event, in their
/// own transaction (content.changed and translation.outdated come from the editing writes).
final class WebhookOutboxTests: XCTestCase {
    private var fixture: WebhookFixture!

    override func setUpWithError() throws { fixture = try WebhookFixture() }
    override func tearDown() { fixture.stop() }

    func testAnEventReachesExactlyTheEnabledEndpointsSubscribedToIt() throws {
        let (content, _) = try fixture.register("http://93.184.216.34/a", events: [.contentChanged, .importSucceeded])
        let (translations, _) = try fixture.register("http://93.184.216.34/b", events: [.translationOutdated])
        let id = try XCTUnwrap(try fixture.emitContentChanged(["/v1/topics/buttons", "/v1/guidelines/buttons-1"]))
        XCTAssertTrue(id.hasPrefix("msg_"))
        let deliveries = try fixture.store.webhookDeliveries(webhookID: content.id, limit: 10)
        XCTAssertEqual(deliveries.map(\.eventID), [id])
        XCTAssertEqual(deliveries.first?.eventType, "content.changed")
        XCTAssertEqual(deliveries.first?.state, .pending)
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: translations.id, limit: 10).count, 0)

        // translation.outdated, the other event the editing writes raise, goes the other way.
        let outdated = try fixture.store.write {
            try $0.enqueueWebhookEvent(.translationOutdated, data: ["guidelines": ["buttons-1"], "locale": "ko"] as [String: AnyEncodable])
        }
        XCTAssertNotNil(outdated)
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: translations.id, limit: 10).map(\.eventType), ["translation.outdated"])
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: content.id, limit: 10).count, 1)
    }

    func testARolledBackTransactionLeavesNoEvent() throws {
        let (webhook, _) = try fixture.register("http://93.184.216.34/a")
        struct Abort: Error {}
        XCTAssertThrowsError(try fixture.store.write { writer in
            try writer.enqueueWebhookEvent(.contentChanged, data: ["resources": ["/v1/topics/x"]])
            throw Abort()
        })
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 10).count, 0)
        XCTAssertEqual(try fixture.store.dueWebhookDeliveries(now: Int64.max, limit: 10).count, 0)
    }

    func testNoSubscriberWritesNothing() throws {
        _ = try fixture.register("http://93.184.216.34/a", events: [.importFailed])
        XCTAssertNil(try fixture.emitContentChanged(["/v1/topics/x"]))
        XCTAssertEqual(try fixture.store.dueWebhookDeliveries(now: Int64.max, limit: 10).count, 0)
    }

    func testTheBodyIsTheStandardEnvelope() throws {
        let (webhook, _) = try fixture.register("http://93.184.216.34/a")
        let id = try XCTUnwrap(try fixture.emitContentChanged(["/v1/topics/buttons"]))
        let due = try XCTUnwrap(try fixture.store.dueWebhookDeliveries(now: Int64.max, limit: 10).first)
        XCTAssertEqual(due.webhookID, webhook.id)
        XCTAssertEqual(due.eventID, id)
        let sent = WebhookEnvelope.body(of: due)
        XCTAssertEqual(WebhookEnvelope.body(of: due), sent, "every attempt sends the same bytes")
        XCTAssertTrue(String(decoding: sent, as: UTF8.self).hasPrefix(#"{"data":{"resources":["/v1/topics/buttons"]},"timestamp":""#))
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sent)) as? [String: Any])
        XCTAssertEqual(body["type"] as? String, "content.changed")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let timestamp = try XCTUnwrap(parser.date(from: try XCTUnwrap(body["timestamp"] as? String)), "\(body)")
        XCTAssertEqual(Int64((timestamp.timeIntervalSince1970 * 1000).rounded()), due.raisedAt, "the timestamp is when the event was raised")
        XCTAssertEqual((body["data"] as? [String: Any])?["resources"] as? [String], ["/v1/topics/buttons"])
    }

    func testADisabledOrDeletedEndpointGetsNothingMore() throws {
        let (webhook, _) = try fixture.register("http://93.184.216.34/a")
        try fixture.emitContentChanged(["/v1/topics/x"])
        XCTAssertTrue(try fixture.store.deleteWebhook(id: webhook.id))
        XCTAssertFalse(try fixture.store.deleteWebhook(id: webhook.id))
        XCTAssertNil(try fixture.emitContentChanged(["/v1/topics/y"]))
        XCTAssertEqual(try fixture.store.dueWebhookDeliveries(now: Int64.max, limit: 10).count, 0)
    }
}

/// Any encodable value, so a test can pass a mixed dictionary as event data.
struct AnyEncodable: Encodable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    private let encodeValue: (Encoder) throws -> Void
    init(stringLiteral value: String) { encodeValue = { try value.encode(to: $0) } }
    init(arrayLiteral elements: String...) { encodeValue = { try elements.encode(to: $0) } }
    func encode(to encoder: Encoder) throws { try encodeValue(encoder) }
}

/// The outbox of a database from before the envelope moved to the sender: an event queued there
/// keeps its data and type, and is sent in the same envelope.
final class WebhookOutboxMigrationTests: XCTestCase {
    func testAnEventQueuedBeforeTheMigrationIsSentWithItsData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-outbox-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/guidebook.sqlite"
        let migrations = try Migration.load(from: TestServer.migrationsDirectory)
        let moved = try XCTUnwrap(migrations.first { $0.name == "webhook_event_data" }, "the migration that moved the envelope")
        let oldBody = #"{"data":{"count":1,"resources":["/v1/topics/buttons"],"truncated":false},"timestamp":"2026-12-01T10:00:00.123Z","type":"content.changed"}"#
        do {
            let store = try Store(path: path, migrations: migrations.filter { $0.version < moved.version })
            let webhook = try store.createWebhook(url: "http://93.184.216.34/a", description: "old", events: [.contentChanged],
                                                  secret: WebhookSigner.makeSecret())
            try store.write { writer in
                try writer.database.run("INSERT INTO webhook_events (id, type, body, created_at) VALUES ('msg_0000000000000001', 'content.changed', ?, 1796119200123)",
                                        [.text(oldBody)])
                try writer.database.run("INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at, created_at) VALUES ('msg_0000000000000001', ?, 0, 0)",
                                        [.text(webhook.id)])
            }
        }
        let store = try Store(path: path, migrations: migrations)
        let due = try XCTUnwrap(try store.dueWebhookDeliveries(now: Int64.max, limit: 10).first)
        XCTAssertEqual(due.eventType, "content.changed")
        XCTAssertEqual(due.data, #"{"count":1,"resources":["/v1/topics/buttons"],"truncated":false}"#)
        XCTAssertEqual(String(decoding: WebhookEnvelope.body(of: due), as: UTF8.self), oldBody, "the same body as before the migration")
    }
}
