import Foundation
import GuidebookTestSupport
import XCTest

/// The history of texts through the API: every version with who, when, its state and the English
/// revision it translated; word and syllable diffs; revert as an edit with `If-Match` and the
/// review rules; refusals that change nothing.
final class HistoryTests: XCTestCase {
    private let id = "sheets.mail-compose"
    private var translation: String { "/v1/guidelines/\(id)/translations/ko" }

    private func token(_ app: TestApp, _ name: String, _ role: String) throws -> (String, String) {
        ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: name, role: role))")
    }

    private func history(_ app: TestApp, _ path: String) throws -> [[String: Any]] {
        let response = try app.get(path)
        XCTAssertEqual(response.status, 200, response.text)
        return items(try json(response))
    }

    private func etag(_ app: TestApp) throws -> String {
        try XCTUnwrap(try app.get("/v1/guidelines/\(id)").header("ETag"))
    }

    func testEveryVersionOfATranslationWithWhoWhenStateAndEnglishRevision() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor"), reviewer = try token(app, "rev", "reviewer")
        let seeded = try XCTUnwrap(try history(app, translation + "/history").first)
        XCTAssertEqual(seeded["version"] as? Int, 1)
        XCTAssertEqual(seeded["current"] as? Bool, true)
        XCTAssertTrue(seeded["changed_by"] is NSNull, "the seed was loaded without a token")

        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트을 쓰세요.", "state": "draft"}"#, authorization: editor).status, 200)
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "메일 작성 시트를 쓰세요."}"#, authorization: editor).status, 200)
        XCTAssertEqual(try app.send("POST", translation + "/approve", "{}", authorization: reviewer).status, 200)
        let versions = try history(app, translation + "/history")
        XCTAssertEqual(versions.map { $0["version"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(versions.map { $0["state"] as? String }, ["translated", "draft", "translated", "approved"])
        XCTAssertEqual(versions.map { $0["changed_by"] as? String }, [nil, "ed", "ed", "rev"])
        XCTAssertEqual(versions.map { $0["action"] as? String }, [nil, nil, nil, "approved"])
        XCTAssertEqual(versions.map { $0["current"] as? Bool }, [false, false, false, true])
        XCTAssertEqual(versions.map { $0["source_revision"] as? Int }, [1, 1, 1, 1])
        XCTAssertEqual((versions[2]["fields"] as? [String: String])?["text"], "메일 작성 시트를 쓰세요.")
        XCTAssertNotNil(versions.last?["changed_at"] as? String)

        // The diff of version 3 against 2: one syllable, the particle.
        let diff = try json(try app.get(translation + "/history/3/diff"))
        XCTAssertEqual(diff["against"] as? Int, 2)
        let pieces = try XCTUnwrap((diff["fields"] as? [String: Any])?["text"] as? [[String: String]])
        XCTAssertEqual(pieces.map { [$0["op"]!, $0["text"]!] }, [["equal", "메일 작성 시트"], ["delete", "을"], ["insert", "를"], ["equal", " 쓰세요."]])

        // The English has its own history, revision by revision, diffed by words.
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "In Mail, people compose a new email in a sheet."}"#).status, 200)
        let english = try history(app, "/v1/guidelines/\(id)/history")
        XCTAssertEqual(english.map { $0["source_revision"] as? Int }, [1, 2])
        XCTAssertEqual(english.map { $0["state"] is NSNull }, [true, true])
        let englishDiff = try json(try app.get("/v1/guidelines/\(id)/history/2/diff"))
        let englishPieces = try XCTUnwrap((englishDiff["fields"] as? [String: Any])?["text"] as? [[String: String]])
        XCTAssertTrue(englishPieces.contains { $0["op"] == "equal" && $0["text"]!.hasPrefix("In Mail, ") })
        XCTAssertTrue(englishPieces.allSatisfy { $0["op"] == "equal" || !$0["text"]!.contains("Mai") }, "words are kept whole")
    }

    func testRevertIsAnEditWithIfMatchUnderTheReviewRules() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor"), reviewer = try token(app, "rev", "reviewer")
        let original = try XCTUnwrap((try history(app, translation + "/history").first?["fields"] as? [String: String])?["text"])
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "새 번역"}"#, authorization: editor).status, 200)

        // A stale If-Match, a version that does not exist, an unknown locale: refused, nothing changes.
        let stale = try etag(app)
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "더 새 번역"}"#, authorization: editor).status, 200)
        let before = try history(app, translation + "/history").count
        try assertProblem(try app.send("POST", translation + "/history/1/revert", "{}", ifMatch: stale, authorization: editor), status: 412)
        try assertProblem(try app.send("POST", translation + "/history/99/revert", "{}", authorization: editor), status: 404)
        try assertProblem(try app.send("POST", translation + "/history/zero/revert", "{}", authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/xx/history/1/revert", "{}", authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/en/history/1/revert", "{}", authorization: editor), status: 404)
        try assertProblem(try app.send("POST", translation + "/history/1/revert", #"{"to": 2}"#, authorization: editor), status: 422)
        try assertProblem(try app.get(translation + "/history/99/diff"), status: 404)
        try assertProblem(try app.get("/v1/guidelines/nope/translations/ko/history"), status: 404)
        XCTAssertEqual(try history(app, translation + "/history").count, before)

        // Revert with the current ETag: version 1's text is current again, as a new version.
        let reverted = try app.send("POST", translation + "/history/1/revert", "", contentType: nil, ifMatch: try etag(app), authorization: editor)
        XCTAssertEqual(reverted.status, 200, reverted.text)
        XCTAssertNotEqual(reverted.header("ETag"), stale)
        let latest = try XCTUnwrap(try history(app, translation + "/history").last)
        XCTAssertEqual(latest["version"] as? Int, before + 1)
        XCTAssertEqual((latest["fields"] as? [String: String])?["text"], original)
        XCTAssertEqual(latest["action"] as? String, "reverted")
        XCTAssertEqual(latest["note"] as? String, "1")
        XCTAssertEqual(latest["changed_by"] as? String, "ed")
        XCTAssertEqual(try json(try app.get(translation))["text"] as? String, original)
        let revertEntry = try XCTUnwrap(try ReviewWorkflowTests.changes(app).last)
        XCTAssertEqual(revertEntry["kind"] as? String, "translation")
        XCTAssertEqual(revertEntry["state"] as? String, "translated")

        // An approved, current translation is reverted only by a reviewer.
        XCTAssertEqual(try app.send("POST", translation + "/approve", "{}", authorization: reviewer).status, 200)
        try assertProblem(try app.send("POST", translation + "/history/2/revert", "{}", authorization: editor), status: 403)
        XCTAssertEqual(try app.send("POST", translation + "/history/2/revert", "{}", authorization: reviewer).status, 200)
        XCTAssertEqual(try json(try app.get(translation))["text"] as? String, "새 번역")
        // Reverting to the approved version gives its approval back to a reviewer (an editor's revert would be translated).
        let approvedVersion = try XCTUnwrap(try history(app, translation + "/history").first { $0["state"] as? String == "approved" }?["version"] as? Int)
        XCTAssertEqual(try app.send("POST", translation + "/history/\(approvedVersion)/revert", "{}", authorization: reviewer).status, 200)
        XCTAssertEqual(try json(try app.get(translation))["state"] as? String, "approved")

        // A version that records a removal cannot be made current: 409.
        XCTAssertEqual(try app.request("DELETE", translation, headers: [reviewer]).status, 204)
        let removal = try XCTUnwrap(try history(app, translation + "/history").last)
        XCTAssertTrue(removal["fields"] is NSNull)
        XCTAssertEqual(removal["action"] as? String, "deleted")
        try assertProblem(try app.send("POST", translation + "/history/\(removal["version"] as! Int)/revert", "{}", authorization: editor), status: 409)
        // Written again, it goes on from the removal's number.
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "다시"}"#, authorization: editor).status, 200)
        XCTAssertEqual(try history(app, translation + "/history").last?["version"] as? Int, (removal["version"] as! Int) + 1)
    }

    func testRevertingTheEnglishOutdatesTranslationsAndRevertingATranslationKeepsItsRevision() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor")
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "A new English text."}"#).status, 200)
        XCTAssertEqual(try json(try app.get(translation))["state"] as? String, "outdated")
        XCTAssertEqual(try app.send("PUT", translation, #"{"text": "새 영어에 맞춘 번역"}"#, authorization: editor).status, 200)
        XCTAssertEqual(try json(try app.get(translation))["state"] as? String, "translated")
        // The translation's version 1 translated English revision 1: made current again, it is outdated.
        XCTAssertEqual(try app.send("POST", translation + "/history/1/revert", "{}", authorization: editor).status, 200)
        XCTAssertEqual(try json(try app.get(translation))["state"] as? String, "outdated")
        XCTAssertEqual(try history(app, translation + "/history").last?["source_revision"] as? Int, 1)
        // The English back at revision 1's text is a new revision 3: every translation is outdated.
        XCTAssertEqual(try app.send("POST", "/v1/guidelines/\(id)/history/1/revert", "{}", authorization: editor).status, 200)
        let english = try history(app, "/v1/guidelines/\(id)/history")
        XCTAssertEqual(english.map { $0["source_revision"] as? Int }, [1, 2, 3])
        XCTAssertEqual(english.last?["fields"] as? [String: String], english.first?["fields"] as? [String: String])
        XCTAssertEqual(try json(try app.get(translation))["state"] as? String, "outdated")
        // A topic's title and summary and a section's title have histories too.
        XCTAssertEqual(try app.send("PUT", "/v1/topics/sheets/translations/ko", #"{"title": "시트들", "summary": "요약"}"#, authorization: editor).status, 200)
        let topic = try history(app, "/v1/topics/sheets/translations/ko/history")
        XCTAssertEqual(topic.last?["fields"] as? [String: String], ["title": "시트들", "summary": "요약"])
        let topicDiff = try json(try app.get("/v1/topics/sheets/translations/ko/history/\(topic.count)/diff"))
        XCTAssertNotNil((topicDiff["fields"] as? [String: Any])?["summary"])
        XCTAssertEqual(try history(app, "/v1/topics/progress-indicators/sections/progress-bars/history").count, 1)
    }
}
