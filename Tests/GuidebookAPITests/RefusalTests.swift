import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Refusals a client can read: a request refused while its body is still arriving (404, 405, 413)
/// is answered once the server has read and dropped the body, within the linger bounds, so a client
/// that sends the whole body before it reads (as Python's urllib does) gets the status. Bodies
/// beyond the bounds, and bodies that never end, get the connection closed instead of holding it.
final class RefusalTests: XCTestCase {
    static let twoMegabytes = 2 * 1024 * 1024

    /// Sends a request head and `bodySize` bytes of body in one go, reading nothing until all of it
    /// is sent, then reads the answer. A server that stops reading makes the send time out (a throw).
    private func sendWholeBodyThenRead(_ client: HTTPTestClient, _ method: String, _ target: String, bodySize: Int,
                                       headers: [(String, String)] = []) throws -> HTTPTestResponse {
        let head = client.head(method, target, headers: headers, bodyCount: bodySize)
        try client.sendRaw(Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "{"), count: bodySize))
        return try client.readResponse(method: method)
    }

    /// Runs 20 rounds on fresh connections; each must see `status` and pass `check`, and the same
    /// connection must then serve a GET (the body was read to its end, so it stays usable).
    private func assertTwentyOfTwenty(_ server: TestServer, _ method: String, _ target: String, status: Int,
                                      headers: [(String, String)] = [],
                                      check: (HTTPTestResponse) throws -> Void = { _ in },
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        var answered = 0
        for round in 0..<20 {
            let client = try server.client()
            defer { client.close() }
            do {
                let response = try sendWholeBodyThenRead(client, method, target, bodySize: Self.twoMegabytes, headers: headers)
                XCTAssertEqual(response.status, status, "round \(round): \(response.text.prefix(200))", file: file, line: line)
                if response.status == status { answered += 1 }
                XCTAssertEqual(response.header("Content-Type"), "application/problem+json; charset=utf-8", file: file, line: line)
                XCTAssertFalse(response.closesConnection, "round \(round): a body read to its end keeps the connection", file: file, line: line)
                try check(response)
                XCTAssertEqual(try client.request("GET", "/livez").status, 200, "round \(round): the connection serves on", file: file, line: line)
            } catch {
                XCTFail("round \(round): \(error)", file: file, line: line)
            }
        }
        XCTAssertEqual(answered, 20, "rounds that read the status", file: file, line: line)
    }

    private func problem(_ response: HTTPTestResponse) throws -> [String: Any] {
        try response.jsonObject()
    }

    // MARK: Bodies within the bounds are read, then refused

    func testWrongMethodWithTwoMegabyteBodyIs405WithAllowTwentyTimesOutOfTwenty() throws {
        let server = try TestServer()
        defer { server.stop() }
        try assertTwentyOfTwenty(server, "POST", "/v1/categories", status: 405,
                                 headers: [("Content-Type", "application/json")]) { response in
            let allow = Set((response.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            XCTAssertEqual(allow, ["GET", "HEAD"], "\(response.header("Allow") ?? "")")
            XCTAssertEqual(try self.problem(response)["status"] as? Int, 405)
        }
    }

    func testUnknownPathWithTwoMegabyteBodyIs404TwentyTimesOutOfTwenty() throws {
        let server = try TestServer()
        defer { server.stop() }
        try assertTwentyOfTwenty(server, "PUT", "/v1/nothing-here", status: 404) { response in
            XCTAssertEqual(try self.problem(response)["status"] as? Int, 404)
        }
    }

    func testImportOverTheLimitIs413TwentyTimesOutOfTwentyAndStartsNoJob() throws {
        let server = try TestServer(importLimit: 1024 * 1024)
        defer { server.stop() }
        try assertTwentyOfTwenty(server, "POST", "/v1/imports?format=ndjson", status: 413,
                                 headers: [("Content-Type", "application/x-ndjson"), TestGuidebook.adminHeader]) { response in
            XCTAssertEqual(try self.problem(response)["limit"] as? String, "1048576", "the problem names the limit")
        }
        let jobs = try server.get("/v1/jobs", headers: [TestGuidebook.adminHeader]).jsonObject()
        XCTAssertEqual((jobs["items"] as? [Any])?.count, 0, "a refused upload starts no job")
        let spooled = (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/spool")) ?? []
        XCTAssertEqual(spooled, [], "a refused upload leaves nothing in the spool")
    }

    func testBufferedRouteOverTheBodyLimitIs413TwentyTimesOutOfTwenty() throws {
        let server = try TestServer(bodyLimit: 64 * 1024)
        defer { server.stop() }
        try assertTwentyOfTwenty(server, "POST", "/v1/jobs/job_0000000000000000/cancel", status: 413,
                                 headers: [TestGuidebook.adminHeader]) { response in
            XCTAssertEqual(try self.problem(response)["limit"] as? String, "65536", "the problem names the limit")
        }
    }

    func testChunkedBodyThatGrowsPastTheLimitIs413AfterItEnds() throws {
        // No Content-Length: the limit is found out while the body arrives; the rest is dropped.
        let server = try TestServer(bodyLimit: 64 * 1024)
        defer { server.stop() }
        let client = try server.client()
        defer { client.close() }
        var request = Array("POST /v1/jobs/job_0000000000000000/cancel HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(TestGuidebook.adminToken)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
        for _ in 0..<64 { request += Array("4000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        try client.sendRaw(request)
        let response = try client.readResponse(method: "POST")
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try problem(response)["limit"] as? String, "65536", "the problem names the limit")
        XCTAssertEqual(try client.request("GET", "/livez").status, 200)
    }

    func testClientWaitingForContinueIsRefusedAtOnceWithoutSendingTheBody() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw(client.head("POST", "/v1/categories", headers: [("Expect", "100-continue")], bodyCount: Self.twoMegabytes))
        let response = try client.readResponse(method: "POST")
        XCTAssertEqual(response.status, 405, "the final answer comes instead of 100 Continue")
        XCTAssertTrue(response.closesConnection)
        XCTAssertNotNil(response.header("Allow"))

        // A route that takes the body still says 100 Continue.
        let uploader = try server.client(timeoutSeconds: 3)
        defer { uploader.close() }
        let body = Array(#"{"format":"guidebook-bundle","version":1,"topics":[]}"#.utf8)
        try uploader.sendRaw(uploader.head("POST", "/v1/imports?format=json&dry_run=true",
                                           headers: [("Expect", "100-continue"), TestGuidebook.adminHeader], bodyCount: body.count))
        XCTAssertEqual(try uploader.readResponse(method: "POST").status, 100)
        try uploader.sendRaw(body)
        XCTAssertEqual(try uploader.readResponse(method: "POST").status, 202)
    }

    // MARK: Beyond the bounds, the connection is closed

    func testDeclaredBodyBeyondTheLingerBytesIsAnsweredAtOnceAndClosed() throws {
        let server = try TestServer(linger: .init(seconds: 2, bytes: 1024 * 1024))
        defer { server.stop() }
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        // Only the head: a client that reads while it sends sees the answer before sending anything.
        try client.sendRaw(client.head("POST", "/v1/categories", headers: [], bodyCount: 8 * 1024 * 1024))
        let response = try client.readResponse(method: "POST")
        XCTAssertEqual(response.status, 405)
        XCTAssertTrue(response.closesConnection, "a body that will not be read to its end closes the connection")
        XCTAssertTrue(client.isClosedByServer(waitMilliseconds: 2000))
        XCTAssertEqual(try server.get("/livez").status, 200)
    }

    /// Sends `chunk` again and again until the server closes the connection or `limitSeconds` pass;
    /// returns the seconds it took, or nil when the connection was still open at the end.
    private func sendUntilClosed(_ client: HTTPTestClient, _ chunk: [UInt8], pauseMicroseconds: UInt32 = 0,
                                 limitSeconds: Double) -> Double? {
        let started = Date()
        while Date().timeIntervalSince(started) < limitSeconds {
            if client.isClosedByServer(waitMilliseconds: 0) { return Date().timeIntervalSince(started) }
            do {
                try client.sendRaw(chunk)
            } catch HTTPTestClientError.socket(_, let code) where code == EPIPE || code == ECONNRESET {
                return Date().timeIntervalSince(started)
            } catch {
                // A send that times out means the server neither reads nor closes: it holds the connection.
                XCTFail("the server stopped reading without closing: \(error)")
                return nil
            }
            if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
        }
        return nil
    }

    func testEndlessChunkedBodyOfARefusedRequestIsCutAfterTheLingerBytes() throws {
        let server = try TestServer(timeoutSeconds: 30, linger: .init(seconds: 30, bytes: 256 * 1024))
        defer { server.stop() }
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw("POST /v1/topics HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("2000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 0x2000) + Array("\r\n".utf8)
        let seconds = sendUntilClosed(client, chunk, limitSeconds: 10)
        XCTAssertNotNil(seconds, "a chunked body without end is cut off, long before the 30 s timeout")
        XCTAssertEqual(try server.get("/livez").status, 200)
    }

    func testSlowBodyOfARefusedRequestIsCutAfterTheLingerTime() throws {
        // 40 KiB/s is well above the slow-upload rate, so only the linger time can cut it.
        let server = try TestServer(timeoutSeconds: 30, linger: .init(seconds: 1, bytes: 4 * 1024 * 1024))
        defer { server.stop() }
        let client = try server.client(timeoutSeconds: 3)
        defer { client.close() }
        try client.sendRaw(client.head("POST", "/v1/categories", headers: [], bodyCount: 1024 * 1024))
        let seconds = try XCTUnwrap(sendUntilClosed(client, [UInt8](repeating: UInt8(ascii: "x"), count: 4096),
                                                    pauseMicroseconds: 100_000, limitSeconds: 10),
                                    "a refused body still arriving after the linger time is cut off")
        XCTAssertGreaterThan(seconds, 0.9, "not before the linger time")
        XCTAssertLessThan(seconds, 4, "soon after the linger time")
    }

    // MARK: Bodies that never end

    func testBodiesThatNeverEndAreClosedAfterTheTimeout() throws {
        let server = try TestServer(timeoutSeconds: 1)
        defer { server.stop() }
        // A route that takes bodies, a refused one, and an upload that spools to disk; each with a
        // body shorter than its Content-Length and with a chunked body missing its last chunk.
        var clients: [(name: String, client: HTTPTestClient)] = []
        defer { clients.forEach { $0.client.close() } }
        for target in ["/v1/jobs/job_0000000000000000/cancel", "/v1/categories", "/v1/imports?format=ndjson"] {
            let short = try server.client(timeoutSeconds: 10)
            try short.sendRaw(short.head("POST", target, headers: [], bodyCount: 1000) + "{\"a\":1}\n")
            let chunked = try server.client(timeoutSeconds: 10)
            try chunked.sendRaw("POST \(target) HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n{\"a\":1}\n\r\n")
            clients += [("\(target), short body", short), ("\(target), chunked without end", chunked)]
        }
        let started = Date()
        for (name, client) in clients {
            XCTAssertTrue(client.isClosedByServer(waitMilliseconds: 5000), "\(name): closed after the timeout")
            XCTAssertLessThan(Date().timeIntervalSince(started), 4, name)
        }
        XCTAssertEqual(try server.get("/livez").status, 200)
        let jobs = try server.get("/v1/jobs", headers: [TestGuidebook.adminHeader]).jsonObject()
        XCTAssertEqual((jobs["items"] as? [Any])?.count, 0, "an upload that never ended starts no job")
        // The spool files of the unfinished uploads went with their connections.
        let deadline = Date().addingTimeInterval(2)
        var spooled = (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/spool")) ?? []
        while !spooled.isEmpty && Date() < deadline {
            usleep(50_000)
            spooled = (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/spool")) ?? []
        }
        XCTAssertEqual(spooled, [], "an unfinished upload leaves nothing in the spool")
    }
}
