import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `--header-timeout` on the real executable: clients that dribble their request heads a byte at
/// a time (each byte resetting the idle `--timeout`) are cut off, so they cannot fill the
/// connection limit, and the server answers everyone else at once.
final class SlowHeadProcessTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-slow-head" }

    /// What the dribbling clients saw: how long each connection lived, and how many bytes it sent.
    private final class Dribbles: @unchecked Sendable {
        private let lock = NSLock()
        private var lives: [(seconds: Double, bytes: Int)] = []
        private var stopped = false
        func record(_ seconds: Double, _ bytes: Int) { lock.withLock { lives.append((seconds, bytes)) } }
        func stop() { lock.withLock { stopped = true } }
        var isStopped: Bool { lock.withLock { stopped } }
        var ended: [(seconds: Double, bytes: Int)] { lock.withLock { lives } }
    }

    /// One attacker: opens a connection, sends a request head one byte every 250 ms (it never
    /// ends), and opens another when the server closes it; until `dribbles` is stopped.
    private static func dribble(port: UInt16, into dribbles: Dribbles) {
        let head = Array("GET /livez HTTP/1.1\r\nHost: t\r\nX-Slow: \(String(repeating: "a", count: 1000))".utf8)
        while !dribbles.isStopped {
            guard let client = try? HTTPTestClient(port: port, timeoutSeconds: 2) else { usleep(50_000); continue }
            let began = Date()
            var sent = 0
            while !dribbles.isStopped && sent < head.count {
                guard (try? client.sendRaw([head[sent]])) != nil else { break }
                sent += 1
                if client.isClosedByServer(waitMilliseconds: 250) { break }
            }
            if !dribbles.isStopped { dribbles.record(Date().timeIntervalSince(began), sent) }
            client.close()
        }
    }

    func testDribblingHeadsAreCutOffAndEveryProbeIsAnsweredWithinASecond() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath, "--max-connections", "8", "--timeout", "5", "--header-timeout", "2"])
        let dribbles = Dribbles()
        let finished = DispatchGroup()
        let port = server.port
        for _ in 0..<6 {
            finished.enter()
            Thread.detachNewThread {
                Self.dribble(port: port, into: dribbles)
                finished.leave()
            }
        }
        usleep(300_000)
        var slow: [String] = []
        for probe in 0..<20 {
            let began = Date()
            do {
                let client = try HTTPTestClient(port: port, timeoutSeconds: 1)
                defer { client.close() }
                let response = try client.request("GET", "/livez")
                let seconds = Date().timeIntervalSince(began)
                if response.status != 200 || seconds > 1 { slow.append("probe \(probe): \(response.status) after \(seconds) s") }
            } catch {
                slow.append("probe \(probe): \(error) after \(Date().timeIntervalSince(began)) s")
            }
            usleep(250_000)
        }
        dribbles.stop()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(slow, [], "every /livez probe is answered within 1 s while 6 connections dribble their heads")
        let ended = dribbles.ended
        XCTAssertGreaterThanOrEqual(ended.count, 6, "every dribbling connection was cut off (within the 5.3 s of probes)")
        for life in ended {
            XCTAssertGreaterThan(life.bytes, 4, "it was sending all along")
            XCTAssertLessThan(life.seconds, 3.5, "a dribbling connection lived \(life.seconds) s, past its header timeout of 2 s")
        }
    }
}
