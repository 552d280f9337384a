import Foundation
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// The bundle export is a backup (docs/review.md): each translation's review state and whether it
/// is outdated go with it (`states`, `outdated` beside the texts) and come back on import, on a
/// real database file through the API; a bundle without them imports as it always did; a bad
/// state is refused naming its field, and nothing is written.
final class BundleReviewStateTests: XCTestCase {
    private let approvedID = "sheets.mail-compose"
    private let draftID = "sheets.distinct-related-task"
    private let outdatedID = "sheets.translate-dictionary"
    private let section = "/v1/topics/progress-indicators/sections/activity-indicators/translations/ko"
    /// The units of the topic and the section (they have no route of their own to read a translation).
    private let topicUnit = ("sheets", "topic:sheets:title"), sectionUnit = ("progress-indicators", "section:progress-indicators:activity-indicators")

    private func translation(_ id: String) -> String { "/v1/guidelines/\(id)/translations/ko" }

    /// `state` and `review_state` of the translation at `path`.
    private func states(_ app: some GuidebookUnderTest, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let response = try app.get(path)
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        let object = try json(response)
        return [object["state"] as? String ?? "?", object["review_state"] as? String ?? "?"]
    }

    /// `state` and `review_state` of translation unit `unit.1` of topic `unit.0` (`GET /v1/translations/units`).
    private func states(_ app: some GuidebookUnderTest, unit: (String, String), file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let response = try app.get("/v1/translations/units?locale=ko&topic=\(unit.0)")
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        let units = (try json(response)["groups"] as? [[String: Any]] ?? []).flatMap { $0["units"] as? [[String: Any]] ?? [] }
        let found = try XCTUnwrap(units.first { $0["id"] as? String == unit.1 }, "no unit \(unit.1)", file: file, line: line)
        return [found["state"] as? String ?? "?", found["review_state"] as? String ?? "?"]
    }

    /// Imports `body` into `app` through the job API and returns the finished job.
    private func importBundle(_ app: some GuidebookUnderTest, _ body: [UInt8], format: String = "json",
                              file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let id = try app.submitJob(body, query: "format=\(format)", contentType: format == "json" ? "application/json" : "application/x-ndjson",
                                   file: file, line: line)
        return try XCTUnwrap(try app.followJob(id, seconds: 120).last, file: file, line: line)
    }

    /// The seed with one approved, one draft and one outdated (once approved) guideline translation,
    /// a draft topic translation and an approved section title.
    private func baseWithEveryState() throws -> TestApp {
        let app = try makeTestApp()
        XCTAssertEqual(try app.send("POST", translation(approvedID) + "/approve", #"{"override_reason": "test"}"#).status, 200)
        XCTAssertEqual(try app.send("PUT", translation(draftID), #"{"text": "초안입니다", "state": "draft"}"#).status, 200)
        XCTAssertEqual(try app.send("POST", translation(outdatedID) + "/approve", #"{"override_reason": "test"}"#).status, 200)
        let english = try XCTUnwrap(try json(try app.get("/v1/guidelines/\(outdatedID)"))["text"] as? String)
        let patch = try JSONSerialization.data(withJSONObject: ["text": english + " Changed."])
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(outdatedID)", String(decoding: patch, as: UTF8.self)).status, 200)
        XCTAssertEqual(try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트 초안", "summary": "요약 초안", "state": "draft"}"#).status, 200)
        XCTAssertEqual(try app.send("POST", section + "/approve", #"{"override_reason": "test"}"#).status, 200)
        return app
    }

    private func assertEveryState(_ app: some GuidebookUnderTest, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try states(app, translation(approvedID)), ["approved", "approved"], file: file, line: line)
        XCTAssertEqual(try states(app, translation(draftID)), ["draft", "draft"], file: file, line: line)
        XCTAssertEqual(try states(app, translation(outdatedID)), ["outdated", "approved"], file: file, line: line)
        XCTAssertEqual(try states(app, unit: topicUnit), ["draft", "draft"], file: file, line: line)
        XCTAssertEqual(try states(app, unit: sectionUnit), ["approved", "approved"], file: file, line: line)
    }

    func testExportThenImportIntoANewDatabaseKeepsEveryReviewState() throws {
        let source = try baseWithEveryState()
        try assertEveryState(source)
        let export = try source.get("/v1/export")
        XCTAssertEqual(export.status, 200)

        let restored = try makeTestApp(loadSeed: false)
        let job = try importBundle(restored, export.body)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        try assertEveryState(restored)
        // Every other translation is as it was: the export of the copy is the export it was made from.
        XCTAssertEqual(try restored.get("/v1/export").text, export.text)
        // And the same bundle again changes nothing (an outdated translation keeps its revision).
        let again = try importBundle(restored, export.body)
        let counts = try XCTUnwrap(again["result"] as? [String: Any])
        XCTAssertEqual((counts["translations"] as? [String: Any])?["updated"] as? Int, 0, "\(counts)")
        XCTAssertEqual((counts["topics"] as? [String: Any])?["updated"] as? Int, 0, "\(counts)")
        try assertEveryState(restored)
    }

    func testABundleWithoutStatesImportsEveryTranslationAsTranslated() throws {
        let source = try baseWithEveryState()
        // The same export as an older binary wrote it: no `states`, no `outdated`.
        var bundle = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try source.get("/v1/export").body)) as? [String: Any])
        var topics = try XCTUnwrap(bundle["topics"] as? [[String: Any]])
        for t in topics.indices {
            topics[t]["states"] = nil
            topics[t]["outdated"] = nil
            var sections = try XCTUnwrap(topics[t]["sections"] as? [[String: Any]])
            for s in sections.indices {
                sections[s]["states"] = nil
                sections[s]["outdated"] = nil
                sections[s]["guidelines"] = (sections[s]["guidelines"] as? [[String: Any]])?.map { $0.filter { $0.key == "id" || $0.key == "text" } }
            }
            topics[t]["sections"] = sections
        }
        bundle["topics"] = topics
        let old = try JSONSerialization.data(withJSONObject: bundle)
        XCTAssertFalse(String(decoding: old, as: UTF8.self).contains("\"states\""))

        let restored = try makeTestApp(loadSeed: false)
        XCTAssertEqual(try importBundle(restored, Array(old))["status"] as? String, "succeeded")
        for path in [translation(approvedID), translation(draftID), translation(outdatedID)] {
            XCTAssertEqual(try states(restored, path), ["translated", "translated"], path)
        }
        XCTAssertEqual(try states(restored, unit: topicUnit), ["translated", "translated"])
        XCTAssertEqual(try states(restored, unit: sectionUnit), ["translated", "translated"])
    }

    func testBadReviewStatesAreRefusedNamingTheFieldAndWriteNothing() throws {
        let app = try makeTestApp(loadSeed: false)
        func bundle(topic: String = "", guideline: String) -> [UInt8] {
            Array("""
                {"format": "guidebook-bundle", "version": 1, "categories": [{"slug": "views", "title": {"en": "Views"}}],
                 "topics": [{"slug": "sheets", "category": "views", "title": {"en": "Sheets", "ko": "시트"}, "summary": {"en": "S."}\(topic),
                   "sections": [{"key": "main", "title": {"en": "Main"}, "guidelines": [
                     {"id": "sheets.one", "text": {"en": "One.", "ko": "하나."}}, {"id": "sheets.two", "text": {"en": "Two.", "ko": "둘."}\(guideline)}]}]}]}
                """.utf8)
        }
        let path = "topics[0].sections[0].guidelines[1]"
        let cases: [(body: [UInt8], field: String, says: String)] = [
            (bundle(guideline: #", "states": {"ko": "final"}"#), "\(path).states.ko", "not a review state"),
            (bundle(guideline: #", "states": {"ko": "outdated"}"#), "\(path).states.ko", "not a review state"),
            (bundle(guideline: #", "states": {"en": "approved"}"#), "\(path).states.en", "source locale"),
            (bundle(guideline: #", "states": {"ja": "draft"}"#), "\(path).states.ja", "no 'ja' text"),
            (bundle(guideline: #", "outdated": ["en"]"#), "\(path).outdated[0]", "source locale"),
            (bundle(guideline: #", "outdated": ["ja"]"#), "\(path).outdated[0]", "no 'ja' text"),
            (bundle(guideline: #", "states": {"ko": 1}"#), "\(path).states.ko", "expected a string"),
            (bundle(topic: #", "states": {"ko": "checked"}"#, guideline: ""), "topics[0].states.ko", "not a review state"),
        ]
        for (body, field, says) in cases {
            let job = try importBundle(app, body)
            XCTAssertEqual(job["status"] as? String, "failed", "\(field): \(job)")
            let error = try XCTUnwrap(job["error"] as? [String: Any], "\(job)")
            XCTAssertEqual(error["field"] as? String, field, "\(error)")
            XCTAssertTrue((error["message"] as? String ?? "").contains(says), "\(error)")
        }
        // The same record as NDJSON (written a record at a time) is refused alike.
        let ndjson = Array(#"""
            {"kind": "category", "slug": "views", "title": {"en": "Views"}}
            {"kind": "topic", "slug": "sheets", "category": "views", "title": {"en": "Sheets"}, "summary": {}, "sections": [{"key": "main", "title": {"en": "Main", "ko": "본문"}, "states": {"ko": "done"}, "guidelines": []}]}
            """#.utf8)
        let job = try importBundle(app, ndjson, format: "ndjson")
        XCTAssertEqual(job["status"] as? String, "failed", "\(job)")
        XCTAssertEqual((job["error"] as? [String: Any])?["field"] as? String, "topic sheets.sections[0].states.ko", "\(job)")
        // Nothing was written.
        XCTAssertEqual(items(try json(try app.get("/v1/topics"))).count, 0)
        XCTAssertEqual(items(try json(try app.get("/v1/categories"))).count, 0)
    }
}
