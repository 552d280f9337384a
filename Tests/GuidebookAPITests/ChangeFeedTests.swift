import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// `GET /v1/changes`: API writes and imports appear in the order they committed, one entry per
/// changed resource, and following the feed page by page from any cursor misses nothing.
final class ChangeFeedTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func page(since: String, limit: Int = 100) throws -> (items: [[String: Any]], next: String) {
        let response = try app.get("/v1/changes?since=\(since)&limit=\(limit)")
        XCTAssertEqual(response.status, 200, response.text)
        let object = try json(response)
        return (items(object), try XCTUnwrap(object["next"] as? String))
    }

    /// Every entry after `since`, following `next` `limit` at a time.
    private func follow(since: String, limit: Int) throws -> [[String: Any]] {
        var cursor = since
        var all: [[String: Any]] = []
        for _ in 0..<10_000 {
            let (items, next) = try page(since: cursor, limit: limit)
            all += items
            if items.count < limit { return all }
            XCTAssertNotEqual(next, cursor)
            cursor = next
        }
        XCTFail("the feed never ended")
        return all
    }

    func testWritesAndAnImportAppearInOrderAndResumingMissesNothing() throws {
        let start = try page(since: "0", limit: 1).next
        let seeded = try follow(since: "0", limit: 100)
        XCTAssertGreaterThan(seeded.count, 12, "loading the seed is logged: one entry per created topic, section and guideline")

        let cursor = try page(since: start).items.isEmpty ? start : try XCTUnwrap(seeded.last?["seq"] as? Int).description
        XCTAssertEqual(try app.send("POST", "/v1/topics/sheets/sections", #"{"key": "extra", "title": "Extra"}"#).status, 201)
        let created = try app.send("POST", "/v1/guidelines", #"{"id": "sheets.extra-one", "topic": "sheets", "section": "extra", "text": "One."}"#)
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/sheets.extra-one", #"{"text": "One, changed."}"#).status, 200)
        XCTAssertEqual(try app.delete("/v1/guidelines/sheets.mail-compose").status, 204)
        let id = try app.submitJob(Array(#"{"kind":"topic","slug":"fed-topic","category":"views","title":{"en":"Fed"},"summary":{},"sections":[{"key":"s","title":{"en":"S"},"guidelines":[{"id":"fed-topic.g","text":{"en":"G."}}]}]}"#.utf8) + [0x0a],
                                   query: "format=ndjson")
        XCTAssertEqual(try app.followJob(id).last?["status"] as? String, "succeeded")

        let entries = try follow(since: cursor, limit: 2)
        let seen = entries.map { "\($0["kind"] as? String ?? "?") \($0["resource"] as? String ?? "?") \($0["id"] as? String ?? "?")" }
        XCTAssertEqual(seen, [
            "created section sheets#extra", "updated topic sheets",
            "created guideline sheets.extra-one", "updated topic sheets",
            "updated guideline sheets.extra-one",
            "deleted guideline sheets.mail-compose", "updated topic sheets",
            "created topic fed-topic", "created section fed-topic#s", "created guideline fed-topic.g",
        ])
        let seqs = entries.compactMap { $0["seq"] as? Int }
        XCTAssertEqual(seqs, seqs.sorted())
        XCTAssertEqual(Set(seqs).count, seqs.count)
        XCTAssertEqual(entries.first?["token"] as? String, TokenAuthenticator.bootstrapName, "an API write records the token's name")
        XCTAssertNil(entries.last?["token"] as? String, "an import job runs without a token")
        // The entry's etag is the resource's version: If-Match with it works while nothing changed since.
        let updated = try XCTUnwrap(entries.first { ($0["kind"] as? String) == "updated" && ($0["id"] as? String) == "sheets.extra-one" })
        XCTAssertNil(entries.first { ($0["kind"] as? String) == "deleted" }?["etag"] as? String)
        let etag = try XCTUnwrap(updated["etag"] as? String)
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/sheets.extra-one", #"{"text": "Two."}"#, ifMatch: etag).status, 200)
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/sheets.extra-one", #"{"text": "Three."}"#, ifMatch: etag).status, 412)

        // Resuming from every cursor along the way sees exactly the rest.
        for (index, entry) in entries.enumerated() {
            let rest = try follow(since: String(try XCTUnwrap(entry["seq"] as? Int)), limit: 3).prefix(entries.count - index - 1)
            XCTAssertEqual(rest.compactMap { $0["seq"] as? Int }, Array(seqs.dropFirst(index + 1)))
        }
        let problem = try assertProblem(try app.get("/v1/changes?since=-1"), status: 400, parameter: "since")
        XCTAssertNotNil(problem["detail"])
    }
}
