import Foundation
import GuidebookCore
import GuidebookTestSupport
import GuidebookWebhooks
import HTTPClient
import XCTest

/// A store on a fresh SQLite file (the package's migrations, no seed) for the webhook tests, and
/// what they share: registering endpoints, running a sender, verifying signatures independently.
final class WebhookFixture {
    let directory: String
    let store: Store
    private var senders: [WebhookSender] = []

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-webhooks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try Store(path: directory + "/guidebook.sqlite", migrations: try Migration.load(from: TestServer.migrationsDirectory))
    }

    func stop() {
        for sender in senders { sender.stop(graceSeconds: 3) }
        senders = []
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// An endpoint at `url` for `events` with a fresh secret.
    func register(_ url: String, events: [WebhookEventType] = [.contentChanged]) throws -> (Webhook, String) {
        let secret = WebhookSigner.makeSecret()
        return (try store.createWebhook(url: url, description: "test", events: events, secret: secret), secret)
    }

    /// Starts a sender with fast retries (`base` seconds) and a fast poll (`pollSeconds`) that
    /// records every attempt in `log`.
    @discardableResult
    func startSender(allowsPrivate: Bool = true, timeoutSeconds: Double = 2, retryBase: Double = 0.05, maxAttempts: Int = 15,
                     pollSeconds: Double = 0.05, log: AttemptLog = AttemptLog()) -> WebhookSender {
        let configuration = WebhookSenderConfiguration(policy: OutboundAddressPolicy(allowsPrivate: allowsPrivate), timeoutSeconds: timeoutSeconds,
                                                       retries: RetrySchedule(baseSeconds: retryBase, maxAttempts: maxAttempts),
                                                       pollSeconds: pollSeconds)
        let sender = WebhookSender(store: store, configuration: configuration) { log.append($0) }
        XCTAssertTrue(sender.start())
        senders.append(sender)
        return sender
    }

    /// Writes a content.changed event in a transaction of its own, as an editing write would.
    @discardableResult
    func emitContentChanged(_ resources: [String]) throws -> String? {
        try store.write { try $0.enqueueWebhookEvent(.contentChanged, data: ["resources": resources]) }
    }

    /// The `webhook-signature` of a request computed by Python's hmac module, not by our signer.
    static func independentSignature(secret: String, id: String, timestamp: String, body: [UInt8]) throws -> String {
        let script = """
            import sys, hmac, hashlib, base64
            secret, msg_id, ts = sys.argv[1:4]
            key = base64.b64decode(secret[len("whsec_"):])
            body = sys.stdin.buffer.read()
            mac = hmac.new(key, msg_id.encode() + b"." + ts.encode() + b"." + body, hashlib.sha256).digest()
            print("v1," + base64.b64encode(mac).decode())
            """
        let (status, output) = try FilterProcess.run("/usr/bin/env", ["python3", "-c", script, secret, id, timestamp], input: body)
        XCTAssertEqual(status, 0, "python3 computes the signature")
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Every attempt a sender reported, in order.
final class AttemptLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [WebhookAttemptReport] = []

    func append(_ report: WebhookAttemptReport) { lock.withLock { reports.append(report) } }
    var all: [WebhookAttemptReport] { lock.withLock { reports } }
}

/// Waits until `condition` holds or `seconds` pass; true when it held.
func eventually(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}
