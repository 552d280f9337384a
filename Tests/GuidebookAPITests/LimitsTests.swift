import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Slow and idle clients: they cannot hold the server's workers, and they are dropped after the timeout.
final class LimitsTests: XCTestCase {
    func testTricklingClientsNeitherBlockOthersNorOutstayTheTimeout() throws {
        let server = try TestServer(threads: 2, timeoutSeconds: 2)
        defer { server.stop() }
        // More slow clients than worker threads: one sends its headers a byte at a time, the others
        // a body a byte per second, to a route that takes bodies (a refused one has its own, shorter bound).
        var slow: [HTTPTestClient] = []
        for _ in 0..<4 {
            let client = try server.client(timeoutSeconds: 10)
            try client.sendRaw("POST /v1/jobs/job_0000000000000000/cancel HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\nx")
            slow.append(client)
        }
        let trickler = try server.client(timeoutSeconds: 10)
        try trickler.sendRaw("G")
        defer { (slow + [trickler]).forEach { $0.close() } }

        var closedAt: [Int: Date] = [:]
        let started = Date()
        while Date().timeIntervalSince(started) < 8 && closedAt.count < slow.count {
            // Everyone else is served at once while the slow clients trickle.
            let began = Date()
            XCTAssertEqual(try server.get("/livez").status, 200)
            XCTAssertLessThan(Date().timeIntervalSince(began), 0.5, "a fast request waited behind slow clients")
            for (index, client) in slow.enumerated() where closedAt[index] == nil {
                if client.isClosedByServer(waitMilliseconds: 1) {
                    closedAt[index] = Date()
                } else {
                    try? client.sendRaw("x")
                }
            }
            usleep(900_000)
        }
        XCTAssertEqual(closedAt.count, slow.count, "every trickling upload is dropped")
        for date in closedAt.values {
            XCTAssertLessThan(date.timeIntervalSince(started), 7, "dropped soon after the 2 s timeout")
        }
    }

    func testAnIdleConnectionIsClosedAfterTheTimeout() throws {
        let server = try TestServer(threads: 2, timeoutSeconds: 1)
        defer { server.stop() }
        let client = try server.client(timeoutSeconds: 10)
        defer { client.close() }
        XCTAssertEqual(try client.request("GET", "/livez").status, 200)
        let started = Date()
        XCTAssertTrue(client.isClosedByServer(waitMilliseconds: 5000), "the server closes an idle keep-alive connection")
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
    }
}
