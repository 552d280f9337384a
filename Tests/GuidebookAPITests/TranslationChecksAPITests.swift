import Foundation
import GuidebookTestSupport
import XCTest

/// The quality checks through the API: a translation written through `PUT` or an import job is
/// checked in the same write, its findings (with their fix and corrected text) are listed per
/// translation, per topic and overall with counts, and bad parameters are problems.
final class TranslationChecksAPITests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    override func tearDown() {
        app?.stop()
        app = nil
    }

    private func findings(_ object: [String: Any], key: String = "findings") -> [String] {
        (object[key] as? [[String: Any]] ?? []).map { "\($0["check"] as? String ?? "") \($0["found"] as? String ?? "")→\($0["fix"] as? String ?? "")" }
    }

    private func counts(_ object: [String: Any]) -> (total: Int, errors: Int, byCheck: [String: Int]) {
        let counts = object["counts"] as? [String: Any] ?? [:]
        return (counts["total"] as? Int ?? -1, (counts["by_severity"] as? [String: Any])?["error"] as? Int ?? -1,
                counts["by_check"] as? [String: Int] ?? [:])
    }

    func testATranslationWrittenThroughTheAPIIsCheckedAndItsFindingsCarryTheirFix() throws {
        let id = "sheets.mail-compose"
        let clean = try json(try app.get("/v1/guidelines/\(id)/translations/ko/checks"))
        XCTAssertEqual(clean["guideline"] as? String, id)
        XCTAssertEqual(findings(clean), [], "the seed's translation has nothing")
        XCTAssertEqual(counts(clean).total, 0)

        let written = try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바이 보이며 시트을 닫으려면 {done}을 탭합니다"}"#)
        XCTAssertEqual(written.status, 200, written.text)
        let checked = try json(try app.get("/v1/guidelines/\(id)/translations/ko/checks"))
        XCTAssertEqual(findings(checked), ["placeholders {done}→", "end_punctuation →.", "particles 툴바이→툴바가", "particles 시트을→시트를"])
        XCTAssertEqual(counts(checked).errors, 3)
        XCTAssertEqual(counts(checked).byCheck, ["placeholders": 1, "end_punctuation": 1, "particles": 2])
        let particle = try XCTUnwrap((checked["findings"] as? [[String: Any]])?.last)
        XCTAssertEqual(particle["severity"] as? String, "error")
        XCTAssertEqual(particle["corrected_text"] as? String, "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바이 보이며 시트를 닫으려면 {done}을 탭합니다")
        XCTAssertEqual(particle["offset"] as? Int, 34)
        XCTAssertEqual((particle["links"] as? [String: String])?["translation"], "/v1/guidelines/\(id)/translations/ko")

        // Fixed with what the findings offer: nothing is left.
        let fixed = try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바가 보이며 시트를 닫으려면 완료를 탭합니다."}"#)
        XCTAssertEqual(fixed.status, 200, fixed.text)
        XCTAssertEqual(findings(try json(try app.get("/v1/guidelines/\(id)/translations/ko/checks"))), [])
    }

    func testTopicAndSectionTranslationsAreCheckedToo() throws {
        XCTAssertEqual(try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트", "summary": "시트은 사용자가 현재 맥락을 떠나지 않고도 상위 뷰와 관련된 별도의 작업을 할 수 있게 해 줍니다"}"#).status, 200)
        let topic = try json(try app.get("/v1/topics/sheets/translations/ko/checks"))
        XCTAssertEqual(topic["topic"] as? String, "sheets")
        XCTAssertEqual(findings(topic), ["end_punctuation →.", "particles 시트은→시트는"])
        XCTAssertEqual((topic["findings"] as? [[String: Any]])?.map { $0["field"] as? String }, ["summary", "summary"])

        XCTAssertEqual(try app.send("PUT", "/v1/topics/progress-indicators/sections/activity-indicators/translations/ko", #"{"title": "Activity Indicators"}"#).status, 200)
        let section = try json(try app.get("/v1/topics/progress-indicators/sections/activity-indicators/translations/ko/checks"))
        XCTAssertEqual(section["section"] as? String, "activity-indicators")
        XCTAssertEqual(findings(section), ["unchanged →", "glossary_missing →활동 표시기"])
    }

    func testListsArePagedFilteredAndCounted() throws {
        for id in ["sheets.mail-compose", "sheets.translate-dictionary", "sheets.distinct-related-task"] {
            XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "시트을 사용하세요"}"#).status, 200)
        }
        let topic = try json(try app.get("/v1/topics/sheets/checks?locale=ko&limit=2"))
        XCTAssertEqual(topic["topic"] as? String, "sheets")
        XCTAssertEqual(items(topic).count, 2)
        let topicCounts = counts(topic)
        XCTAssertEqual(topicCounts.byCheck["particles"], 3)
        XCTAssertEqual(topicCounts.byCheck["end_punctuation"], 3)
        // Every page, through `next`, holds each finding once, in id order, and as many as counted.
        var seen: [Int] = []
        var target: String? = "/v1/topics/sheets/checks?locale=ko&limit=2"
        while let next = target {
            let page = try app.get(next)
            XCTAssertEqual(page.status, 200, page.text)
            let body = try json(page)
            seen += items(body).compactMap { $0["id"] as? Int }
            target = (body["next"] as? String).map { "/v1/topics/sheets/checks?locale=ko&limit=2&cursor=\($0)" }
            if target != nil { XCTAssertNotNil(page.header("Link")) }
        }
        XCTAssertEqual(seen, seen.sorted())
        XCTAssertEqual(Set(seen).count, seen.count)
        XCTAssertEqual(seen.count, topicCounts.total)

        let errors = try json(try app.get("/v1/checks?locale=ko&severity=error&limit=100"))
        XCTAssertEqual(items(errors).count, 3)
        XCTAssertTrue(items(errors).allSatisfy { $0["check"] as? String == "particles" })
        XCTAssertGreaterThanOrEqual(counts(errors).total, 6, "counts are of everything, whatever the filters")
        let punctuation = try json(try app.get("/v1/checks?check=end_punctuation&topic=sheets"))
        XCTAssertEqual(items(punctuation).count, 3)
        XCTAssertEqual(counts(try json(try app.get("/v1/checks"))).total, counts(try json(try app.get("/v1/checks?locale=ko"))).total)
    }

    func testAnImportJobIsCheckedInItsTransaction() throws {
        let topic = #"{"kind": "topic", "slug": "checked-import", "category": "views", "title": {"en": "Checked import", "ko": "검사된 가져오기"}, "summary": {"en": "", "ko": ""}, "sections": [{"key": "overview", "title": {}, "guidelines": [{"id": "checked-import.one", "text": {"en": "Open the menu with %@.", "ko": "메뉴으로 이동하세요."}}]}]}"#
        let job = try app.submitJob(Array((topic + "\n").utf8), query: "format=ndjson")
        XCTAssertEqual(try app.followJob(job).last?["status"] as? String, "succeeded")
        let checked = try json(try app.get("/v1/guidelines/checked-import.one/translations/ko/checks"))
        XCTAssertEqual(findings(checked), ["placeholders →%@", "particles 메뉴으로→메뉴로"])
        XCTAssertEqual(counts(try json(try app.get("/v1/topics/checked-import/checks"))).total, 2)
    }

    func testBadParametersAreProblemsAndChangeNothing() throws {
        try assertProblem(try app.get("/v1/guidelines/nope/translations/ko/checks"), status: 404)
        try assertProblem(try app.get("/v1/guidelines/sheets.mail-compose/translations/xx/checks"), status: 404)
        try assertProblem(try app.get("/v1/guidelines/sheets.mail-compose/translations/en/checks"), status: 404)
        try assertProblem(try app.get("/v1/topics/nope/translations/ko/checks"), status: 404)
        try assertProblem(try app.get("/v1/topics/sheets/sections/nope/translations/ko/checks"), status: 404)
        try assertProblem(try app.get("/v1/topics/nope/checks"), status: 404)
        try assertProblem(try app.get("/v1/checks?topic=nope"), status: 400, parameter: "topic")
        try assertProblem(try app.get("/v1/checks?check=spelling"), status: 400, parameter: "check")
        try assertProblem(try app.get("/v1/checks?severity=fatal"), status: 400, parameter: "severity")
        try assertProblem(try app.get("/v1/checks?locale=en"), status: 400, parameter: "locale")
        try assertProblem(try app.get("/v1/checks?cursor=bogus"), status: 400, parameter: "cursor")
        try assertProblem(try app.get("/v1/checks?limit=0"), status: 400, parameter: "limit")
        let cursor = try XCTUnwrap(try json(try app.get("/v1/checks?limit=1"))["next"] as? String)
        try assertProblem(try app.get("/v1/checks?locale=ko&limit=1&cursor=\(cursor)"), status: 400, parameter: "cursor")
    }
}
