import Foundation
import GuidebookTestSupport
import XCTest

/// `GET /v1/translations/coverage` reuses the entries of its last full answer where a topic and its
/// counts are unchanged (`CoverageRendering`). Whatever changed in between, the full answer must say
/// what each topic's own answer (`?topic=`, always written afresh) says, in the topic list's order,
/// and what a count over the text tables gives.
final class CoverageAnswerTests: XCTestCase {
    func testTheFullAnswerAgreesWithEachTopicsOwnAnswerAfterEveryKindOfChange() throws {
        let app = try makeTestApp()
        defer { app.stop() }
        try assertAgrees(app, "at first")
        try assertAgrees(app, "asked again, unchanged")

        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/sheets.mail-compose/translations/ko", #"{"text": "메일 작성 시트", "state": "draft"}"#).status, 200)
        try assertAgrees(app, "after a translation's state changed")
        XCTAssertEqual(try app.delete("/v1/guidelines/sheets.distinct-related-task/translations/ko").status, 204)
        try assertAgrees(app, "after a translation was deleted")
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/popovers.arrow-to-origin", #"{"text": "Keep a popover short and to the point."}"#).status, 200)
        try assertAgrees(app, "after the English changed (its translation now outdated)")

        let created = try app.send("POST", "/v1/topics", #"{"slug": "alerts", "category": "app-architecture", "title": "Alerts", "summary": "Short messages that need an answer."}"#)
        XCTAssertEqual(created.status, 201, created.text)
        try assertAgrees(app, "after a topic was added in the middle of the list")
        // A slug never changes; the nearest thing is a topic deleted and made again elsewhere.
        XCTAssertEqual(try app.delete("/v1/topics/labels").status, 204)
        let remade = try app.send("POST", "/v1/topics", #"{"slug": "labels", "category": "overview", "title": "Labels", "summary": "Made again."}"#)
        XCTAssertEqual(remade.status, 201, remade.text)
        try assertAgrees(app, "after a topic was made again at another place")
        XCTAssertEqual(try app.send("PATCH", "/v1/topics/materials", #"{"category": "overview"}"#).status, 200)
        try assertAgrees(app, "after a topic moved to another category")
        XCTAssertEqual(try app.delete("/v1/topics/dark-mode").status, 204)
        try assertAgrees(app, "after a topic was deleted")
        XCTAssertEqual(try app.send("POST", "/v1/locales", #"{"code": "ja", "name": "日本語"}"#).status, 201)
        try assertAgrees(app, "after a locale was added")
    }

    /// The full answer's entries, locale by locale, equal each topic's own answer; its topics are the
    /// topic list's, in its order; its counts are a full count's.
    private func assertAgrees(_ app: TestApp, _ moment: String, line: UInt = #line) throws {
        let full = try XCTUnwrap(try app.get("/v1/translations/coverage").jsonObject()["items"] as? [[String: Any]], moment, line: line)
        let listed = try XCTUnwrap(try app.get("/v1/topics?limit=100").jsonObject()["items"] as? [[String: Any]], line: line).compactMap { $0["slug"] as? String }
        XCTAssertFalse(full.isEmpty, moment, line: line)
        for locale in full {
            let code = try XCTUnwrap(locale["locale"] as? String, line: line)
            let topics = try XCTUnwrap(locale["topics"] as? [[String: Any]], line: line)
            XCTAssertEqual(topics.map { $0["topic"] as? String }, listed, "\(moment): \(code)'s topics in the topic list's order", line: line)
            for entry in topics {
                let slug = try XCTUnwrap(entry["topic"] as? String, line: line)
                let own = try XCTUnwrap(try app.get("/v1/translations/coverage?topic=\(slug)").jsonObject()["items"] as? [[String: Any]], line: line)
                let ownLocale = try XCTUnwrap(own.first { ($0["locale"] as? String) == code }, line: line)
                let ownEntry = try XCTUnwrap((ownLocale["topics"] as? [[String: Any]])?.first, line: line)
                XCTAssertEqual(entry as NSDictionary, ownEntry as NSDictionary, "\(moment): \(code) \(slug)", line: line)
            }
        }
        try ReviewWorkflowTests.assertCoverageMatchesAFullCount(app, line: line)
    }
}
