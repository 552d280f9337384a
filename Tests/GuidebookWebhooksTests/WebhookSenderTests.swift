import Foundation
import GuidebookCore
import GuidebookTestSupport
import GuidebookWebhooks
import XCTest

/// The sender against receivers on loopback (with private targets allowed, as the switch does).
final class WebhookSenderTests: XCTestCase {
    private var fixture: WebhookFixture!
    private var receivers: [WebhookReceiver] = []

    override func setUpWithError() throws { fixture = try WebhookFixture() }
    override func tearDown() {
        for receiver in receivers { receiver.stop() }
        fixture.stop()
    }

    private func receiver(_ answers: [WebhookReceiver.Answer] = [], otherwise: WebhookReceiver.Answer = .status(200)) throws -> WebhookReceiver {
        let receiver = try WebhookReceiver(answers: answers, otherwise: otherwise)
        receivers.append(receiver)
        return receiver
    }

    func testADeliveryCarriesASignatureThatVerifiesIndependently() throws {
        let receiver = try receiver()
        let (webhook, secret) = try fixture.register(receiver.url)
        fixture.startSender()
        let id = try XCTUnwrap(try fixture.emitContentChanged(["/v1/topics/buttons", "/v1/topics/토글"]))
        let request = try XCTUnwrap(receiver.wait(seconds: 10) { !$0.isEmpty }.first)
        XCTAssertEqual(request.headers["webhook-id"], id)
        XCTAssertEqual(request.headers["content-type"], "application/json")
        let timestamp = try XCTUnwrap(request.headers["webhook-timestamp"])
        let seconds = try XCTUnwrap(Int64(timestamp))
        XCTAssertLessThan(abs(seconds - Int64(Date().timeIntervalSince1970)), 30, "Unix seconds, now")
        let expected = try WebhookFixture.independentSignature(secret: secret, id: id, timestamp: timestamp, body: request.body)
        XCTAssertTrue(expected.hasPrefix("v1,"))
        XCTAssertEqual(request.headers["webhook-signature"], expected)
        // A different body or secret would not verify: the check can fail.
        XCTAssertNotEqual(try WebhookFixture.independentSignature(secret: secret, id: id, timestamp: timestamp, body: request.body + [0x20]), expected)
        XCTAssertNotEqual(try WebhookFixture.independentSignature(secret: WebhookSigner.makeSecret(), id: id, timestamp: timestamp, body: request.body), expected)
        XCTAssertTrue(eventually(seconds: 5) { (try? fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first?.state) == .delivered })
    }

    /// The sender observes the store's commits: one that queues an event wakes it, so the delivery
    /// goes out at once although the sender would look at the outbox only once an hour by itself.
    func testACommitThatQueuesAnEventWakesTheSenderWithoutItsPoll() throws {
        let receiver = try receiver()
        let (webhook, _) = try fixture.register(receiver.url)
        fixture.startSender(pollSeconds: 3_600)
        // The dispatcher's first look (at start) finds nothing; from then on only a wake-up makes it look again.
        XCTAssertTrue(eventually(seconds: 5) { (try? fixture.store.nextWebhookAttemptAt()) == nil })
        usleep(200_000)
        let id = try XCTUnwrap(try fixture.emitContentChanged(["/v1/topics/buttons"]))
        let request = try XCTUnwrap(receiver.wait(seconds: 10) { !$0.isEmpty }.first, "delivered without waiting for the hour's poll")
        XCTAssertEqual(request.headers["webhook-id"], id)
        XCTAssertTrue(eventually(seconds: 5) { (try? fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first?.state) == .delivered })
        // A commit that queues no event (no endpoint subscribed to it) leaves the sender asleep: nothing more is sent.
        try fixture.store.write { _ in }
        usleep(200_000)
        XCTAssertEqual(receiver.received.count, 1)
    }

    func testAReceiverFailingThreeTimesGetsTheEventOnceWithTheRetriesLogged() throws {
        let receiver = try receiver([.status(500), .status(503), .status(502)])
        let (webhook, _) = try fixture.register(receiver.url)
        let log = AttemptLog()
        fixture.startSender(log: log)
        let id = try XCTUnwrap(try fixture.emitContentChanged(["/v1/topics/buttons"]))
        receiver.wait(seconds: 15) { $0.contains { $0.answered == 200 } }
        XCTAssertTrue(eventually(seconds: 5) { (try? fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first?.state) == .delivered })
        usleep(300_000) // anything sent twice would arrive meanwhile
        let requests = receiver.received
        XCTAssertEqual(requests.map(\.answered), [500, 503, 502, 200])
        XCTAssertEqual(Set(requests.map { $0.headers["webhook-id"] }), [id], "every retry is the same message")
        XCTAssertEqual(requests.filter { $0.answered == 200 }.count, 1, "delivered exactly once")

        let delivery = try XCTUnwrap(try fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first)
        XCTAssertEqual(delivery.attempts.map(\.status), [500, 503, 502, 200])
        XCTAssertEqual(delivery.attempts.map { $0.error == nil }, [false, false, false, true])
        XCTAssertEqual(delivery.attempts.first?.error, "the receiver answered 500")
        XCTAssertEqual(log.all.map(\.attempt), [1, 2, 3, 4])
        XCTAssertEqual(log.all.map { if case .retry = $0.outcome { return true } else { return false } }, [true, true, true, false])
        XCTAssertEqual(log.all.last?.outcome, .delivered)
        // Backoff grows: the waits between attempts are not all the same short interval.
        let times = delivery.attempts.map(\.attemptedAt)
        XCTAssertGreaterThanOrEqual(times[3] - times[2], times[1] - times[0])
    }

    func testAnEndpointThatKeepsFailingIsDisabledAndSaysWhy() throws {
        let receiver = try receiver(otherwise: .status(500))
        let (webhook, _) = try fixture.register(receiver.url)
        fixture.startSender(maxAttempts: 3)
        try fixture.emitContentChanged(["/v1/topics/buttons"])
        XCTAssertTrue(eventually(seconds: 10) { (try? fixture.store.webhook(id: webhook.id)?.isEnabled) == false })
        let disabled = try XCTUnwrap(try fixture.store.webhook(id: webhook.id))
        XCTAssertTrue(disabled.disabledReason?.contains("failed 3 times") == true, disabled.disabledReason ?? "")
        XCTAssertTrue(disabled.disabledReason?.contains("the receiver answered 500") == true)
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first?.state, .failed)
        XCTAssertEqual(receiver.received.count, 3)
        XCTAssertNil(try fixture.emitContentChanged(["/v1/topics/more"]), "a disabled endpoint gets no new events")
    }

    func testAHangingReceiverDelaysNeitherOtherEndpointsNorReadsAndWrites() throws {
        let hanging = try receiver(otherwise: .hang(seconds: 5))
        let healthy = try receiver()
        _ = try fixture.register(hanging.url)
        let (fast, _) = try fixture.register(healthy.url)
        fixture.startSender(timeoutSeconds: 4)
        try fixture.emitContentChanged(["/v1/topics/a"])
        XCTAssertTrue(hanging.waitForArrivals(1, seconds: 5), "the hanging receiver got its request")
        // While it hangs: the other endpoint gets this event and the next one at once.
        try fixture.emitContentChanged(["/v1/topics/b"])
        let started = Date()
        healthy.wait(seconds: 3) { $0.count >= 2 }
        XCTAssertEqual(healthy.received.count, 2)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        XCTAssertTrue(eventually(seconds: 2) { (try? fixture.store.webhookDeliveries(webhookID: fast.id, limit: 5).allSatisfy { $0.state == .delivered }) == true })
        // Reads and writes go on at their usual speed: nothing holds a lock while a receiver hangs.
        for _ in 0..<20 {
            let write = Date()
            try fixture.emitContentChanged(["/v1/topics/c"])
            XCTAssertLessThan(Date().timeIntervalSince(write), 0.25)
            let read = Date()
            _ = try fixture.store.webhooks()
            XCTAssertLessThan(Date().timeIntervalSince(read), 0.25)
        }
        XCTAssertEqual(hanging.arrived, 1, "one delivery in flight per endpoint")
    }

    /// An endpoint stored before registration refused its URL (a port outside TCP's range) is
    /// disabled at its first attempt, saying why, instead of being retried until it gives up.
    func testAnEndpointWhoseURLCannotBeUsedIsDisabledAtItsFirstAttempt() throws {
        let receiver = try receiver()
        let (unusable, _) = try fixture.register("http://127.0.0.1:70000/hook")
        let (usable, _) = try fixture.register(receiver.url)
        fixture.startSender(maxAttempts: 5)
        try fixture.emitContentChanged(["/v1/topics/buttons"])
        XCTAssertTrue(eventually(seconds: 10) { (try? fixture.store.webhook(id: unusable.id)?.isEnabled) == false })
        let disabled = try XCTUnwrap(try fixture.store.webhook(id: unusable.id))
        XCTAssertTrue(disabled.disabledReason?.contains("was not sent: the URL cannot be used: the port must be from 1 to 65535, not 70000") == true,
                      disabled.disabledReason ?? "")
        XCTAssertEqual(try fixture.store.webhookDeliveries(webhookID: unusable.id, limit: 1).first?.attempts.count, 1)
        XCTAssertTrue(eventually(seconds: 10) { receiver.received.count == 1 }, "the other endpoint still gets the event")
        XCTAssertEqual(try fixture.store.webhook(id: usable.id)?.isEnabled, true)
    }

    func testWithoutTheSwitchTheSenderRefusesToConnectToPrivateAddresses() throws {
        // Registered directly in the store (as a name rebound after registration would look): the
        // connection itself is refused, for every kind of private target.
        let receiver = try receiver()
        let urls = [receiver.url, "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/hook", "http://[::1]:\(receiver.port)/hook"]
        var webhooks: [Webhook] = []
        for url in urls { webhooks.append(try fixture.register(url).0) }
        fixture.startSender(allowsPrivate: false, maxAttempts: 1)
        try fixture.emitContentChanged(["/v1/topics/a"])
        for webhook in webhooks {
            XCTAssertTrue(eventually(seconds: 10) { (try? fixture.store.webhook(id: webhook.id)?.isEnabled) == false }, webhook.url)
            let attempt = try XCTUnwrap(try fixture.store.webhookDeliveries(webhookID: webhook.id, limit: 1).first?.attempts.first)
            XCTAssertNil(attempt.status)
            XCTAssertTrue(attempt.error?.hasPrefix("refused to connect: ") == true, "\(webhook.url): \(attempt.error ?? "")")
        }
        XCTAssertEqual(receiver.arrived, 0, "nothing reached the receiver")
    }

    func testTheSenderDoesNotStartOnAReadOnlyDatabase() throws {
        let readOnly = try Store(path: "file:\(fixture.directory)/guidebook.sqlite?mode=ro", migrations: try Migration.load(from: TestServer.migrationsDirectory))
        XCTAssertTrue(readOnly.isReadOnly)
        XCTAssertFalse(fixture.store.isReadOnly)
        let sender = WebhookSender(store: readOnly, configuration: WebhookSenderConfiguration())
        XCTAssertFalse(sender.start())
    }
}
