import Foundation
import GuidebookTestSupport
import XCTest

/// `If-Match` on the writes that once ignored it, through a live server: a glossary term's `PUT`
/// and `DELETE` (its ETag starts with its version, as a guideline's does) and a section created in
/// a topic (compared with the topic's ETag, since the new section is a new version of the topic).
/// A failed condition is a 412 problem and changes nothing, not even the change log.
final class WritePreconditionTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try makeTestServer()
    }

    private func changeLogEnd() throws -> String? {
        try server.get("/v1/changes?since=0&limit=1000").jsonObject()["next"] as? String
    }

    private func createTerm(_ english: String) throws -> (target: String, etag: String) {
        let created = try server.send("POST", "/v1/glossary", #"{"term": {"en": "\#(english)", "ko": "위젯 선반"}}"#)
        XCTAssertEqual(created.status, 201, created.text)
        let target = try XCTUnwrap(created.header("Location"))
        return (target, try XCTUnwrap(try server.get(target).header("ETag")))
    }

    func testAGlossaryTermIsWrittenOnlyAtTheVersionItsIfMatchNames() throws {
        let (target, etag) = try createTerm("widget shelf")
        let before = try server.get(target).text
        let logBefore = try changeLogEnd()

        for stale in [#""0-0""#, #""0""#, #"W/"\#(etag.dropFirst())"#] {
            try assertProblem(try server.send("PUT", target, #"{"term": {"en": "widget shelf", "ko": "선반"}}"#, ifMatch: stale), status: 412)
            try assertProblem(try server.delete(target, ifMatch: stale), status: 412)
        }
        XCTAssertEqual(try server.get(target).text, before, "a failed If-Match changes nothing")
        XCTAssertEqual(try changeLogEnd(), logBefore, "nor the change log")
        try assertProblem(try server.send("PUT", "/v1/glossary/999999", #"{"term": {"en": "no such term"}}"#, ifMatch: "*"), status: 412)

        // The version part is what counts: the ETag of the gzip coding works as well.
        let gzipped = try XCTUnwrap(try server.get(target, headers: [("Accept-Encoding", "gzip")]).header("ETag"))
        let replaced = try server.send("PUT", target, #"{"term": {"en": "widget shelf", "ko": "위젯선반"}}"#, ifMatch: gzipped)
        XCTAssertEqual(replaced.status, 200, replaced.text)
        let newETag = try XCTUnwrap(replaced.header("ETag"))
        XCTAssertNotEqual(newETag, etag)
        XCTAssertEqual(try server.get(target).header("ETag"), newETag, "the write answers with the ETag a GET shows")

        try assertProblem(try server.send("PUT", target, #"{"term": {"en": "widget shelf", "ko": "선반"}}"#, ifMatch: etag), status: 412)
        try assertProblem(try server.delete(target, ifMatch: etag), status: 412)
        XCTAssertEqual(try server.delete(target, ifMatch: newETag).status, 204)
        try assertProblem(try server.get(target), status: 404)
    }

    func testTwoEditorsWithTheSameETagCannotBothWriteATerm() throws {
        let (target, etag) = try createTerm("concurrent shelf")
        let results = Results()
        let port = server.port
        // Every editor connects first, then all send at the same moment.
        let ready = DispatchGroup(), start = DispatchSemaphore(value: 0), done = DispatchGroup()
        for index in 0..<4 {
            ready.enter()
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                guard let client = try? HTTPTestClient(port: port, timeoutSeconds: 30) else { return ready.leave() }
                defer { client.close() }
                ready.leave()
                start.wait()
                let headers = [TestGuidebook.adminHeader, ("Content-Type", "application/json"), ("If-Match", etag)]
                let body = #"{"term": {"en": "concurrent shelf", "ko": "선반 \#(index)"}}"#
                results.add(index, (try? client.request("PUT", target, headers: headers, body: Array(body.utf8)).status) ?? 0)
            }
        }
        XCTAssertEqual(ready.wait(timeout: .now() + 30), .success, "every editor connected")
        for _ in 0..<4 { start.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "every request was answered")
        let statuses = results.all
        XCTAssertEqual(statuses.values.sorted(), [200, 412, 412, 412], "one write wins, the others were based on what it replaced")
        let winner = try XCTUnwrap(statuses.first { $0.value == 200 }?.key)
        let stored = try server.get(target).jsonObject()
        XCTAssertEqual((stored["term"] as? [String: String])?["ko"], "선반 \(winner)", "no later write overwrote the winner unseen")
    }

    func testASectionIsCreatedOnlyInTheTopicVersionItsIfMatchNames() throws {
        let topicETag = try XCTUnwrap(try server.get("/v1/topics/sheets").header("ETag"))
        let logBefore = try changeLogEnd()
        try assertProblem(try server.send("POST", "/v1/topics/sheets/sections", #"{"key": "stale", "title": "Stale"}"#, ifMatch: #""0-0""#),
                          status: 412)
        try assertProblem(try server.get("/v1/topics/sheets/sections/stale"), status: 404)
        XCTAssertEqual(try changeLogEnd(), logBefore)

        let created = try server.send("POST", "/v1/topics/sheets/sections", #"{"key": "fresh", "title": "Fresh"}"#, ifMatch: topicETag)
        XCTAssertEqual(created.status, 201, created.text)
        // The new section made a new version of the topic: the ETag read before it is stale now.
        try assertProblem(try server.send("POST", "/v1/topics/sheets/sections", #"{"key": "second", "title": "Second"}"#, ifMatch: topicETag),
                          status: 412)
        try assertProblem(try server.get("/v1/topics/sheets/sections/second"), status: 404)
        XCTAssertEqual(try server.send("POST", "/v1/topics/sheets/sections", #"{"key": "unconditional"}"#).status, 201,
                       "without If-Match a creation applies as before")
    }
}

/// The statuses of concurrent requests, by request.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int: Int] = [:]

    func add(_ index: Int, _ status: Int) {
        lock.lock()
        defer { lock.unlock() }
        statuses[index] = status
    }

    var all: [Int: Int] {
        lock.lock()
        defer { lock.unlock() }
        return statuses
    }
}
