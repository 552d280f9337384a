import Foundation
import GuidebookTestSupport
import HTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The libmicrohttpd wrapper itself, on a loopback port, with a handler of a few lines: keep-alive,
/// where bodies go (memory, a spool file, nowhere), the server's own refusal of a body over the
/// limit, a refused body read to its end before the answer, streams parked while they wait, and stop.
final class HTTPServerTests: TinyServerTestCase {
    private func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    private func spooled() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory + "/spool")) ?? []
    }

    // MARK: Connections

    func testOneConnectionServesManyRequestsAndStaysOpen() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        for i in 0..<100 {
            let response = try client.request(i % 2 == 0 ? "GET" : "POST", "/echo?n=\(i)", body: i % 2 == 0 ? nil : Array("body \(i)".utf8))
            XCTAssertEqual(response.status, 200, "request \(i)")
            XCTAssertEqual(response.header("X-Query"), "n=\(i)")
            XCTAssertEqual(response.text, i % 2 == 0 ? "" : "body \(i)")
            XCTAssertFalse(response.closesConnection, "request \(i)")
            if response.status != 200 || response.closesConnection { break }
        }
        XCTAssertFalse(client.isClosedByServer(waitMilliseconds: 100))
    }

    /// Keep-alive connections opened all at once (as a client's connection pool or wrk opens them)
    /// are shared out among the worker threads, not all kept by the first to wake, as they could
    /// be when libmicrohttpd's own pool accepted (docs/request-path.md, section 7).
    func testConnectionsOpenedAtOnceAreSharedAmongTheWorkers() throws {
        let server = try start { $0.threads = 2 }
        let clients = try (0..<16).map { _ in try HTTPTestClient(port: server.port) }
        defer { for client in clients { client.close() } }
        var perThread: [String: Int] = [:]
        for (index, client) in clients.enumerated() {
            // Two requests each: a connection stays with the worker it was given.
            let first = try client.request("GET", "/thread"), second = try client.request("GET", "/thread")
            XCTAssertEqual(first.status, 200, "connection \(index)")
            XCTAssertEqual(first.text, second.text, "connection \(index) moved between workers")
            perThread[first.text, default: 0] += 1
        }
        XCTAssertEqual(perThread.count, 2, "connections per worker: \(perThread)")
        XCTAssertEqual(perThread.values.sorted(), [8, 8], "connections per worker: \(perThread)")
    }

    /// At the connection limit a new connection is not accepted only to be closed: it waits in
    /// the listen backlog, unanswered, and is served as soon as another closes (as it did when
    /// libmicrohttpd's workers accepted themselves).
    func testAtTheLimitANewConnectionWaitsAndIsServedWhenAnotherCloses() throws {
        let server = try start {
            $0.threads = 2
            $0.connectionLimit = 4
        }
        var clients = try (0..<4).map { _ in try HTTPTestClient(port: server.port) }
        defer { for client in clients { client.close() } }
        for (index, client) in clients.enumerated() { XCTAssertEqual(try client.request("GET", "/thread").status, 200, "connection \(index)") }
        let fifth = try HTTPTestClient(port: server.port)
        try fifth.sendRaw("GET /echo?n=5 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertFalse(fifth.hasPendingInput(waitMilliseconds: 300), "at the limit, nothing is answered (nor closed) yet")
        clients[0].close()
        clients[0] = fifth
        let response = try fifth.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("X-Query"), "n=5")
    }

    func testThePathAndTheQueryArriveDecoded() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        let response = try client.request("GET", "/ec%68o?q=%EC%8B%9C%ED%8A%B8+x&flag&a=b%3Dc")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("X-Query"), "q=시트 x&flag=&a=b=c")
    }

    // MARK: Where bodies go

    func testBodiesReachTheHandlerWholeInMemoryOrAsAFileThatGoesAwayAfterwards() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        for (path, size, kind) in [("/echo", 40_000, "bytes"), ("/spool", 700_000, "file")] {
            let body = randomBytes(size)
            let response = try client.request("POST", path, body: body)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.header("X-Body-Kind"), kind, path)
            XCTAssertEqual(response.body, body, "\(path): the handler got the body byte for byte")
        }
        let deadline = Date().addingTimeInterval(2)
        while !spooled().isEmpty && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(spooled(), [], "a spool file nobody kept is deleted once the request is done")
    }

    func testABodyOverTheLimitIsTheServersOwnRefusalAndTheConnectionServesOn() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        // Found out while the body arrives (chunked: no length announced).
        var request = Array("POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for _ in 0..<8 { request += Array("4000\r\n".utf8) + [UInt8](repeating: 0x78, count: 0x4000) + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        try client.sendRaw(request)
        let response = try client.readResponse(method: "POST")
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.header("X-Rejected"), "limit=65536")
        XCTAssertEqual(try client.request("GET", "/echo").status, 200, "the rest of the body was read and dropped")

        // Announced: the same refusal, the spool limit this time.
        let spool = try HTTPTestClient(port: server.port)
        defer { spool.close() }
        XCTAssertEqual(try spool.request("POST", "/spool", bodyOfSize: 2 * 1024 * 1024).header("X-Rejected"), "limit=1048576")
        XCTAssertEqual(spooled(), [], "a refused upload leaves no spool file")
        XCTAssertFalse(handler.receivedBodies.contains { $0.count > 0 }, "the handler never saw a body")
    }

    func testEveryAnnouncedLengthOverTheLimitIsRefusedAtOnceUpTo64Bits() throws {
        let server = try start()
        // 2^63 to 2^64-1 are lengths libmicrohttpd accepts but `Int` does not hold; they got no answer.
        // (All are beyond the linger bytes, so the refusal does not wait for the body.)
        for length in ["9223372036854775807", "9223372036854775808", "18446744073709551615"] {
            let client = try HTTPTestClient(port: server.port, timeoutSeconds: 3)
            defer { client.close() }
            // A few body bytes follow, as from a client that streams its body without waiting.
            try client.sendRaw("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(length)\r\n\r\n" + String(repeating: "x", count: 1000))
            let began = Date()
            let response: HTTPTestResponse
            do { response = try client.readResponse(method: "POST") } catch { XCTFail("Content-Length \(length): no answer (\(error))"); continue }
            XCTAssertEqual(response.status, 413, "Content-Length \(length)")
            XCTAssertEqual(response.header("X-Rejected"), "limit=65536", "Content-Length \(length): the server's own refusal")
            XCTAssertTrue(response.closesConnection, "Content-Length \(length): the body is not read")
            XCTAssertLessThan(Date().timeIntervalSince(began), 1, "Content-Length \(length): answered at once, not after the linger bounds")
        }
        XCTAssertEqual(handler.receivedBodies.count, 0, "the handler saw none of them")
    }

    func testARefusedBodyIsReadToItsEndThenTheRefusalIsAnswered() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        // The whole body is sent before anything is read, as many clients do.
        let size = 2 * 1024 * 1024
        try client.sendRaw(Array(client.head("POST", "/refuse", headers: [], bodyCount: size).utf8) + [UInt8](repeating: 0x7b, count: size))
        let response = try client.readResponse(method: "POST")
        XCTAssertEqual(response.status, 403)
        XCTAssertFalse(response.closesConnection, "a body read to its end keeps the connection")
        XCTAssertEqual(try client.request("GET", "/echo").status, 200)
        XCTAssertEqual(handler.receivedBodies.first?.kind, "empty", "the refused body never reached the handler")
    }

    func testTheHeaderTimeDecisionSeesTheHeaders() throws {
        let server = try start()
        let client = try HTTPTestClient(port: server.port)
        defer { client.close() }
        let response = try client.request("POST", "/echo", headers: [("X-Refuse", "yes"), ("Content-Type", "text/plain")],
                                          body: randomBytes(100_000))
        XCTAssertEqual(response.status, 403, "refused from its headers, though /echo takes bodies")
        let head = try XCTUnwrap(handler.askedHeads.first)
        XCTAssertEqual(head.method, "POST")
        XCTAssertEqual(head.path, "/echo")
        XCTAssertEqual(head.header("content-type"), "text/plain")
        XCTAssertEqual(head.header("X-REFUSE"), "yes", "names are matched case-insensitively")
        XCTAssertEqual(try client.request("POST", "/echo", body: Array("ok".utf8)).text, "ok")
        XCTAssertEqual(handler.askedHeads.count, 2, "asked once per request with a body")
        _ = try client.request("GET", "/echo")
        XCTAssertEqual(handler.askedHeads.count, 2, "a request without a body is not asked")
    }

    // MARK: Streams

    func testAWaitingStreamIsParkedAndHoldsNoWorker() throws {
        let server = try start { $0.threads = 1 }
        let streaming = try HTTPTestClient(port: server.port, timeoutSeconds: 5)
        defer { streaming.close() }
        try streaming.sendRaw("GET /stream HTTP/1.1\r\nHost: test\r\n\r\n")
        // The stream waits; the one worker thread answers others meanwhile.
        let other = try HTTPTestClient(port: server.port)
        defer { other.close() }
        for _ in 0..<20 {
            let began = Date()
            XCTAssertEqual(try other.request("GET", "/echo").status, 200)
            XCTAssertLessThan(Date().timeIntervalSince(began), 0.5, "a request waited behind a parked stream")
        }
        let deadline = Date().addingTimeInterval(2)
        while handler.gate.timesAsked < 3 && Date() < deadline { usleep(10_000) }
        XCTAssertGreaterThanOrEqual(handler.gate.timesAsked, 3, "the parked stream is resumed and asked again while it waits")
        handler.gate.raise()
        var text = ""
        while !text.contains("hello"), let chunk = try streaming.readAvailable() { text += chunk }
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200"), text)
        XCTAssertTrue(text.contains("hello"), text)
    }

    func testStopEndsAParkedStreamWithItsFarewellAndClosesTheListener() throws {
        let server = try start()
        let port = server.port
        let streaming = try HTTPTestClient(port: port, timeoutSeconds: 5)
        defer { streaming.close() }
        try streaming.sendRaw("GET /stream HTTP/1.1\r\nHost: test\r\n\r\n")
        var text = ""
        while !text.contains("\r\n\r\n"), let chunk = try streaming.readAvailable() { text += chunk }
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200"), text)

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(graceSeconds: 2)
            stopped.signal()
        }
        while let chunk = try streaming.readAvailable() { text += chunk }
        XCTAssertTrue(text.contains("goodbye"), "the stream's last words reach the client: \(text)")
        XCTAssertEqual(stopped.wait(timeout: .now() + 5), .success, "stop returns")
        self.server = nil
        XCTAssertThrowsError(try HTTPTestClient(port: port).request("GET", "/echo"), "nothing listens after stop")
    }
}
