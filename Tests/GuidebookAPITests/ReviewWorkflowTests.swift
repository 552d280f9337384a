import Foundation
import GuidebookCore
import GuidebookTestSupport
import SQLite
import XCTest

/// The review states through the API (docs/review.md): editors write drafts and translations, a
/// reviewer approves; an approved, current translation is changed only by a reviewer; an approved
/// one becomes outdated when the English changes and cannot be approved again until updated;
/// coverage, the work list, the change log and the translators' files carry the state; `--publish`
/// decides what readers see.
final class ReviewWorkflowTests: XCTestCase {
    private let id = "sheets.mail-compose"
    private var translation: String { "/v1/guidelines/\(id)/translations/ko" }

    private func token(_ app: TestApp, _ name: String, _ role: String) throws -> (String, String) {
        ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: name, role: role))")
    }

    private func state(_ app: TestApp) throws -> String? {
        try json(try app.get(translation))["state"] as? String
    }

    private func coverage(_ app: TestApp, topic: String? = nil) throws -> [String: Any] {
        let response = try app.get("/v1/translations/coverage" + (topic.map { "?topic=\($0)" } ?? ""))
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(items(try json(response)).first { ($0["locale"] as? String) == "ko" })
    }

    private func workList(_ app: TestApp, _ query: String) throws -> [String] {
        items(try json(try app.get("/v1/translations?locale=ko&limit=100&" + query))).compactMap { $0["guideline"] as? String }
    }

    func testEditorsWriteDraftsAndTranslationsAndOnlyReviewersApprove() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor"), reviewer = try token(app, "rev", "reviewer")
        let draftsBefore = try XCTUnwrap(try coverage(app)["draft"] as? Int)

        let draft = try app.send("PUT", translation, #"{"text": "메일 작성 시트 초안", "state": "draft"}"#, authorization: editor)
        XCTAssertEqual(draft.status, 200, draft.text)
        XCTAssertEqual(try json(draft)["state"] as? String, "draft")
        XCTAssertEqual(try coverage(app)["draft"] as? Int, draftsBefore + 1)
        XCTAssertEqual(try workList(app, "state=draft"), [id])

        // An editor cannot approve: 403 naming the role, and nothing changes.
        let refused = try assertProblem(try app.send("PUT", translation, #"{"text": "메일 작성 시트", "state": "approved"}"#, authorization: editor), status: 403)
        XCTAssertEqual(refused["required_role"] as? String, "reviewer")
        try assertProblem(try app.send("POST", translation + "/approve", "{}", authorization: editor), status: 403)
        XCTAssertEqual(try json(try app.get(translation))["text"] as? String, "메일 작성 시트 초안")
        XCTAssertEqual(try state(app), "draft")

        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트는 좋은 예입니다.", "state": "translated"}"#, authorization: editor).status, 200)
        XCTAssertEqual(try state(app), "translated")
        let approved = try app.send("POST", translation + "/approve", "", contentType: nil, authorization: reviewer)
        XCTAssertEqual(approved.status, 200, approved.text)
        XCTAssertEqual(try json(approved)["state"] as? String, "approved")
        XCTAssertEqual(try json(try app.get("/v1/guidelines/\(id)"))["translations"] as? [String: String], ["ko": "approved"])
        try assertProblem(try app.send("POST", translation + "/approve", "{}", authorization: reviewer), status: 409)

        // An approved, current translation: an editor neither changes nor deletes it.
        try assertProblem(try app.send("PUT", translation, #"{"text": "다른 번역"}"#, authorization: editor), status: 403)
        try assertProblem(try app.request("DELETE", translation, headers: [editor]), status: 403)
        try assertProblem(try app.send("POST", translation + "/unapprove", "{}", authorization: editor), status: 403)
        // The same text in the same state changes nothing, and is not refused.
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트는 좋은 예입니다."}"#, authorization: editor).status, 200)
        XCTAssertEqual(try state(app), "approved")

        // The change log carries each state.
        let changes = try Self.changes(app).filter { ($0["id"] as? String) == id && ($0["kind"] as? String) == "translation" }
        XCTAssertEqual(changes.map { $0["state"] as? String }, ["draft", "translated", "approved"])
        XCTAssertEqual(changes.map { $0["token"] as? String }, ["ed", "ed", "rev"])

        // The English changes: the approved translation is outdated too, and cannot be approved as it stands.
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "The Mail compose sheet is a good example."}"#).status, 200)
        XCTAssertEqual(try state(app), "outdated")
        XCTAssertEqual(try json(try app.get(translation))["review_state"] as? String, "approved")
        let outdated = try assertProblem(try app.send("POST", translation + "/approve", "{}", authorization: reviewer), status: 409)
        XCTAssertEqual(outdated["state"] as? String, "outdated")
        try assertProblem(try app.send("PUT", translation, #"{"text": "메일 작성 시트는 좋은 예입니다.", "state": "approved"}"#, authorization: reviewer),
                          status: 409)
        XCTAssertEqual(try workList(app, "state=outdated").filter { $0 == id }, [id])
        // Once outdated, any editor may update it; it is then waiting for review again.
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트는 좋은 예입니다!"}"#, authorization: editor).status, 200)
        XCTAssertEqual(try state(app), "translated")
        // A reviewer may write an approved translation at once, and take an approval back.
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트는 좋은 예입니다.", "state": "approved"}"#, authorization: reviewer).status, 200)
        XCTAssertEqual(try state(app), "approved")
        let unapproved = try app.send("POST", translation + "/unapprove", "", contentType: nil, authorization: reviewer)
        XCTAssertEqual(unapproved.status, 200, unapproved.text)
        XCTAssertEqual(try state(app), "translated")
        try assertProblem(try app.send("POST", translation + "/unapprove", "{}", authorization: reviewer), status: 409)
        // An admin counts as a reviewer.
        XCTAssertEqual(try app.send("POST", translation + "/approve", #"{"override_reason": "checked with the team"}"#).status, 200)
        XCTAssertEqual(try state(app), "approved")
    }

    /// Every entry of the change log, page by page.
    static func changes(_ app: TestApp) throws -> [[String: Any]] {
        var all: [[String: Any]] = []
        var since = "0"
        while true {
            let page = try app.get("/v1/changes?since=\(since)&limit=100").jsonObject()
            let entries = page["items"] as? [[String: Any]] ?? []
            all += entries
            guard entries.count == 100, let next = page["next"] as? String else { return all }
            since = next
        }
    }

    func testBadReviewInputIsRefusedAndChangesNothing() throws {
        let app = try makeTestApp()
        let reviewer = try token(app, "rev", "reviewer")
        let before = try app.get(translation).text
        try assertProblem(try app.send("PUT", translation, #"{"text": "x", "state": "final"}"#, authorization: reviewer), status: 422)
        try assertProblem(try app.send("POST", translation + "/approve", #"{"override_reason": "  "}"#, authorization: reviewer), status: 422)
        try assertProblem(try app.send("POST", translation + "/approve", #"{"reason": "x"}"#, authorization: reviewer), status: 422)
        try assertProblem(try app.send("POST", translation + "/approve", "[]", authorization: reviewer), status: 400)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/xx/approve", "{}", authorization: reviewer), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/nope/translations/ko/approve", "{}", authorization: reviewer), status: 404)
        try assertProblem(try app.send("POST", translation + "/approve", "{}", ifMatch: "\"0000000000000000\"", authorization: reviewer), status: 412)
        XCTAssertEqual(try app.get(translation).text, before)
        // A guideline without a Korean translation: nothing to approve.
        XCTAssertEqual(try app.send("POST", "/v1/guidelines", #"{"id": "sheets.new-one", "topic": "sheets", "section": "overview", "text": "New."}"#).status, 201)
        try assertProblem(try app.send("POST", "/v1/guidelines/sheets.new-one/translations/ko/approve", "{}", authorization: reviewer), status: 404)
        try assertProblem(try app.get("/v1/translations?locale=ko&state=final"), status: 400, parameter: "state")
        try assertProblem(try app.get("/v1/translations?locale=ko&has_open_comments=maybe"), status: 400, parameter: "has_open_comments")
        try assertProblem(try app.get("/v1/translations/coverage?topic=nope"), status: 400, parameter: "topic")
    }

    func testTopicAndSectionTranslationsHaveReviewStatesToo() throws {
        let app = try makeTestApp()
        let reviewer = try token(app, "rev", "reviewer"), editor = try token(app, "ed", "editor")
        let topic = "/v1/topics/sheets/translations/ko", section = "/v1/topics/sheets/sections/overview/translations/ko"
        XCTAssertEqual(try json(try app.send("PUT", topic, #"{"title": "시트", "state": "draft"}"#, authorization: editor))["state"] as? String, "draft")
        XCTAssertEqual(try json(try app.send("POST", topic + "/approve", "{}", authorization: reviewer))["state"] as? String, "approved")
        try assertProblem(try app.send("PUT", topic, #"{"title": "시트들"}"#, authorization: editor), status: 403)
        XCTAssertEqual(try json(try app.send("PUT", section, #"{"title": "개요"}"#, authorization: editor))["state"] as? String, "translated")
        let approved = try json(try app.send("POST", section + "/approve", "{}", authorization: reviewer))
        XCTAssertEqual(approved["state"] as? String, "approved")
        XCTAssertEqual(approved["review_state"] as? String, "approved")
        XCTAssertEqual(try json(try app.send("PATCH", "/v1/topics/sheets/sections/overview", #"{"title": "At a glance"}"#))["title"] as? String, "At a glance")
        try assertProblem(try app.send("POST", section + "/approve", "{}", authorization: reviewer), status: 409)
    }

    func testCoverageAndTheWorkListCountAndFilterByEveryState() throws {
        let app = try makeTestApp()
        let reviewer = try token(app, "rev", "reviewer")
        let topic = "sheets"
        let before = try coverage(app, topic: topic)
        let total = try XCTUnwrap(before["total"] as? Int)
        var sum = 0
        for state in ["missing", "outdated", "draft", "translated", "approved"] { sum += try XCTUnwrap(before[state] as? Int, state) }
        XCTAssertEqual(sum, total, "every guideline is in exactly one state")
        XCTAssertEqual(before["current"] as? Int, (before["draft"] as! Int) + (before["translated"] as! Int) + (before["approved"] as! Int))

        XCTAssertEqual(try app.send("POST", translation + "/approve", "{}", authorization: reviewer).status, 200)
        let after = try coverage(app, topic: topic)
        XCTAssertEqual(after["approved"] as? Int, (before["approved"] as! Int) + 1)
        XCTAssertEqual(after["translated"] as? Int, (before["translated"] as! Int) - 1)
        let topics = try XCTUnwrap(after["topics"] as? [[String: Any]])
        XCTAssertEqual(topics.map { $0["topic"] as? String }, [topic], "coverage of one topic lists that topic")
        XCTAssertEqual(topics.first?["approved"] as? Int, after["approved"] as? Int)

        XCTAssertEqual(try workList(app, "state=approved"), [id])
        XCTAssertTrue(try workList(app, "state=translated").contains("sheets.distinct-related-task"))
        XCTAssertFalse(try workList(app, "state=translated").contains(id))
        XCTAssertEqual(Set(try workList(app, "state=current")), Set(try workList(app, "state=draft,translated,approved")))
        let entry = try XCTUnwrap(items(try json(try app.get("/v1/translations?locale=ko&state=approved"))).first)
        XCTAssertEqual(entry["state"] as? String, "approved")
        XCTAssertEqual(entry["review_state"] as? String, "approved")
        XCTAssertEqual(entry["has_open_comments"] as? Bool, false)

        // The counts kept per topic equal a count from the text tables, also after a deletion and an import.
        XCTAssertEqual(try app.delete("/v1/guidelines/sheets.distinct-related-task").status, 204)
        try Self.assertCoverageMatchesAFullCount(app)
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/sheets.mail-compose", #"{"topic": "progress-indicators", "section": "activity-indicators"}"#).status, 200)
        try Self.assertCoverageMatchesAFullCount(app)
        XCTAssertEqual(try app.delete("/v1/topics/dark-mode").status, 204)
        try Self.assertCoverageMatchesAFullCount(app)
    }

    /// The coverage the API answers, per topic and state, equals one counted from the text tables
    /// directly with one aggregate query (no kept counts).
    static func assertCoverageMatchesAFullCount(_ app: TestApp, file: StaticString = #filePath, line: UInt = #line) throws {
        let database = try Database(path: app.guidebook.databasePath, mode: .readOnly)
        var counted: [String: Int] = [:]
        try database.forEachRow("""
            SELECT tp.slug, CASE WHEN t.guideline_id IS NULL THEN 'missing' WHEN t.source_revision IS NOT s.source_revision THEN 'outdated'
                                 ELSE t.review_state END, count(*)
            FROM guidelines g JOIN topics tp ON tp.id = g.topic_id JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = 'en'
            LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = 'ko' GROUP BY 1, 2
            """) { counted[$0.text(0) + " " + $0.text(1)] = $0.int(2) }
        let response = try app.get("/v1/translations/coverage")
        let korean = try XCTUnwrap(try XCTUnwrap(response.jsonObject()["items"] as? [[String: Any]]).first { ($0["locale"] as? String) == "ko" })
        var answered: [String: Int] = [:]
        for topic in korean["topics"] as? [[String: Any]] ?? [] {
            for state in ["missing", "outdated", "draft", "translated", "approved"] {
                if let n = topic[state] as? Int, n > 0 { answered["\(topic["topic"] as? String ?? "") \(state)"] = n }
            }
        }
        XCTAssertEqual(answered, counted, file: file, line: line)
        XCTAssertFalse(counted.isEmpty, file: file, line: line)
    }

    func testPublishingApprovedShowsReadersOnlyApprovedTranslations() throws {
        let app = try TestApp(publication: .approved)
        defer { app.stop() }
        let reviewer = try token(app, "rev", "reviewer")
        // Translated, not yet approved: readers get the English, marked as a fallback.
        var guideline = try json(try app.get("/v1/guidelines/\(id)?lang=ko"))
        XCTAssertEqual(guideline["fallback"] as? Bool, true)
        XCTAssertEqual(guideline["locale"] as? String, "en")
        XCTAssertEqual(guideline["translations"] as? [String: String], ["ko": "translated"])
        let english = try XCTUnwrap(guideline["text"] as? String)
        XCTAssertFalse(try app.get("/v1/guidelines/\(id).md?lang=ko").text.contains("메일"))
        XCTAssertFalse(try app.get("/embed/guidelines/\(id)?lang=ko").text.contains("메일"))
        // The translators' and reviewers' views still show it.
        XCTAssertTrue((try json(try app.get(translation))["text"] as? String ?? "").contains("메일"))

        XCTAssertEqual(try app.send("POST", translation + "/approve", "{}", authorization: reviewer).status, 200)
        guideline = try json(try app.get("/v1/guidelines/\(id)?lang=ko"))
        XCTAssertEqual(guideline["fallback"] as? Bool, false)
        XCTAssertNotEqual(guideline["text"] as? String, english)
        XCTAssertTrue(try app.get("/v1/guidelines/\(id).md?lang=ko").text.contains("메일"))
        let topic = try json(try app.get("/v1/topics/sheets?lang=ko"))
        let guidelines = (topic["sections"] as? [[String: Any]] ?? []).flatMap { $0["guidelines"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(guidelines.filter { $0["fallback"] as? Bool == false }.map { $0["id"] as? String }, [id], "only the approved one is in Korean")
        XCTAssertEqual(topic["fallback"] as? Bool, true, "the topic's own title is not approved")
    }

    func testPublishingTranslatedHidesDraftsOnly() throws {
        let app = try makeTestApp()
        XCTAssertEqual(try json(try app.get("/v1/guidelines/\(id)?lang=ko"))["fallback"] as? Bool, false)
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "초안입니다", "state": "draft"}"#).status, 200)
        let guideline = try json(try app.get("/v1/guidelines/\(id)?lang=ko"))
        XCTAssertEqual(guideline["fallback"] as? Bool, true)
        XCTAssertEqual(guideline["translations"] as? [String: String], ["ko": "draft"])
        let sideBySide = try json(try app.get("/v1/guidelines/\(id)?lang=en,ko"))
        XCTAssertEqual(sideBySide["missing_locales"] as? [String], ["ko"])
        XCTAssertFalse(try app.get("/v1/topics/sheets.md?lang=ko").text.contains("초안입니다"))
        // The backup bundle keeps the draft.
        XCTAssertTrue(try app.get("/v1/export").text.contains("초안입니다"))
    }

    func testTheTranslatorsFilesCarryTheState() throws {
        let app = try makeTestApp()
        let reviewer = try token(app, "rev", "reviewer")
        XCTAssertEqual(try app.send("POST", translation + "/approve", "{}", authorization: reviewer).status, 200)
        let draftID = "sheets.distinct-related-task"
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(draftID)/translations/ko", #"{"text": "초안", "state": "draft"}"#).status, 200)
        func file(_ format: String) throws -> String { try app.get("/v1/translations/export?locale=ko&topic=sheets&format=\(format)").text }
        func unit(_ text: String, _ start: String, _ end: String) -> String {
            guard let range = text.range(of: start) else { return "" }
            let rest = text[range.lowerBound...]
            return String(rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)])
        }
        let xliff2 = try file("xliff2")
        XCTAssertTrue(unit(xliff2, "<unit id=\"guideline:\(id)\"", "</unit>").contains("<segment state=\"final\">"))
        XCTAssertTrue(unit(xliff2, "<unit id=\"guideline:\(id)\"", "</unit>").contains("gb:state=\"approved\""))
        XCTAssertTrue(unit(xliff2, "<unit id=\"guideline:\(draftID)\"", "</unit>").contains("<segment state=\"initial\" subState=\"gb:draft\">"))
        let xliff12 = try file("xliff12")
        XCTAssertTrue(unit(xliff12, "<trans-unit id=\"guideline:\(id)\"", "</trans-unit>").contains("approved=\"yes\""))
        XCTAssertTrue(unit(xliff12, "<trans-unit id=\"guideline:\(id)\"", "</trans-unit>").contains("state=\"signed-off\""))
        XCTAssertTrue(unit(xliff12, "<trans-unit id=\"guideline:\(draftID)\"", "</trans-unit>").contains("state=\"needs-translation\""))
        XCTAssertTrue(unit(xliff12, "<trans-unit id=\"guideline:sheets.translate-dictionary\"", "</trans-unit>").contains("approved=\"no\""))
        let po = try file("po")
        XCTAssertTrue(unit(po, "#. state: draft", "msgstr").contains("msgctxt \"guideline:\(draftID)\""))
        XCTAssertTrue(unit(po, "#. state: draft", "msgstr").contains("#, fuzzy"))
        XCTAssertFalse(unit(po, "#. state: approved", "msgstr").contains("#, fuzzy"))
        // The export's filter takes every state.
        let onlyDraft = try app.get("/v1/translations/export?locale=ko&format=po&state=draft").text
        XCTAssertEqual(onlyDraft.components(separatedBy: "\nmsgctxt ").count - 1, 1)
    }
}
