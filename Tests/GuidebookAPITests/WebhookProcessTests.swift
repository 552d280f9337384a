import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Webhook delivery by a real `guidebook serve` process: an event committed before the process is
/// killed is still delivered by the next one.
final class WebhookProcessTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-webhook-process" }

    private func request(_ port: UInt16, _ method: String, _ target: String, json: String? = nil) throws -> HTTPTestResponse {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 10)
        defer { client.close() }
        let headers = [TestGuidebook.adminHeader] + (json == nil ? [] : [("Content-Type", "application/json")])
        return try client.request(method, target, headers: headers, body: json.map { Array($0.utf8) })
    }

    func testSIGKILLBetweenCommitAndDeliveryStillDeliversAfterRestart() throws {
        // The first request hangs, so the process is killed while its delivery is in flight: the
        // event is committed, its delivery not recorded.
        let receiver = try WebhookReceiver(answers: [.hang(seconds: 30)], otherwise: .status(200))
        defer { receiver.stop() }
        let arguments = ["--db", directory + "/kb.sqlite", "--webhook-timeout", "2", "--webhook-retry-base", "0.2"]
        let environment = ["GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE": "true"]
        var server: ServerProcess? = try ServerProcess(arguments: arguments, environment: environment)
        let created = try request(server!.port, "POST", "/v1/webhooks", json: #"{"url": "\#(receiver.url)", "events": ["content.changed"]}"#)
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(created.jsonObject()["id"] as? String)
        let ping = try request(server!.port, "POST", "/v1/webhooks/\(id)/test")
        XCTAssertEqual(ping.status, 202, ping.text)
        let eventID = try XCTUnwrap(ping.jsonObject()["event_id"] as? String)

        XCTAssertTrue(receiver.waitForArrivals(1, seconds: 10), "the first attempt reached the receiver")
        server!.signal(SIGKILL)
        XCTAssertEqual(server!.waitForExit(seconds: 10), SIGKILL)
        server = nil

        let restarted = try ServerProcess(arguments: arguments, environment: environment)
        let delivered = receiver.wait(seconds: 30) { requests in requests.contains { !$0.hung && $0.answered == 200 } }
        let successes = delivered.filter { !$0.hung && $0.answered == 200 }
        XCTAssertEqual(successes.count, 1, "delivered once after the restart")
        XCTAssertEqual(successes.first?.headers["webhook-id"], eventID, "the same message")
        var state = ""
        let deadline = Date().addingTimeInterval(10)
        repeat {
            let deliveries = try request(restarted.port, "GET", "/v1/webhooks/\(id)/deliveries").jsonObject()["items"] as? [[String: Any]]
            state = deliveries?.first?["state"] as? String ?? ""
            if state != "delivered" { usleep(50_000) }
        } while state != "delivered" && Date() < deadline
        XCTAssertEqual(state, "delivered")
        // The sender records the delivery, then logs it: the line may come a moment after the state.
        let logDeadline = Date().addingTimeInterval(10)
        while !restarted.log.contains("webhook delivered") && Date() < logDeadline { usleep(50_000) }
        XCTAssertTrue(restarted.log.contains("webhook delivered"), "the attempt is logged")
    }
}
