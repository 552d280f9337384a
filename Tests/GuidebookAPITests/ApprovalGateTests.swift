import Foundation
import GuidebookTestSupport
import XCTest

/// The quality checks' approval gate (docs/checks.md): an `error` in a translation refuses its
/// approval (409 check-errors, with the errors and their fixes, nothing changed) unless the
/// reviewer gives an `override_reason`, which is then recorded in the history, in the change log
/// and beside the translation's findings while the approval stands. Warnings never refuse.
final class ApprovalGateTests: XCTestCase {
    private let id = "sheets.mail-compose"
    private var translation: String { "/v1/guidelines/\(id)/translations/ko" }
    /// The seed's English of `id` translated with two particles that do not agree (툴바이, 시트을).
    private let wrong = "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바이 보이며 시트을 닫으려면 완료를 탭합니다."
    private let right = "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바가 보이며 시트를 닫으려면 완료를 탭합니다."
    private var app: TestApp!
    private var editor: (String, String)!
    private var reviewer: (String, String)!

    override func setUpWithError() throws {
        app = try makeTestApp()
        editor = ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: "ed", role: "editor"))")
        reviewer = ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: "rev", role: "reviewer"))")
    }

    override func tearDown() {
        app?.stop()
        app = nil
    }

    private func body(_ members: [String: String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: members), as: UTF8.self)
    }

    private func current() throws -> [String: Any] {
        try json(try app.get(translation))
    }

    private func checks(_ path: String? = nil) throws -> [String: Any] {
        try json(try app.get((path ?? translation) + "/checks"))
    }

    private func lastTranslationChange() throws -> [String: Any] {
        try XCTUnwrap(try ReviewWorkflowTests.changes(app).last { ($0["kind"] as? String) == "translation" })
    }

    func testAnErrorRefusesApprovalUntilAReviewerGivesAReasonWhichIsRecorded() throws {
        XCTAssertEqual(try app.send("PUT", translation, try body(["text": wrong]), authorization: editor).status, 200)
        let changesBefore = try ReviewWorkflowTests.changes(app).count
        let historyBefore = items(try json(try app.get(translation + "/history"))).count

        // Refused: 409 check-errors listing each error with its fix and the corrected text; nothing changes.
        let refused = try assertProblem(try app.send("POST", translation + "/approve", "{}", authorization: reviewer), status: 409)
        XCTAssertEqual(refused["type"] as? String, "/problems/check-errors")
        let errors = try XCTUnwrap(refused["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.map { "\($0["field"] ?? "") \($0["check"] ?? "") \($0["found"] ?? "")→\($0["fix"] ?? "")" },
                       ["text particles 툴바이→툴바가", "text particles 시트을→시트를"])
        XCTAssertEqual(errors.last?["corrected_text"] as? String, "메일 앱에서는 새 이메일을 시트에서 작성하고, 툴바이 보이며 시트를 닫으려면 완료를 탭합니다.")
        XCTAssertTrue((refused["detail"] as? String ?? "").contains("override_reason"))
        XCTAssertEqual(try current()["state"] as? String, "translated")
        XCTAssertEqual(try ReviewWorkflowTests.changes(app).count, changesBefore)
        XCTAssertEqual(items(try json(try app.get(translation + "/history"))).count, historyBefore)
        XCTAssertTrue(try checks()["override"] is NSNull)

        // A blank reason is no reason (422), and changes nothing either.
        try assertProblem(try app.send("POST", translation + "/approve", try body(["override_reason": "  "]), authorization: reviewer), status: 422)
        XCTAssertEqual(try current()["state"] as? String, "translated")

        // With a reason: approved, and the reason is recorded three times.
        let reason = "툴바이 is how the product's own strings spell it"
        let approved = try app.send("POST", translation + "/approve", try body(["override_reason": reason]), authorization: reviewer)
        XCTAssertEqual(approved.status, 200, approved.text)
        XCTAssertEqual(try current()["state"] as? String, "approved")
        let version = try XCTUnwrap(items(try json(try app.get(translation + "/history"))).last)
        XCTAssertEqual(version["action"] as? String, "approved")
        XCTAssertEqual(version["note"] as? String, reason)
        let entry = try lastTranslationChange()
        XCTAssertEqual(entry["state"] as? String, "approved")
        XCTAssertEqual(entry["note"] as? String, reason)
        XCTAssertEqual(entry["token"] as? String, "rev")
        let shown = try checks()
        XCTAssertEqual((shown["findings"] as? [[String: Any]])?.filter { $0["severity"] as? String == "error" }.count, 2,
                       "the findings stay: the override does not hide them")
        let override = try XCTUnwrap(shown["override"] as? [String: Any])
        XCTAssertEqual(override["reason"] as? String, reason)
        XCTAssertEqual(override["checks"] as? [String], ["particles"])
        XCTAssertEqual(override["approved_by"] as? String, "rev")
        XCTAssertNotNil(override["approved_at"] as? String)

        // The approval taken back: the override goes with it (the history and the change log keep it).
        XCTAssertEqual(try app.send("POST", translation + "/unapprove", "{}", authorization: reviewer).status, 200)
        XCTAssertTrue(try checks()["override"] is NSNull)
        XCTAssertNil(try lastTranslationChange()["note"])
        XCTAssertEqual(try ReviewWorkflowTests.changes(app).filter { ($0["note"] as? String) == reason }.count, 1)
    }

    func testAWriteAsApprovedPassesTheSameGateOnTheTextItWrites() throws {
        // Refused as written (its particles), and the stored text stays the seed's.
        let seed = try XCTUnwrap(try current()["text"] as? String)
        let lost = try assertProblem(try app.send("PUT", translation, try body(["text": wrong, "state": "approved"]), authorization: reviewer), status: 409)
        XCTAssertEqual(lost["type"] as? String, "/problems/check-errors")
        XCTAssertEqual(try current()["text"] as? String, seed)

        let reason = "approved before the glossary settles"
        let written = try app.send("PUT", translation, try body(["text": wrong, "state": "approved", "override_reason": reason]), authorization: reviewer)
        XCTAssertEqual(written.status, 200, written.text)
        XCTAssertEqual((try checks()["override"] as? [String: Any])?["reason"] as? String, reason)
        XCTAssertEqual(try lastTranslationChange()["note"] as? String, reason)

        // Corrected and approved again: no error, so no override is kept and no reason noted.
        let fixed = try app.send("PUT", translation, try body(["text": right, "state": "approved", "override_reason": "not needed"]), authorization: reviewer)
        XCTAssertEqual(fixed.status, 200, fixed.text)
        XCTAssertTrue(try checks()["override"] is NSNull)
        XCTAssertNil(try lastTranslationChange()["note"])
        XCTAssertNil(items(try json(try app.get(translation + "/history"))).last?["note"] as? String)
    }

    func testWarningsNeverRefuseAndTopicFieldsAreNamed() throws {
        // No end mark (a warning): approved without a reason.
        XCTAssertEqual(try app.send("PUT", translation, try body(["text": String(right.dropLast())]), authorization: editor).status, 200)
        XCTAssertEqual(try checks()["counts"].flatMap { ($0 as? [String: Any])?["by_check"] as? [String: Int] }, ["end_punctuation": 1])
        let approved = try app.send("POST", translation + "/approve", "{}", authorization: reviewer)
        XCTAssertEqual(approved.status, 200, approved.text)
        XCTAssertTrue(try checks()["override"] is NSNull)

        // A topic's summary with an error: the error names its field.
        let topic = "/v1/topics/sheets/translations/ko"
        let summary = "시트은 사용자가 현재 맥락을 떠나지 않고도 상위 뷰와 관련된 별도의 작업을 할 수 있게 해 줍니다."
        XCTAssertEqual(try app.send("PUT", topic, try body(["title": "시트", "summary": summary]), authorization: editor).status, 200)
        let refused = try assertProblem(try app.send("POST", topic + "/approve", "{}", authorization: reviewer), status: 409)
        XCTAssertEqual((refused["errors"] as? [[String: Any]])?.map { "\($0["field"] ?? "") \($0["fix"] ?? "")" }, ["summary 시트는"])
        XCTAssertEqual(try app.send("POST", topic + "/approve", try body(["override_reason": "quoted as written"]), authorization: reviewer).status, 200)
        XCTAssertEqual((try checks(topic)["override"] as? [String: Any])?["checks"] as? [String], ["particles"])
    }

    func testARevertToAnApprovedVersionWithAnErrorComesBackWaitingForReview() throws {
        XCTAssertEqual(try app.send("PUT", translation, try body(["text": wrong, "state": "approved", "override_reason": "for now"]),
                                    authorization: reviewer).status, 200)
        let overridden = try XCTUnwrap(items(try json(try app.get(translation + "/history"))).last?["version"] as? Int)
        XCTAssertEqual(try app.send("PUT", translation, try body(["text": right, "state": "approved"]), authorization: reviewer).status, 200)

        // A revert gives no reason: the version comes back `translated`, not approved.
        let etag = try XCTUnwrap(try app.get("/v1/guidelines/\(id)").header("ETag"))
        let reverted = try app.send("POST", translation + "/history/\(overridden)/revert", "", contentType: nil, ifMatch: etag, authorization: reviewer)
        XCTAssertEqual(reverted.status, 200, reverted.text)
        XCTAssertEqual(try current()["text"] as? String, wrong)
        XCTAssertEqual(try current()["state"] as? String, "translated")
        XCTAssertTrue(try checks()["override"] is NSNull)
        XCTAssertEqual(items(try json(try app.get(translation + "/history"))).last?["action"] as? String, "reverted")
    }
}
