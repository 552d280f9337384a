import Foundation
import GuidebookTestSupport
import XCTest

/// The read API over real sockets: what only a connection shows (no body bytes after `HEAD` and
/// `304`, keep-alive, pipelining, a body over the limit, bytes that are not HTTP).
final class ConnectionTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try makeTestServer()
    }

    private func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try server.get(target, headers: headers)
    }

    func testHeadHasHeadersButNoBody() throws {
        let client = try server.client()
        defer { client.close() }
        let get = try client.request("GET", "/v1/topics/dark-mode")
        XCTAssertEqual(get.status, 200)
        let head = try client.request("HEAD", "/v1/topics/dark-mode")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.header("Content-Type")?.hasPrefix("application/json") ?? false)
        XCTAssertEqual(head.header("ETag"), get.header("ETag"))
        if let length = head.header("Content-Length") {
            XCTAssertEqual(Int(length), get.body.count, "HEAD announces the GET body's length")
        }
        XCTAssertFalse(client.hasPendingInput(waitMilliseconds: 200), "HEAD must not send a body")
        // The connection is still in step: the next response parses.
        let after = try client.request("GET", "/livez")
        XCTAssertEqual(after.status, 200)
        XCTAssertEqual(try after.jsonObject()["status"] as? String, "alive")
    }


    func testETagAndIfNoneMatch() throws {
        let first = try get("/v1/topics/dark-mode?lang=ko")
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.header("ETag"))
        XCTAssertFalse(first.body.isEmpty)

        let client = try server.client()
        defer { client.close() }
        let notModified = try client.request("GET", "/v1/topics/dark-mode?lang=ko", headers: [("If-None-Match", etag)])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertTrue(notModified.body.isEmpty)
        XCTAssertEqual(notModified.header("ETag"), etag)
        XCTAssertFalse(client.hasPendingInput(waitMilliseconds: 200), "304 must not send a body")

        let different = try client.request("GET", "/v1/topics/dark-mode?lang=ko", headers: [("If-None-Match", "\"0000000000000000\"")])
        XCTAssertEqual(different.status, 200)
        XCTAssertEqual(different.body, first.body)
        XCTAssertEqual(different.header("ETag"), etag)

        // Another representation (English) has another ETag.
        let english = try client.request("GET", "/v1/topics/dark-mode?lang=en", headers: [("If-None-Match", etag)])
        XCTAssertEqual(english.status, 200)
        XCTAssertNotEqual(english.header("ETag"), etag)
    }


    func testOneMegabytePostIs413AndServerKeepsServing() throws {
        // A route that takes a body (up to the 64 KiB limit); /v1/topics takes no POST at all (405).
        let client = try server.client()
        let response = try client.request("POST", "/v1/jobs/job_0000000000000000/cancel", headers: [("Content-Type", "application/json"), TestGuidebook.adminHeader],
                                          bodyOfSize: 1024 * 1024)
        client.close()
        let problem = try assertProblem(response, status: 413)
        XCTAssertNotNil(problem["limit"], "the problem names the limit")

        let after = try get("/v1/topics?limit=1")
        XCTAssertEqual(after.status, 200)
        XCTAssertEqual(items(try json(after)).count, 1)
    }


    func testMalformedRequestDoesNotBreakTheServer() throws {
        let client = try server.client()
        try client.sendRaw("THIS IS NOT HTTP\r\n\u{01}\u{02}\r\n\r\n")
        if let response = try? client.readResponse() {
            XCTAssertTrue((400..<600).contains(response.status), "malformed input got \(response.status)")
        }
        client.close()
        XCTAssertEqual(try get("/livez").status, 200)
    }


    func testTwoHundredRequestsOnOneKeepAliveConnection() throws {
        let client = try server.client()
        defer { client.close() }
        let targets = ["/v1/locales", "/v1/topics?limit=2", "/livez", "/v1/guidelines/dark-mode.accessibility?lang=ko"]
        for i in 0..<200 {
            let target = targets[i % targets.count]
            let response = try client.request("GET", target)
            XCTAssertEqual(response.status, 200, "request \(i) \(target)")
            XCTAssertFalse(response.closesConnection, "request \(i): the server announced Connection: close")
            XCTAssertFalse(response.body.isEmpty)
            if response.status != 200 || response.closesConnection { break }
        }
        XCTAssertFalse(client.isClosedByServer(waitMilliseconds: 100), "the server closed the keep-alive connection")
    }


    func testPipelinedRequestsOnOneConnection() throws {
        let client = try server.client()
        defer { client.close() }
        let head1 = client.head("GET", "/v1/locales", headers: [("X-Request-Id", "pipe-1")], bodyCount: nil)
        let head2 = client.head("GET", "/livez", headers: [("X-Request-Id", "pipe-2")], bodyCount: nil)
        try client.sendRaw(head1 + head2)
        let first = try client.readResponse()
        let second = try client.readResponse()
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("X-Request-Id"), "pipe-1")
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(second.header("X-Request-Id"), "pipe-2")
    }
}
