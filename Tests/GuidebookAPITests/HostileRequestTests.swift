import Foundation
import GuidebookTestSupport
import XCTest

/// The API behind a real socket, sent what an attacker sends (the audit of issue 22): a NUL or a
/// control character in the path, the query or a header is a 400 problem+json that changes
/// nothing, never a value cut short; ambiguous framing is a 400 problem+json and the connection is
/// closed; a target or head over the limits is a 414 or 431 problem+json; every response says
/// `nosniff`.
final class HostileRequestTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try makeTestServer()
    }

    /// Sends raw bytes and, pipelined behind them, `GET /livez`; returns the first answer, and
    /// whether the second was ever answered.
    private func sendRaw(_ text: String) throws -> (response: HTTPTestResponse, secondAnswered: Bool) {
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw(text + "GET /livez HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        return (response, (try? client.readResponse()) != nil)
    }

    private func guidelineText(_ id: String) throws -> String? {
        try json(try server.get("/v1/guidelines/\(id)"))["text"] as? String
    }

    // MARK: F1: NUL and control characters

    func testANulInThePathDeletesNothing() throws {
        let topic = try server.get("/v1/topics/sheets")
        XCTAssertEqual(topic.status, 200)
        let deleted = try server.request("DELETE", "/v1/topics/sheets%00/sections/overview", headers: [TestGuidebook.adminHeader], timeoutSeconds: 5)
        let problem = try assertProblem(deleted, status: 400)
        XCTAssertEqual(problem["type"] as? String, "/problems/bad-request")
        XCTAssertEqual(problem["instance"] as? String, "/v1/topics/sheets%00/sections/overview", "the path as sent, not cut at the NUL")
        let after = try server.get("/v1/topics/sheets")
        XCTAssertEqual(after.status, 200, "the topic is still there")
        XCTAssertEqual(after.header("ETag"), topic.header("ETag"), "and unchanged")
        XCTAssertEqual(try server.get("/v1/topics/sheets/sections/overview").status, 200, "and so is its section")
    }

    func testTheAuditsNulCasesAreRefusedBeforeRouting() throws {
        try assertProblem(try server.get("/v1/topics/sheets%00/sections/overview"), status: 400)
        try assertProblem(try server.get("/v1/topics/sheets.md%00.html"), status: 400)
        try assertProblem(try server.get("/v1/search?q=sheet%00zzz"), status: 400, parameter: "q")
        let raw = try sendRaw("GET /v1/topics/sheets\u{0}/sections/overview HTTP/1.1\r\nHost: t\r\n\r\n")
        try assertProblem(raw.response, status: 400)
        XCTAssertFalse(raw.secondAnswered)
    }

    func testATokenWithANulAfterItIsNoToken() throws {
        let before = try guidelineText("sheets.distinct-related-task")
        let body = #"{"text": "Changed by a token with junk after it."}"#
        let client = try server.client()
        defer { client.close() }
        let head = "PATCH /v1/guidelines/sheets.distinct-related-task HTTP/1.1\r\nHost: t\r\nContent-Type: application/merge-patch+json\r\n"
            + "Authorization: Bearer \(TestGuidebook.adminToken)\u{0}junk\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        try client.sendRaw(head + body)
        try assertProblem(try client.readResponse(), status: 400)
        XCTAssertEqual(try guidelineText("sheets.distinct-related-task"), before, "nothing changed")
    }

    func testANulInACursorALangOrIfMatchIsRefused() throws {
        try assertProblem(try server.get("/v1/topics?limit=2&cursor=abc%00def"), status: 400, parameter: "cursor")
        try assertProblem(try server.get("/v1/topics/sheets?lang=ko%00xx"), status: 400, parameter: "lang")
        let current = try server.get("/v1/guidelines/sheets.distinct-related-task")
        let etag = try XCTUnwrap(current.header("ETag"))
        let body = #"{"text": "Changed under an If-Match with junk after it."}"#
        let client = try server.client()
        defer { client.close() }
        try client.sendRaw("PATCH /v1/guidelines/sheets.distinct-related-task HTTP/1.1\r\nHost: t\r\nContent-Type: application/merge-patch+json\r\n"
                           + "Authorization: Bearer \(TestGuidebook.adminToken)\r\nIf-Match: \(etag)\u{0}junk\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        try assertProblem(try client.readResponse(), status: 400)
        XCTAssertEqual(try server.get("/v1/guidelines/sheets.distinct-related-task").header("ETag"), etag, "nothing changed")
    }

    func testAnEscapedNulInAJSONStringIsTextAndIsKeptWhole() throws {
        let text = "Before the NUL\u{0}and after it."
        let body = #"{"text": "Before the NUL\u0000and after it."}"#
        let response = try server.request("PATCH", "/v1/guidelines/sheets.distinct-related-task",
                                          headers: [("Content-Type", "application/merge-patch+json"), TestGuidebook.adminHeader], body: Array(body.utf8), timeoutSeconds: 5)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(try json(response)["text"] as? String, text, "the answer holds the whole text")
        XCTAssertEqual(try guidelineText("sheets.distinct-related-task"), text, "the store holds the whole text, the NUL included")
        XCTAssertTrue(try server.get("/v1/guidelines/sheets.distinct-related-task.md").text.contains("and after it."), "the Markdown is not cut either")
    }

    // MARK: F4: framing

    func testAmbiguousFramingIsAProblemAndClosesTheConnection() throws {
        let cases: [(String, String)] = [
            ("two Content-Length", "POST /v1/imports HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}"),
            ("Content-Length and chunked", "POST /v1/imports HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
            ("a space before the colon", "POST /v1/imports HTTP/1.1\r\nHost: t\r\nContent-Length : 33\r\n\r\nGET /livez HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("chunked, identity", "POST /v1/imports HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n"),
            ("HTTP/1.1 without Host", "GET /v1/topics HTTP/1.1\r\n\r\n"),
        ]
        for (name, request) in cases {
            let (response, secondAnswered) = try sendRaw(request)
            let problem = try assertProblem(response, status: 400)
            XCTAssertEqual(problem["type"] as? String, "/problems/bad-request", name)
            XCTAssertNotNil(response.header("X-Request-Id"), "\(name): answered through the API's stages")
            XCTAssertTrue(response.closesConnection, name)
            XCTAssertFalse(secondAnswered, "\(name): the request after it was answered")
        }
    }

    func testATargetWithoutItsSlashIsAProblemAndAnAbsoluteOneIsServed() throws {
        let (response, secondAnswered) = try sendRaw("GET v1/topics HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try assertProblem(response, status: 400)["type"] as? String, "/problems/bad-request")
        XCTAssertFalse(secondAnswered)
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw("GET http://guidebook.test/v1/topics HTTP/1.1\r\nHost: t\r\n\r\n")
        let absolute = try client.readResponse()
        XCTAssertEqual(absolute.status, 200, absolute.text)
        XCTAssertEqual(absolute.text, try server.get("/v1/topics").text, "the same answer as the origin-form target")
    }

    // MARK: F6: the limits of the head

    func testATargetOrAHeadOverTheLimitsIsAProblem() throws {
        let long = try server.get("/v1/search?q=" + String(repeating: "a", count: 8300))
        XCTAssertEqual(try assertProblem(long, status: 414)["type"] as? String, "/problems/uri-too-long")
        let headers = (0..<10).map { ("X-Padding-\($0)", String(repeating: "p", count: 950)) }
        let large = try server.get("/v1/topics", headers: headers)
        XCTAssertEqual(try assertProblem(large, status: 431)["type"] as? String, "/problems/header-fields-too-large")
    }

    func testAContentLengthOverTheLimitIsA413ProblemUpTo64Bits() throws {
        // 2^63-1, then 2^63 and 2^64-1: libmicrohttpd takes these as lengths; `Int` held only the first.
        for length in ["9223372036854775807", "9223372036854775808", "18446744073709551615"] {
            let client = try server.client(timeoutSeconds: 3)
            defer { client.close() }
            try client.sendRaw("GET /v1/topics HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(length)\r\n\r\n")
            let response: HTTPTestResponse
            do { response = try client.readResponse() } catch { XCTFail("Content-Length \(length): no answer (\(error))"); continue }
            let problem = try assertProblem(response, status: 413)
            XCTAssertEqual(problem["type"] as? String, "/problems/body-too-large", "Content-Length \(length)")
        }
    }

    // MARK: F7: nosniff

    func testEveryResponseSaysNosniff() throws {
        for target in ["/v1/topics/sheets", "/v1/topics/sheets.md", "/v1/topics/sheets.html", "/", "/livez", "/openapi.json",
                       "/v1/topics/no-such-topic", "/v1/topics/sheets%00"] {
            XCTAssertEqual(try server.get(target).header("X-Content-Type-Options"), "nosniff", target)
        }
        XCTAssertEqual(try sendRaw("GET /v1/topics HTTP/1.1\r\n\r\n").response.header("X-Content-Type-Options"), "nosniff", "the server's own refusal")
    }
}
