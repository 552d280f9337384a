import Foundation
import GuidebookCore
import GuidebookWebhooks
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
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(due.body.utf8)) as? [String: Any])
        XCTAssertEqual(body["type"] as? String, "content.changed")
        XCTAssertNotNil(body["timestamp"] as? String)
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
