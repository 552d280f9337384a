import Foundation
import GuidebookTestSupport
import XCTest

/// Suggestions through the API: anyone with a token suggests, editors and reviewers vote, accept
/// (the suggestion becomes the translation, `translated`, pinned to the English it was made for)
/// or reject; the refusals of the issue's bad-input list change nothing.
final class SuggestionTests: XCTestCase {
    private let id = "sheets.mail-compose"
    private var suggestions: String { "/v1/guidelines/\(id)/translations/ko/suggestions" }

    private func token(_ app: TestApp, _ name: String, _ role: String) throws -> (String, String) {
        ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: name, role: role))")
    }

    func testAReaderSuggestsEditorsVoteAndOneIsAccepted() throws {
        let app = try makeTestApp()
        let reader = try token(app, "visitor", "reader"), editor = try token(app, "ed", "editor"), other = try token(app, "ed2", "editor")
        // A token is needed even though reads are public.
        try assertProblem(try app.request("POST", suggestions, headers: [("Content-Type", "application/json")], body: Array(#"{"text": "x"}"#.utf8)), status: 401)
        let made = try app.send("POST", suggestions, #"{"text": "메일 작성 시트는 좋은 예시입니다."}"#, authorization: reader)
        XCTAssertEqual(made.status, 201, made.text)
        let suggestion = try json(made)
        let sid = try XCTUnwrap(suggestion["id"] as? Int)
        XCTAssertEqual(made.header("Location"), "\(suggestions)/\(sid)")
        XCTAssertEqual(suggestion["author"] as? String, "visitor")
        XCTAssertEqual(suggestion["state"] as? String, "open")
        XCTAssertEqual(suggestion["source_revision"] as? Int, 1)
        XCTAssertEqual(try app.send("POST", suggestions, #"{"text": "두 번째 제안"}"#, authorization: editor).status, 201)

        // Votes: +1 from two editors, -1 then changed to +1; a reader cannot vote; nobody votes on their own.
        XCTAssertEqual(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": 1}"#, authorization: editor).status, 200)
        XCTAssertEqual(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": -1}"#, authorization: other).status, 200)
        let voted = try json(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": 1}"#, authorization: other))
        XCTAssertEqual(voted["score"] as? Int, 2)
        XCTAssertEqual((voted["votes"] as? [[String: Any]])?.count, 2)
        try assertProblem(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": 1}"#, authorization: reader), status: 403)
        let own = try XCTUnwrap(items(try json(try app.get(suggestions))).last?["id"] as? Int)
        try assertProblem(try app.send("POST", "\(suggestions)/\(own)/votes", #"{"value": 1}"#, authorization: editor), status: 409)
        try assertProblem(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": 2}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", "\(suggestions)/\(sid)/votes", "{}", authorization: editor), status: 422)

        // Accept: it becomes the translation, translated, made by the one who accepted it.
        let etag = try XCTUnwrap(try app.get("/v1/guidelines/\(id)").header("ETag"))
        let accepted = try app.send("POST", "\(suggestions)/\(sid)/accept", "{}", ifMatch: etag, authorization: editor)
        XCTAssertEqual(accepted.status, 200, accepted.text)
        XCTAssertEqual(try json(accepted)["state"] as? String, "accepted")
        XCTAssertEqual(try json(accepted)["decided_by"] as? String, "ed")
        let translation = try json(try app.get("/v1/guidelines/\(id)/translations/ko"))
        XCTAssertEqual(translation["text"] as? String, "메일 작성 시트는 좋은 예시입니다.")
        XCTAssertEqual(translation["state"] as? String, "translated")
        let version = try XCTUnwrap(try json(try app.get("/v1/guidelines/\(id)/translations/ko/history")).jsonItems().last)
        XCTAssertEqual(version["action"] as? String, "suggestion")
        XCTAssertEqual(version["note"] as? String, String(sid))
        XCTAssertEqual(version["changed_by"] as? String, "ed")
        // Decided: neither accepted again nor voted on; the other is rejected.
        try assertProblem(try app.send("POST", "\(suggestions)/\(sid)/accept", "{}", authorization: editor), status: 409)
        try assertProblem(try app.send("POST", "\(suggestions)/\(sid)/votes", #"{"value": 1}"#, authorization: other), status: 409)
        XCTAssertEqual(try json(try app.send("POST", "\(suggestions)/\(own)/reject", "", contentType: nil, authorization: other))["state"] as? String, "rejected")
        XCTAssertEqual(items(try json(try app.get(suggestions + "?state=open"))).count, 0)
        XCTAssertEqual(items(try json(try app.get(suggestions + "?state=accepted"))).map { $0["id"] as? Int }, [sid])
        // The change log names every step.
        let entries = try ReviewWorkflowTests.changes(app).filter { ($0["kind"] as? String) == "suggestion" }
        XCTAssertEqual(entries.map { $0["state"] as? String }, ["open", "open", "accepted", "rejected"])
    }

    func testAnAcceptedSuggestionIsPinnedToTheEnglishItWasMadeFor() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor"), reviewer = try token(app, "rev", "reviewer")
        let sid = try XCTUnwrap(try json(try app.send("POST", suggestions, #"{"text": "옛 영어에 맞춘 제안"}"#, authorization: editor))["id"] as? Int)
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "A changed English text."}"#).status, 200)
        XCTAssertEqual(try app.send("POST", "\(suggestions)/\(sid)/accept", "{}", authorization: editor).status, 200)
        let translation = try json(try app.get("/v1/guidelines/\(id)/translations/ko"))
        XCTAssertEqual(translation["text"] as? String, "옛 영어에 맞춘 제안")
        XCTAssertEqual(translation["state"] as? String, "outdated", "it translates revision 1, the English is at 2")

        // Over an approved, current translation, only a reviewer accepts.
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "승인된 번역", "state": "approved"}"#, authorization: reviewer).status, 200)
        let next = try XCTUnwrap(try json(try app.send("POST", suggestions, #"{"text": "더 나은 번역"}"#, authorization: editor))["id"] as? Int)
        try assertProblem(try app.send("POST", "\(suggestions)/\(next)/accept", "{}", authorization: editor), status: 403)
        XCTAssertEqual(items(try json(try app.get(suggestions + "?state=open"))).map { $0["id"] as? Int }, [next], "still open")
        XCTAssertEqual(try app.send("POST", "\(suggestions)/\(next)/accept", "{}", authorization: reviewer).status, 200)
        XCTAssertEqual(try json(try app.get("/v1/guidelines/\(id)/translations/ko"))["state"] as? String, "translated")

        // Topics and sections take suggestions too.
        let topic = try app.send("POST", "/v1/topics/sheets/translations/ko/suggestions", #"{"title": "시트", "summary": "요약 제안"}"#, authorization: editor)
        XCTAssertEqual(topic.status, 201, topic.text)
        XCTAssertEqual(try json(topic)["fields"] as? [String: String], ["title": "시트", "summary": "요약 제안"])
        XCTAssertEqual(try app.send("POST", "/v1/topics/progress-indicators/sections/progress-bars/translations/ko/suggestions", #"{"title": "진행 막대"}"#,
                                    authorization: editor).status, 201)
    }

    func testBadSuggestionsAreRefusedAndChangeNothing() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor")
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/xx/suggestions", #"{"text": "x"}"#, authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/en/suggestions", #"{"text": "x"}"#, authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/nope/translations/ko/suggestions", #"{"text": "x"}"#, authorization: editor), status: 404)
        try assertProblem(try app.get("/v1/guidelines/\(id)/translations/xx/suggestions"), status: 404)
        try assertProblem(try app.send("POST", suggestions, #"{"text": ""}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", suggestions, #"{"text": "x", "state": "approved"}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", suggestions, String(repeating: "가", count: 10) + "}", authorization: editor), status: 400)
        let long = String(repeating: "가", count: 20_001)
        try assertProblem(try app.send("POST", suggestions, #"{"text": "\#(long)"}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", suggestions + "/999/accept", "{}", authorization: editor), status: 404)
        try assertProblem(try app.send("POST", suggestions + "/abc/votes", #"{"value": 1}"#, authorization: editor), status: 404)
        try assertProblem(try app.get(suggestions + "?state=done"), status: 400, parameter: "state")
        XCTAssertEqual(items(try json(try app.get(suggestions))).count, 0)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The `items` of a list answer.
    func jsonItems() -> [[String: Any]] { self["items"] as? [[String: Any]] ?? [] }
}
