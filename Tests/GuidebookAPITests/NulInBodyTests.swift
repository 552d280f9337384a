import Foundation
import GuidebookTestSupport
import XCTest

/// `\u0000` in a JSON body is text, not a terminator: where it may stand (a title, a guideline's
/// text in an import) it is stored whole; where it may not (an id, a slug, a webhook address) the
/// request is refused and nothing is created under the part before it.
final class NulInBodyTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    func testANulInAnIdOrSlugIsRefusedAndNothingIsCreatedUnderThePartBeforeIt() throws {
        let topic = try app.send("POST", "/v1/topics", #"{"slug": "nul-t\u0000x", "category": "views", "title": "T", "summary": "S"}"#)
        XCTAssertGreaterThanOrEqual(topic.status, 400, topic.text)
        XCTAssertLessThan(topic.status, 500, topic.text)
        XCTAssertEqual(try app.get("/v1/topics/nul-t").status, 404, "no topic under the part before the NUL")
        let guideline = try app.send("POST", "/v1/guidelines", #"{"id": "sheets.nul\u0000x", "topic": "sheets", "section": "overview", "text": "x"}"#)
        XCTAssertGreaterThanOrEqual(guideline.status, 400, guideline.text)
        XCTAssertLessThan(guideline.status, 500, guideline.text)
        XCTAssertEqual(try app.get("/v1/guidelines/sheets.nul").status, 404)
        let hook = try app.send("POST", "/v1/webhooks", #"{"url": "https://93.184.216.34/\u0000@127.0.0.1/", "events": ["content.changed"]}"#)
        XCTAssertGreaterThanOrEqual(hook.status, 400, hook.text)
        XCTAssertLessThan(hook.status, 500, hook.text)
        XCTAssertTrue(hook.text.contains("control character"), hook.text)
    }

    func testANulInATitleIsStoredWhole() throws {
        let etag = try XCTUnwrap(try app.get("/v1/topics/sheets").header("ETag"))
        let patched = try app.send("PATCH", "/v1/topics/sheets", #"{"title": "Sheets\u0000and more"}"#, ifMatch: etag)
        XCTAssertEqual(patched.status, 200, patched.text)
        let title = try app.get("/v1/topics/sheets?lang=en").jsonObject()["title"]
        XCTAssertEqual((title as? String) ?? ((title as? [String: Any])?["en"] as? String), "Sheets\u{0}and more", "\(String(describing: title))")
    }

    func testANulInAnImportedTextIsStoredWholeOrTheRecordRefused() throws {
        let record = #"{"kind": "topic", "slug": "nul-import", "category": "views", "title": {"en": "Nul import"}, "summary": {"en": "S"}, "#
            + #""sections": [{"key": "s", "title": {"en": "S"}, "guidelines": [{"id": "nul-import.g", "text": {"en": "Kept\u0000whole"}}]}]}"#
        let id = try app.submitJob(Array((record + "\n").utf8), query: "format=ndjson")
        let final = try XCTUnwrap(try app.followJob(id).last)
        switch final["status"] as? String {
        case "succeeded":
            let text = try app.get("/v1/guidelines/nul-import.g").jsonObject()["text"]
            XCTAssertEqual((text as? String) ?? ((text as? [String: Any])?["en"] as? String), "Kept\u{0}whole", "stored whole")
        case "failed":
            XCTAssertEqual((final["error"] as? [String: Any])?["line"] as? Int, 1, "refused with its line: \(final)")
            XCTAssertEqual(try app.get("/v1/guidelines/nul-import.g").status, 404)
        default:
            XCTFail("\(final)")
        }
    }
}
