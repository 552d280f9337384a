import Foundation
import GuidebookTestSupport
import XCTest

/// The translation workflow through the API alone: edit the English → the Korean becomes
/// outdated → coverage drops → the work list shows it → updating the Korean makes it current.
final class TranslationFlowTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func coverage(_ locale: String) throws -> [String: Any] {
        let response = try app.get("/v1/translations/coverage")
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(items(try json(response)).first { ($0["locale"] as? String) == locale }, "no coverage for \(locale)")
    }

    private func topicCounts(_ coverage: [String: Any], _ slug: String) -> [String: Any]? {
        (coverage["topics"] as? [[String: Any]])?.first { ($0["topic"] as? String) == slug }
    }

    func testEditingTheEnglishOutdatesTheKoreanUntilItIsUpdated() throws {
        let id = "progress-indicators.prefer-progress-bars"
        let before = try coverage("ko")
        let outdatedBefore = try XCTUnwrap(before["outdated"] as? Int)
        let currentBefore = try XCTUnwrap(before["current"] as? Int)
        XCTAssertEqual(try json(try app.get("/v1/guidelines/\(id)/translations/ko"))["state"] as? String, "translated")

        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "Prefer a progress bar whenever the remaining work is known."}"#).status, 200)
        let translation = try json(try app.get("/v1/guidelines/\(id)/translations/ko"))
        XCTAssertEqual(translation["state"] as? String, "outdated")
        XCTAssertEqual(try json(try app.get("/v1/guidelines/\(id)"))["translations"] as? [String: String], ["ko": "outdated"])

        let after = try coverage("ko")
        XCTAssertEqual(after["outdated"] as? Int, outdatedBefore + 1)
        XCTAssertEqual(after["current"] as? Int, currentBefore - 1)
        XCTAssertLessThan(try XCTUnwrap((after["percent"] as? [String: Any])?["current"] as? Double),
                          try XCTUnwrap((before["percent"] as? [String: Any])?["current"] as? Double))
        XCTAssertEqual(topicCounts(after, "progress-indicators")?["outdated"] as? Int, (topicCounts(before, "progress-indicators")?["outdated"] as? Int ?? 0) + 1)

        let work = try json(try app.get("/v1/translations?locale=ko&state=outdated&topic=progress-indicators"))
        let entry = try XCTUnwrap(items(work).first { ($0["guideline"] as? String) == id }, "the work list shows the outdated translation")
        XCTAssertEqual(entry["source_text"] as? String, "Prefer a progress bar whenever the remaining work is known.")
        XCTAssertTrue((entry["text"] as? String ?? "").contains("진행률 표시줄"), "with the stale translation")

        let searchBefore = try XCTUnwrap(try json(try app.get("/v1/search?q=%EC%96%B8%EC%A0%9C%EB%82%98&lang=ko"))["total"] as? Int)
        let updated = try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "남은 작업량을 알 수 있다면 언제나 진행률 표시줄을 쓰세요."}"#)
        XCTAssertEqual(updated.status, 200, updated.text)
        XCTAssertEqual(try json(updated)["state"] as? String, "translated")
        XCTAssertEqual(try coverage("ko")["current"] as? Int, currentBefore)
        XCTAssertFalse(items(try json(try app.get("/v1/translations?locale=ko&state=outdated"))).contains { ($0["guideline"] as? String) == id })
        XCTAssertEqual(try json(try app.get("/v1/search?q=%EC%96%B8%EC%A0%9C%EB%82%98&lang=ko"))["total"] as? Int, searchBefore + 1, "search sees the new Korean (언제나)")
    }

    func testTopicAndSectionTranslationsAndANewLocale() throws {
        let topic = try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트", "summary": "새 요약"}"#)
        XCTAssertEqual(topic.status, 200, topic.text)
        XCTAssertEqual(try json(topic)["state"] as? String, "translated")
        XCTAssertEqual(try app.send("PATCH", "/v1/topics/sheets", #"{"title": "Sheets (modal)"}"#).status, 200)
        let stale = try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트", "summary": "새 요약"}"#)
        XCTAssertEqual(try json(stale)["state"] as? String, "outdated", "the same Korean, unchanged, still translates the old English")
        let fresh = try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트(모달)", "summary": "새 요약"}"#)
        XCTAssertEqual(try json(fresh)["state"] as? String, "translated")

        let section = try app.send("PUT", "/v1/topics/sheets/sections/overview/translations/ko", #"{"title": "개요"}"#)
        XCTAssertEqual(section.status, 200, section.text)
        XCTAssertEqual(try json(section)["state"] as? String, "translated")
        XCTAssertEqual(try app.delete("/v1/topics/sheets/sections/overview/translations/ko").status, 204)
        try assertProblem(try app.delete("/v1/topics/sheets/sections/overview/translations/ko"), status: 404)
        try assertProblem(try app.send("PUT", "/v1/guidelines/sheets.mail-compose/translations/en", #"{"text": "x"}"#), status: 422)
        try assertProblem(try app.send("PUT", "/v1/guidelines/sheets.mail-compose/translations/xx", #"{"text": "x"}"#), status: 404)

        let editor = try app.send("POST", "/v1/locales", #"{"code": "ja", "name": "日本語"}"#)
        XCTAssertEqual(editor.status, 201, editor.text)
        XCTAssertEqual(try app.send("POST", "/v1/locales", #"{"code": "ja", "name": "日本語"}"#).status, 409)
        try assertProblem(try app.send("POST", "/v1/locales", #"{"code": "Japanese", "name": ""}"#), status: 422)
        XCTAssertTrue(items(try json(try app.get("/v1/locales"))).contains { ($0["code"] as? String) == "ja" })
        let japanese = try coverage("ja")
        XCTAssertEqual(japanese["current"] as? Int, 0)
        XCTAssertEqual((japanese["percent"] as? [String: Any])?["missing"] as? Double, 100)
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/sheets.mail-compose/translations/ja", #"{"text": "メール作成"}"#).status, 200)
        XCTAssertEqual(try coverage("ja")["current"] as? Int, 1)
        XCTAssertEqual(items(try json(try app.get("/v1/translations?locale=ja&state=current"))).map { $0["guideline"] as? String }, ["sheets.mail-compose"])
        try assertProblem(try app.get("/v1/translations?locale=en"), status: 400, parameter: "locale")
        try assertProblem(try app.get("/v1/translations?locale=ko&state=stale"), status: 400, parameter: "state")
    }
}
