import Foundation
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// Editing through the API, in-process on a real SQLite file with the seed: create, replace,
/// merge-patch and delete topics, sections and guidelines; validation; ETags and `If-Match`;
/// search and reads seeing a write at once.
final class EditingAPITests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func invalidNames(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let problem = try assertProblem(response, status: 422, file: file, line: line)
        let params = try XCTUnwrap(problem["invalid_params"] as? [[String: Any]], "no invalid_params in \(problem)", file: file, line: line)
        for param in params { XCTAssertFalse((param["reason"] as? String ?? "").isEmpty, file: file, line: line) }
        return Set(params.compactMap { $0["name"] as? String })
    }

    private func searchTotal(_ query: String) throws -> Int {
        let response = try app.get("/v1/search?q=\(query)")
        XCTAssertEqual(response.status, 200, response.text)
        return try json(response)["total"] as? Int ?? -1
    }

    func testGuidelineLifecycleIsSeenByReadsAndSearchAtOnce() throws {
        XCTAssertEqual(try searchTotal("zorbulating"), 0)
        let created = try app.send("POST", "/v1/guidelines", """
            {"id": "progress-indicators.zorbulate", "topic": "progress-indicators", "section": "progress-bars",
             "text": "Avoid zorbulating the progress bar.", "position": 0}
            """)
        XCTAssertEqual(created.status, 201, created.text)
        XCTAssertEqual(created.header("Location"), "/v1/guidelines/progress-indicators.zorbulate")
        let etag = try XCTUnwrap(created.header("ETag"))
        XCTAssertEqual(try json(created)["position"] as? Int, 0)

        let read = try app.get("/v1/guidelines/progress-indicators.zorbulate")
        XCTAssertEqual(read.status, 200)
        XCTAssertEqual(read.header("ETag"), etag, "a GET of the same representation has the write's ETag")
        XCTAssertEqual(try app.get("/v1/guidelines/progress-indicators.zorbulate", headers: [("If-None-Match", etag)]).status, 304)
        XCTAssertEqual(try searchTotal("zorbulating"), 1, "search sees the new guideline as soon as the write returned")

        let replaced = try app.send("PUT", "/v1/guidelines/progress-indicators.zorbulate", """
            {"topic": "progress-indicators", "section": "progress-bars", "text": "Never frobnicate the progress bar."}
            """, ifMatch: etag)
        XCTAssertEqual(replaced.status, 200, replaced.text)
        let etag2 = try XCTUnwrap(replaced.header("ETag"))
        XCTAssertNotEqual(etag2, etag)
        XCTAssertEqual(try json(replaced)["revision"] as? Int, 2)
        XCTAssertEqual(try searchTotal("zorbulating"), 0)
        XCTAssertEqual(try searchTotal("frobnicate"), 1)

        let patched = try app.send("PATCH", "/v1/guidelines/progress-indicators.zorbulate", #"{"section": "activity-indicators"}"#, ifMatch: etag2)
        XCTAssertEqual(patched.status, 200, patched.text)
        let moved = try json(patched)
        XCTAssertEqual(moved["section"] as? String, "activity-indicators")
        XCTAssertEqual((moved["text"] as? String), "Never frobnicate the progress bar.", "a merge patch keeps what it does not name")

        XCTAssertEqual(try app.delete("/v1/guidelines/progress-indicators.zorbulate", ifMatch: etag2).status, 412, "a stale ETag cannot delete")
        let deleted = try app.delete("/v1/guidelines/progress-indicators.zorbulate", ifMatch: patched.header("ETag"))
        XCTAssertEqual(deleted.status, 204, deleted.text)
        try assertProblem(try app.get("/v1/guidelines/progress-indicators.zorbulate"), status: 404)
        XCTAssertEqual(try searchTotal("frobnicate"), 0)
    }

    func testTheSecondOfTwoEditsFromTheSameETagGets412AndTheFirstStays() throws {
        let target = "/v1/guidelines/progress-indicators.prefer-progress-bars"
        let etag = try XCTUnwrap(try app.get(target).header("ETag"))
        let first = try app.send("PATCH", target, #"{"text": "First editor's text."}"#, ifMatch: etag)
        XCTAssertEqual(first.status, 200, first.text)
        let second = try app.send("PATCH", target, #"{"text": "Second editor's text."}"#, ifMatch: etag)
        try assertProblem(second, status: 412)
        XCTAssertEqual(try json(try app.get(target))["text"] as? String, "First editor's text.")
        // Any representation's ETag carries the version: the Korean one works for If-Match too.
        let korean = try XCTUnwrap(try app.get(target + "?lang=ko").header("ETag"))
        XCTAssertNotEqual(korean, first.header("ETag"))
        XCTAssertEqual(try app.send("PATCH", target, #"{"text": "Third."}"#, ifMatch: korean).status, 200)
        XCTAssertEqual(try app.send("PATCH", target, #"{"text": "Fourth."}"#, ifMatch: "*").status, 200)
        XCTAssertEqual(try app.send("PATCH", target, #"{"text": "Fifth."}"#, ifMatch: "W/" + korean).status, 412, "a weak tag never matches If-Match")
    }

    func testValidationListsEveryInvalidFieldAndChangesNothing() throws {
        let before = try app.get("/v1/changes").text
        let response = try app.send("POST", "/v1/guidelines", """
            {"id": "Bad Id!", "topic": "no-such-topic", "text": 42, "colour": "red", "position": -1}
            """)
        XCTAssertEqual(try invalidNames(response), ["id", "topic", "text", "colour", "position"])

        let topic = try app.send("POST", "/v1/topics", #"{"slug": "x y", "category": "nope", "title": "   ", "summary": "\#(String(repeating: "a", count: 20_001))"}"#)
        XCTAssertEqual(try invalidNames(topic), ["slug", "category", "title", "summary"])
        XCTAssertEqual(try app.get("/v1/changes").text, before, "a refused write leaves no trace")

        let nulling = try app.send("PATCH", "/v1/guidelines/sheets.mail-compose", #"{"text": null, "topic": null}"#)
        XCTAssertEqual(try invalidNames(nulling), ["text", "topic"] as Set<String>)
        XCTAssertEqual(try app.get("/v1/guidelines/sheets.mail-compose").status, 200)
        XCTAssertFalse((try json(try app.get("/v1/guidelines/sheets.mail-compose"))["text"] as? String ?? "").isEmpty)
    }

    func testMediaTypesAndPreconditions() throws {
        let target = "/v1/guidelines/sheets.mail-compose"
        try assertProblem(try app.send("PATCH", target, #"{"text": "x"}"#, contentType: "application/json"), status: 415)
        try assertProblem(try app.send("PUT", target, #"{"text": "x"}"#, contentType: "text/plain"), status: 415)
        try assertProblem(try app.send("PUT", target, "{\"text\": \"a\", \"text\": \"b\"}"), status: 400)
        try assertProblem(try app.send("PUT", target, "[1]"), status: 400)
        try assertProblem(try app.send("PUT", "/v1/guidelines/no-such", #"{"topic": "sheets", "section": "overview", "text": "x"}"#), status: 404)
        try assertProblem(try app.send("PUT", "/v1/guidelines/no-such", #"{"topic": "sheets", "section": "overview", "text": "x"}"#, ifMatch: "*"), status: 412)
        try assertProblem(try app.send("POST", "/v1/guidelines", #"{"id": "sheets.mail-compose", "topic": "sheets", "section": "overview", "text": "x"}"#), status: 409)

        let strict = try TestApp(configure: { $0.requireIfMatch = true })
        defer { strict.stop() }
        try assertProblem(try strict.send("PATCH", target, #"{"text": "x"}"#), status: 428)
        let etag = try XCTUnwrap(try strict.get(target).header("ETag"))
        XCTAssertEqual(try strict.send("PATCH", target, #"{"text": "x"}"#, ifMatch: etag).status, 200)
    }

    func testTopicsAndSectionsAndReorder() throws {
        let topic = try app.send("POST", "/v1/topics", #"{"slug": "toolbars", "category": "controls", "title": "Toolbars", "summary": "Bars of tools."}"#)
        XCTAssertEqual(topic.status, 201, topic.text)
        XCTAssertEqual(topic.header("Location"), "/v1/topics/toolbars")
        let section = try app.send("POST", "/v1/topics/toolbars/sections", #"{"key": "basics", "title": "Basics"}"#)
        XCTAssertEqual(section.status, 201, section.text)
        XCTAssertEqual(section.header("Location"), "/v1/topics/toolbars/sections/basics")
        for (index, word) in ["first", "second", "third"].enumerated() {
            let made = try app.send("POST", "/v1/guidelines", #"{"id": "toolbars.\#(word)", "topic": "toolbars", "section": "basics", "text": "The \#(word) rule."}"#)
            XCTAssertEqual(made.status, 201, made.text)
            XCTAssertEqual(try json(made)["position"] as? Int, index)
        }
        let sectionETag = try XCTUnwrap(try app.get("/v1/topics/toolbars/sections/basics").header("ETag"))
        let bad = try app.send("PUT", "/v1/topics/toolbars/sections/basics/order", #"{"guidelines": ["toolbars.third", "toolbars.first"]}"#)
        XCTAssertEqual(try invalidNames(bad), ["guidelines"])
        let reordered = try app.send("PUT", "/v1/topics/toolbars/sections/basics/order",
                                     #"{"guidelines": ["toolbars.third", "toolbars.first", "toolbars.second"]}"#, ifMatch: sectionETag)
        XCTAssertEqual(reordered.status, 200, reordered.text)
        let detail = try json(try app.get("/v1/topics/toolbars"))
        let sections = try XCTUnwrap(detail["sections"] as? [[String: Any]])
        XCTAssertEqual((sections.first?["guidelines"] as? [[String: Any]])?.compactMap { $0["id"] as? String },
                       ["toolbars.third", "toolbars.first", "toolbars.second"])

        let renamed = try app.send("PATCH", "/v1/topics/toolbars", #"{"title": "Tool bars", "category": "no-such"}"#)
        XCTAssertEqual(try invalidNames(renamed), ["category"])
        let retitled = try app.send("PATCH", "/v1/topics/toolbars", #"{"title": "Tool bars", "summary": null}"#)
        XCTAssertEqual(retitled.status, 200, retitled.text)
        XCTAssertEqual(try json(retitled)["title"] as? String, "Tool bars")
        XCTAssertEqual(try searchTotal("Tool%20bars"), 1)

        XCTAssertEqual(try app.delete("/v1/topics/toolbars/sections/basics").status, 204)
        try assertProblem(try app.get("/v1/guidelines/toolbars.first"), status: 404)
        XCTAssertEqual(try searchTotal("rule"), 0)
        XCTAssertEqual(try app.delete("/v1/topics/toolbars").status, 204)
        try assertProblem(try app.get("/v1/topics/toolbars"), status: 404)
    }
}
