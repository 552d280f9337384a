import Foundation
import GuidebookTestSupport
import HTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the server does with a request head before any handler sees it, on raw sockets: a NUL
/// byte or a control character is refused, never cut at; ambiguous framing is refused and the
/// connection closed, so no byte after it is ever answered as a request; heads over the limits are
/// the server's own refusals; a head that dribbles in is cut off at the header timeout; every
/// response says `nosniff`.
final class HeadScreeningTests: TinyServerTestCase {
    /// Sends `bytes` and, pipelined behind them on the same connection, a valid `GET /echo?second`;
    /// returns the answer to the first and whether the second was ever answered.
    private func sendWithASecondRequest(_ bytes: [UInt8], port: UInt16) throws -> (first: HTTPTestResponse, secondAnswered: Bool, closed: Bool) {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw(bytes + Array("GET /echo?second HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        let first = try client.readResponse(method: "POST")
        let second = try? client.readResponse()
        return (first, second != nil, second == nil && client.isClosedByServer(waitMilliseconds: 1000))
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Asserts that `request` is refused as malformed (400), the close announced and done, and
    /// the request pipelined behind it never answered.
    private func assertRefusedAsMalformed(_ name: String, _ request: String, port: UInt16, line: UInt = #line) throws {
        let (first, secondAnswered, closed) = try sendWithASecondRequest(bytes(request), port: port)
        XCTAssertEqual(first.status, 400, "\(name): \(first.text.prefix(200))", line: line)
        XCTAssertEqual(first.header("X-Rejected"), "malformed", name, line: line)
        XCTAssertTrue(first.closesConnection, "\(name): the refusal announces the close", line: line)
        XCTAssertFalse(secondAnswered, "\(name): a request after the refused one was answered", line: line)
        XCTAssertTrue(closed, "\(name): the connection stays open", line: line)
    }

    // MARK: NUL and control characters

    func testANulByteAnywhereInTheHeadIsRefusedNotCutAt() throws {
        let server = try start()
        let cases: [(String, String)] = [
            ("a raw NUL in the path", "GET /echo\u{0}/x HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a raw NUL in the query", "GET /echo?q=a\u{0}b HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a NUL in the method", "GE\u{0}T /echo HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a NUL in the last header", "GET /echo HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer secret\u{0}junk\r\n\r\n"),
            ("two NULs in the last header", "GET /echo HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer secret\u{0}\u{0}junk\r\n\r\n"),
            ("a NUL in a header before others", "GET /echo HTTP/1.1\r\nIf-Match: \"a\"\u{0}junk\r\nHost: t\r\n\r\n"),
            ("a NUL that starts a line (it ended the head)", "GET /echo HTTP/1.1\r\nHost: t\r\n\u{0}junk\r\nX-Hidden: 1\r\n\r\n"),
            ("a NUL before the CR of a line", "GET /echo HTTP/1.1\r\nX-A: v\u{0}\r\nHost: t\r\n\r\n"),
            ("a NUL with bare LF line ends", "GET /echo HTTP/1.1\nHost: t\nX-A: a\u{0}b\n\n"),
            ("a percent-encoded NUL in the path", "GET /echo%00/x HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a percent-encoded control in the path", "GET /ec%01ho HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a control character in a header", "GET /echo HTTP/1.1\r\nHost: t\r\nX-A: a\u{1}b\r\n\r\n"),
        ]
        for (name, request) in cases { try assertRefusedAsMalformed(name, request, port: server.port) }
        let query = try sendWithASecondRequest(bytes("GET /echo?q=sheet%00zzz HTTP/1.1\r\nHost: t\r\n\r\n"), port: server.port)
        XCTAssertEqual(query.first.header("X-Rejected"), "parameter=q", "a NUL decoded in a query value names the parameter")
        XCTAssertEqual(handler.receivedBodies.count, 0, "the handler answered none of them")
    }

    func testHeadsThatAreUnusualButWholeAreServed() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        let many = (0..<60).map { "X-Header-\($0): \(String(repeating: "v", count: 100))\r\n" }.joined()
        let cases: [(String, String)] = [
            ("bare LF line ends", "GET /echo?n=1 HTTP/1.1\nHost: t\nX-A: b\n\n"),
            ("an empty line before the request line", "\r\nGET /echo?n=2 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("an empty value, blanks, a tab in a value", "GET /echo?n=3 HTTP/1.1\r\nHost: t\r\nX-Empty:\r\nX-Blank:   \r\nX-Tab:\t\ta\tb  \r\n\r\n"),
            ("60 headers, 7 KB", "GET /echo?n=4 HTTP/1.1\r\nHost: t\r\n\(many)\r\n"),
            // (Not a query: /echo would send it back in a header, beyond what a response head can hold.)
            ("a target of 8 KB", "GET /\(String(repeating: "a", count: 8000))?n=5 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("extra spaces after the method", "GET   /echo?n=6 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a body framed by Content-Length", "POST /echo?n=7 HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"),
            ("a chunked body", "POST /echo?n=8 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
            ("HTTP/1.0 without Host", "GET /echo?n=9 HTTP/1.0\r\n\r\n"),
        ]
        for (index, (name, request)) in cases.enumerated() {
            try client.sendRaw(request)
            let response: HTTPTestResponse
            do { response = try client.readResponse(method: "GET") } catch { return XCTFail("\(name): \(error)") }
            if index == 4 {
                XCTAssertEqual(response.status, 404, "\(name): \(response.text.prefix(200))")
            } else {
                XCTAssertEqual(response.status, 200, "\(name): \(response.text.prefix(200))")
                XCTAssertTrue(response.header("X-Query")?.hasPrefix("n=\(index + 1)") ?? false, name)
            }
            if index < cases.count - 1 { XCTAssertFalse(response.closesConnection, name) }
        }
    }

    // MARK: Framing

    func testAmbiguousFramingIsRefusedAndNothingAfterItIsAnswered() throws {
        let server = try start()
        // The "body" of the space-before-colon case is a whole request: read as one, it would be smuggled.
        let smuggled = "GET /echo?smuggled HTTP/1.1\r\nHost: t\r\n\r\n"
        let cases: [(String, String)] = [
            ("two Content-Length headers", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 40\r\n\r\nhello"),
            ("Content-Length with Transfer-Encoding", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
            ("a space before the colon", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length : \(smuggled.utf8.count)\r\n\r\n\(smuggled)"),
            ("a tab before the colon", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length\t: 5\r\n\r\nhello"),
            ("a repeated transfer coding", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, identity\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
            ("two Transfer-Encoding headers", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
            ("an unknown transfer coding", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n"),
            ("HTTP/1.1 without Host", "GET /echo HTTP/1.1\r\n\r\n"),
            ("two Host headers", "GET /echo HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
            ("a header folded onto a second line", "GET /echo HTTP/1.1\r\nHost: t\r\nX-Folded: a\r\n b\r\n\r\n"),
            ("a raw space in the target", "GET /echo /x HTTP/1.1\r\nHost: t\r\n\r\n"),
        ]
        for (name, request) in cases { try assertRefusedAsMalformed(name, request, port: server.port) }
        XCTAssertEqual(handler.askedHeads.count, 0, "no refused head reached the handler's body policy")
        XCTAssertEqual(handler.receivedBodies.count, 0, "and no handler answered")
    }

    // MARK: The form of the target

    func testATargetNotStartingWithASlashIsRefusedAndAnAbsoluteOneIsServed() throws {
        let server = try start()
        let cases: [(String, String)] = [
            ("a path without its slash", "GET echo?n=1 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a query alone", "GET ?n=1 HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("a scheme other than http", "GET ftp://t/echo HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("an absolute target without a host", "GET http:///echo HTTP/1.1\r\nHost: t\r\n\r\n"),
            ("an absolute target with user information", "GET http://user@t/echo HTTP/1.1\r\nHost: t\r\n\r\n"),
        ]
        for (name, request) in cases { try assertRefusedAsMalformed(name, request, port: server.port) }
        XCTAssertEqual(handler.receivedBodies.count, 0, "the handler answered none of them")

        // Absolute-form (RFC 9112, 3.2.2): the path and query after the authority, which stands for Host.
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        try client.sendRaw("GET HTTP://example.test:8080/echo?n=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        let absolute = try client.readResponse()
        XCTAssertEqual(absolute.status, 200, absolute.text)
        XCTAssertEqual(absolute.header("X-Query"), "n=1")
        XCTAssertEqual(absolute.header("X-Host"), "example.test:8080", "the Host sent is ignored for the target's")
        XCTAssertFalse(absolute.closesConnection)
        try client.sendRaw("POST http://example.test/echo?n=2 HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello")
        let old = try client.readResponse(method: "POST")
        XCTAssertEqual(old.text, "hello", "an HTTP/1.0 request without Host")
        XCTAssertEqual(old.header("X-Host"), "example.test")

        let asterisk = try HTTPTestClient(port: server.port)
        defer { asterisk.close() }
        try asterisk.sendRaw("OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try asterisk.readResponse().status, 404, "OPTIONS * reaches the handler as before")
    }

    // MARK: Limits and the library's own errors

    func testATargetOrAHeadOverTheLimitIsTheServersOwnRefusal() throws {
        let server = try start()
        let target = try sendWithASecondRequest(bytes("GET /echo?x=\(String(repeating: "a", count: 8200)) HTTP/1.1\r\nHost: t\r\n\r\n"), port: server.port)
        XCTAssertEqual(target.first.status, 414)
        XCTAssertEqual(target.first.header("X-Rejected"), "limit=8192")
        XCTAssertFalse(target.secondAnswered)
        let headers = (0..<80).map { "X-Header-\($0): \(String(repeating: "v", count: 100))\r\n" }.joined()
        let head = try sendWithASecondRequest(bytes("GET /echo HTTP/1.1\r\nHost: t\r\n\(headers)\r\n"), port: server.port)
        XCTAssertEqual(head.first.status, 431)
        XCTAssertEqual(head.first.header("X-Rejected"), "limit=9216")
        XCTAssertFalse(head.secondAnswered)
    }

    /// What libmicrohttpd answers on its own (documented in docs/security.md): the connection is
    /// closed, nothing after it is answered, and the server serves on.
    func testTheLibrarysOwnErrorsCloseTheConnection() throws {
        let server = try start()
        let cases: [(String, String, Int)] = [
            ("a head beyond the library's buffer", "GET /echo HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "v", count: 15_500))\r\n\r\n", 431),
            ("a bad chunk size", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", 400),
            ("a chunk size beyond 64 bits", "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n1ffffffffffffffff\r\nhello\r\n", 413),
            ("HTTP/2.0 in the request line", "GET /echo HTTP/2.0\r\nHost: t\r\n\r\n", 505),
            ("a Content-Length that is not a number", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 5\r\n\r\nhello", 400),
            ("a Content-Length of 2^64", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 18446744073709551616\r\n\r\nhello", 413),
        ]
        for (name, request, status) in cases {
            let client = try HTTPTestClient(port: server.port, timeoutSeconds: 3)
            defer { client.close() }
            try client.sendRaw(request + "GET /echo?second HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try? client.readResponse(method: "POST")
            if let first { XCTAssertEqual(first.status, status, name) }
            XCTAssertNil(try? client.readResponse(), "\(name): a request after the refused one was answered")
        }
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        XCTAssertEqual(try client.request("GET", "/echo").status, 200, "the server serves on")
    }

    func testEveryResponseSaysNosniff() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        XCTAssertEqual(try client.request("GET", "/echo").header("X-Content-Type-Options"), "nosniff", "the handler's answer")
        XCTAssertEqual(try client.request("GET", "/nowhere").header("X-Content-Type-Options"), "nosniff", "the handler's refusal")
        let refused = try sendWithASecondRequest(bytes("GET /echo HTTP/1.1\r\n\r\n"), port: server.port)
        XCTAssertEqual(refused.first.headerValues("X-Content-Type-Options"), ["nosniff"], "the server's own refusal, once")
    }

    // MARK: Slow heads

    func testAHeadDribbledInIsCutOffAtTheHeaderTimeout() throws {
        let server = try start { $0.headerTimeoutSeconds = 1 }
        let dribbler = try HTTPTestClient(port: server.port, timeoutSeconds: 5)
        defer { dribbler.close() }
        let began = Date()
        var sent = 0
        let head = Array("GET /echo HTTP/1.1\r\nHost: t\r\nX-Slow: \(String(repeating: "a", count: 200))".utf8)
        var closedAfter: TimeInterval?
        while sent < head.count && Date().timeIntervalSince(began) < 6 {
            do { try dribbler.sendRaw([head[sent]]) } catch { closedAfter = Date().timeIntervalSince(began); break }
            sent += 1
            if dribbler.isClosedByServer(waitMilliseconds: 100) {
                closedAfter = Date().timeIntervalSince(began)
                break
            }
        }
        let after = try XCTUnwrap(closedAfter, "a connection that sent a byte every 100 ms stayed open for 6 s")
        XCTAssertGreaterThan(after, 0.9, "closed before its header timeout")
        XCTAssertLessThan(after, 2.0, "closed long after its header timeout of 1 s")

        // On a keep-alive connection the clock starts again when the previous answer has been sent.
        let client = try HTTPTestClient(port: server.port, timeoutSeconds: 5)
        defer { client.close() }
        for _ in 0..<3 {
            usleep(400_000)
            XCTAssertEqual(try client.request("GET", "/echo").status, 200, "a head sent in time, 1.2 s into the connection")
        }
        XCTAssertFalse(client.isClosedByServer(waitMilliseconds: 300))
        XCTAssertTrue(client.isClosedByServer(waitMilliseconds: 1500), "an idle keep-alive connection is awaiting a head too")
    }

    func testAHeadThatArrivedWhileItsThreadWasBusyIsAnsweredNotCutOff() throws {
        // One worker thread, so that the waiting connection and the busy one share it.
        let server = try start {
            $0.threads = 1
            $0.headerTimeoutSeconds = 1
        }
        let waiting = try HTTPTestClient(port: server.port, timeoutSeconds: 8)
        defer { waiting.close() }
        usleep(200_000)  // accepted: its clock runs
        let busy = try HTTPTestClient(port: server.port, timeoutSeconds: 8)
        defer { busy.close() }
        try busy.sendRaw(Array("GET /hold HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        usleep(200_000)  // the only thread now holds
        try waiting.sendRaw(Array("GET /echo?waited HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        usleep(2_500_000)  // well past the header timeout, the head unread all along
        handler.gate.raise()
        XCTAssertEqual(try busy.readResponse().text, "held")
        let answer = try waiting.readResponse()
        XCTAssertEqual(answer.status, 200, "a head sent in time was cut off because the server was busy")
        XCTAssertEqual(answer.header("X-Query"), "waited=")

        // The bound still holds for a head that is really late, once the thread is free again.
        let late = try HTTPTestClient(port: server.port, timeoutSeconds: 5)
        defer { late.close() }
        try late.sendRaw(Array("GET /echo HTTP/1.1\r\nHost: t\r\n".utf8))
        XCTAssertTrue(late.isClosedByServer(waitMilliseconds: 2500), "an incomplete head outlived its header timeout")
    }
}
