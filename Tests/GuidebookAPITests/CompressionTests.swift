import Foundation
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// Compressed answers through the real server: gzip and Brotli for JSON, Markdown and HTML of a
/// kilobyte or more, as `Accept-Encoding` allows (q-values, identity;q=0, *;q=0, unknown codings,
/// a hundred codings, 406 only when nothing acceptable remains), `Vary: Accept-Encoding`, a strong
/// ETag per coding, the response cache serving the compressed bytes, server-sent events never
/// compressed, `Range` ignored, and clients that go away in the middle of a compressed answer.
/// Bodies are decompressed with the system's `gzip` and `brotli`, which share no code with ours.
final class CompressionTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server?.stop()
    }

    private func get(_ target: String, _ acceptEncoding: String?, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try server.get(target, headers: headers + (acceptEncoding.map { [("Accept-Encoding", $0)] } ?? []))
    }

    /// The body as the client reads it: decoded with the system's tool for its `Content-Encoding`.
    private func decoded(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        switch response.header("Content-Encoding") {
        case nil: return response.body
        case "gzip":
            let (status, output) = try FilterProcess.run("/bin/gzip", ["-dc"], input: response.body)
            XCTAssertEqual(status, 0, "gzip -dc failed", file: file, line: line)
            return output
        case "br":
            let (status, output) = try FilterProcess.run(Self.brotliTool, ["-dc"], input: response.body)
            XCTAssertEqual(status, 0, "brotli -dc failed", file: file, line: line)
            return output
        case let other?:
            XCTFail("unexpected Content-Encoding \(other)", file: file, line: line)
            return []
        }
    }

    private static var brotliTool: String { ["/usr/bin/brotli", "/bin/brotli"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/brotli" }

    private func variesByEncoding(_ response: HTTPTestResponse) -> Bool {
        response.headerValues("Vary").contains { $0.lowercased().contains("accept-encoding") }
    }

    /// Imports `count` generated guidelines (topics of a few kilobytes).
    private func importGenerated(_ count: Int) throws {
        var ndjson: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: count).write { ndjson.append(contentsOf: $0) }
        let id = try server.submitJob(ndjson, query: "format=ndjson")
        XCTAssertEqual(try server.followJob(id).last?["status"] as? String, "succeeded")
    }

    /// A topic whose JSON, Markdown and HTML are each over a kilobyte.
    private func largeTopic() throws -> String {
        let topics = try XCTUnwrap(try server.get("/v1/topics?limit=100").jsonObject()["items"] as? [[String: Any]])
        for slug in topics.compactMap({ $0["slug"] as? String }) {
            let sizes = try ["application/json", "text/markdown", "text/html"].map { try get("/v1/topics/\(slug)", nil, headers: [("Accept", $0)]).body.count }
            if sizes.allSatisfy({ $0 >= 2048 }) { return slug }
        }
        return try XCTUnwrap(nil as String?, "no generated topic is over 2 KB in every rendering")
    }

    func testJSONMarkdownAndHTMLGoOutInTheCodingAskedForAndDecodeToTheSameBytes() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.brotliTool), "the brotli tool (Debian's brotli) is needed: make deps installs it")
        try importGenerated(300)
        let slug = try largeTopic()
        let cases: [(target: String, accept: String?)] = [
            ("/openapi.json", nil), ("/v1/topics/\(slug)", nil), ("/v1/topics/\(slug)", "text/markdown"),
            ("/v1/topics/\(slug)", "text/html"), ("/v1/export", nil),
        ]
        for item in cases {
            let headers = item.accept.map { [("Accept", $0)] } ?? []
            let plain = try get(item.target, nil, headers: headers)
            XCTAssertEqual(plain.status, 200, item.target)
            XCTAssertGreaterThanOrEqual(plain.body.count, 1024, "\(item.target) is big enough to be compressed")
            XCTAssertNil(plain.header("Content-Encoding"), "no Accept-Encoding: identity")
            XCTAssertTrue(variesByEncoding(plain), "\(item.target): the identity answer says it varies too")
            var tags: Set<String> = [try XCTUnwrap(plain.header("ETag"))]
            for (asked, coding) in [("gzip", "gzip"), ("br", "br"), ("gzip, deflate, br, zstd", "br"), ("x-gzip", "gzip")] {
                let compressed = try get(item.target, asked, headers: headers)
                XCTAssertEqual(compressed.status, 200)
                XCTAssertEqual(compressed.header("Content-Encoding"), coding, "\(item.target) with \(asked)")
                XCTAssertTrue(variesByEncoding(compressed))
                XCTAssertLessThan(compressed.body.count, plain.body.count)
                XCTAssertEqual(try decoded(compressed), plain.body, "\(item.target) in \(coding) decodes to the identity body")
                XCTAssertEqual(compressed.header("Content-Type"), plain.header("Content-Type"))
                let tag = try XCTUnwrap(compressed.header("ETag"))
                XCTAssertTrue(tag.hasPrefix("\"") && !tag.hasPrefix("W/"), "a strong tag: \(tag)")
                tags.insert(tag)
                // The tag of a coding revalidates that coding only.
                XCTAssertEqual(try get(item.target, asked, headers: headers + [("If-None-Match", tag)]).status, 304)
                XCTAssertEqual(try get(item.target, nil, headers: headers + [("If-None-Match", tag)]).status, 200)
            }
            XCTAssertEqual(tags.count, 3, "\(item.target): identity, gzip and br each have their own ETag: \(tags)")
        }
        let gzipped = try get("/openapi.json", "gzip")
        print("BENCH openapi.json identity=\(try get("/openapi.json", nil).body.count) gzip=\(gzipped.body.count) br=\(try get("/openapi.json", "br").body.count)")
        XCTAssertLessThan(gzipped.body.count, 30 * 1024, "/openapi.json with gzip is under 30 KB on the wire")
    }

    func testTheCachedAnswerIsTheCompressedOneAndMatchesAFreshOne() throws {
        try importGenerated(300)
        let first = try get("/v1/topics?limit=100", "gzip")
        let second = try get("/v1/topics?limit=100", "gzip")
        XCTAssertEqual(first.header("Content-Encoding"), "gzip")
        XCTAssertEqual(first.body, second.body, "the cache keeps the compressed bytes (and gzip's are deterministic)")
        XCTAssertEqual(first.header("ETag"), second.header("ETag"))
        XCTAssertEqual(try decoded(second), try get("/v1/topics?limit=100", nil).body)
        // A write changes the generation: the next answer is compressed again from the new data.
        XCTAssertEqual(try server.request("POST", "/v1/topics", headers: [TestGuidebook.adminHeader, ("Content-Type", "application/json")],
                                          body: Array(#"{"slug": "compression-check", "category": "controls", "title": "Compression check", "summary": "A topic made by the compression test."}"#.utf8)).status, 201)
        let after = try get("/v1/topics?limit=100", "gzip")
        XCTAssertNotEqual(after.header("ETag"), first.header("ETag"))
        XCTAssertTrue(String(decoding: try decoded(after), as: UTF8.self).contains("compression-check"))
    }

    func testAcceptEncodingWeightsWildcardsUnknownCodingsAndRefusals() throws {
        let hundred = (0..<99).map { "coding-\($0);q=0.\($0 % 9 + 1)" }.joined(separator: ", ")
        let cases: [(header: String, expected: String?)] = [
            ("gzip;q=0.5, br;q=0.9", "br"), ("br;q=0.1, gzip", "gzip"), ("gzip;q=0, br;q=0", nil), ("GZIP", "gzip"),
            ("identity;q=0, gzip", "gzip"), ("identity;q=0, br;q=0.2", "br"), ("*", "br"), ("*;q=0, gzip", "gzip"),
            ("*;q=0, identity", nil), ("br;q=0, *", "gzip"), ("identity, gzip;q=0.5", nil), ("", nil),
            ("zstd, compress, deflate, made-up-coding", nil), (hundred + ", gzip", "gzip"), (hundred, nil),
            ("gzip;q=abc", "gzip"), ("gzip;q=-1, br", "br"), ("gzip;;;q=1, , ,", "gzip"), ("br;q=0.000", nil),
        ]
        let plain = try get("/openapi.json", nil).body
        for item in cases {
            let response = try get("/openapi.json", item.header)
            XCTAssertEqual(response.status, 200, "'\(item.header.prefix(60))'")
            XCTAssertEqual(response.header("Content-Encoding"), item.expected, "'\(item.header.prefix(60))'")
            XCTAssertEqual(try decoded(response), plain, "'\(item.header.prefix(60))'")
        }
        // Nothing acceptable remains: 406 as problem+json, for a read and for a write alike.
        for header in ["identity;q=0", "*;q=0", "identity;q=0, gzip;q=0, br;q=0", "*;q=0, zstd", hundred.replacingOccurrences(of: "q=0.", with: "q=0.0") + ", *;q=0"] {
            let refused = try get("/openapi.json", header)
            try assertProblem(refused, status: 406)
            XCTAssertTrue(try refused.jsonObject()["detail"] as? String ?? "" != "", header)
        }
        let write = try server.request("POST", "/v1/topics", headers: [TestGuidebook.adminHeader, ("Content-Type", "application/json"), ("Accept-Encoding", "*;q=0")],
                                       body: Array(#"{"slug": "never-made", "category": "controls", "title": "Never made", "summary": "Refused before it is made."}"#.utf8))
        try assertProblem(write, status: 406)
        XCTAssertEqual(try get("/v1/topics/never-made", nil).status, 404, "a refused write changes nothing")
        // A small answer is compressed only when identity is refused.
        let small = try get("/livez", "gzip")
        XCTAssertNil(small.header("Content-Encoding"), "under a kilobyte: identity")
        let forced = try get("/livez", "identity;q=0, gzip")
        XCTAssertEqual(forced.header("Content-Encoding"), "gzip")
        XCTAssertEqual(try decoded(forced), small.body)
    }

    /// Request bodies are read as sent: one that says it is compressed is a 415 naming what is
    /// accepted, before anything is read or written; `identity` is what sending none means.
    func testACompressedRequestBodyIsRefusedAndChangesNothing() throws {
        let before = try server.get("/v1/guidelines/sheets.mail-compose").text
        let body = Array(#"{"text":"A sheet helps people perform a scoped task."}"#.utf8)
        for coding in ["gzip", "br", "identity, gzip", "x-unknown"] {
            let response = try server.request("PATCH", "/v1/guidelines/sheets.mail-compose",
                                              headers: [TestGuidebook.adminHeader, ("Content-Type", "application/merge-patch+json"), ("Content-Encoding", coding)],
                                              body: body)
            XCTAssertEqual(response.status, 415, "\(coding): \(response.text)")
            XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            XCTAssertEqual(response.header("Accept-Encoding"), "identity")
            XCTAssertTrue(response.text.contains("Content-Encoding '\(coding)' is not accepted"), response.text)
        }
        XCTAssertEqual(try server.get("/v1/guidelines/sheets.mail-compose").text, before)
        let plain = try server.request("PATCH", "/v1/guidelines/sheets.mail-compose",
                                       headers: [TestGuidebook.adminHeader, ("Content-Type", "application/merge-patch+json"), ("Content-Encoding", "identity")],
                                       body: body)
        XCTAssertEqual(plain.status, 200, plain.text)
    }

    func testARangeOnACompressedAnswerIsIgnored() throws {
        // Each coding, a document and a resource; the first request of each renders and fills the
        // cache, the others are answered from it.
        for (target, coding) in [("/openapi.json", "gzip"), ("/openapi.json", "br"), ("/v1/topics/progress-indicators", "gzip"), ("/v1/topics/progress-indicators", "br")] {
            let plain = try get(target, nil).body
            for range in ["bytes=0-99", "bytes=100-", "bytes=-50", "bytes=999999999-", "bytes=abc", "lines=1-2", "bytes=0-0,-1"] {
                let response = try get(target, coding, headers: [("Range", range)])
                XCTAssertEqual(response.status, 200, "\(target) \(coding) \(range)")
                XCTAssertNil(response.header("Content-Range"), range)
                XCTAssertEqual(response.header("Content-Encoding"), coding)
                XCTAssertEqual(try decoded(response), plain, "\(target) \(coding) \(range): the whole body, never a slice of the compressed bytes")
            }
        }
    }

    func testServerSentEventsAreNeverCompressed() throws {
        var ndjson: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: 200).write { ndjson.append(contentsOf: $0) }
        let id = try server.submitJob(ndjson, query: "format=ndjson")
        _ = try server.followJob(id)
        // A job's events need a reader token (no --public-jobs here).
        let events = try server.client().request("GET", "/v1/jobs/\(id)/events", headers: [("Accept-Encoding", "gzip, br"), ("Accept", "text/event-stream"), TestGuidebook.adminHeader])
        XCTAssertEqual(events.status, 200)
        XCTAssertTrue(events.header("Content-Type")?.hasPrefix("text/event-stream") ?? false)
        XCTAssertNil(events.header("Content-Encoding"))
        XCTAssertTrue(events.text.contains("event: done"), events.text)
    }

    func testClientsThatGoAwayInTheMiddleOfACompressedAnswerLeaveTheServerServing() throws {
        try importGenerated(4000)
        let whole = try get("/v1/export", "gzip", headers: [TestGuidebook.adminHeader])
        XCTAssertEqual(whole.header("Content-Encoding"), "gzip")
        XCTAssertGreaterThan(whole.body.count, 128 * 1024, "a body larger than the socket buffers")
        for coding in ["gzip", "br", "gzip", "br", "gzip"] {
            let client = try server.client()
            try client.sendRaw("GET /v1/export HTTP/1.1\r\nHost: test\r\nAccept-Encoding: \(coding)\r\n\r\n")
            _ = try client.readAvailable()
            client.close()
        }
        let again = try get("/v1/export", "gzip")
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.body, whole.body)
        XCTAssertEqual(try get("/livez", nil).status, 200)
    }
}
