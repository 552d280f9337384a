import Foundation
import GuidebookTestSupport
import XCTest

/// Comment threads through the API: on the English and on a translation, Markdown answered as
/// cmark renders it in its safe mode (checked against the `cmark` program, which shares none of
/// our code), hostile Markdown kept as written and never reaching the HTML as markup, resolve and
/// reopen, the work list's `has_open_comments`, the change log.
final class CommentTests: XCTestCase {
    private let id = "sheets.mail-compose"

    private func token(_ app: TestApp, _ name: String, _ role: String) throws -> (String, String) {
        ("Authorization", "Bearer \(try AuthMatrixTests.createToken(app, name: name, role: role))")
    }

    private func body(_ markdown: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["body": markdown]), as: UTF8.self)
    }

    /// `cmark` (the Debian program on the same reference library, run as a separate process) on `markdown`.
    private func cmark(_ markdown: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    func testThreadsOnTheEnglishAndOnATranslationWithRepliesResolveAndReopen() throws {
        let app = try makeTestApp()
        let reader = try token(app, "visitor", "reader"), editor = try token(app, "ed", "editor")
        try assertProblem(try app.request("POST", "/v1/guidelines/\(id)/comments", headers: [("Content-Type", "application/json")],
                                          body: Array(try body("hi").utf8)), status: 401)
        let started = try app.send("POST", "/v1/guidelines/\(id)/translations/ko/comments", try body("Is **시트** right here?"), authorization: reader)
        XCTAssertEqual(started.status, 201, started.text)
        let thread = try json(started)
        let threadID = try XCTUnwrap(thread["id"] as? Int)
        XCTAssertEqual(started.header("Location"), "/v1/comment-threads/\(threadID)")
        XCTAssertEqual(thread["open"] as? Bool, true)
        XCTAssertEqual(thread["locale"] as? String, "ko")
        let first = try XCTUnwrap((thread["comments"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["body"] as? String, "Is **시트** right here?")
        XCTAssertEqual(first["html"] as? String, "<p>Is <strong>시트</strong> right here?</p>\n")
        XCTAssertEqual(first["author"] as? String, "visitor")

        XCTAssertEqual(try app.send("POST", "/v1/guidelines/\(id)/comments", try body("The English says *compose*."), authorization: editor).status, 201)
        let reply = try app.send("POST", "/v1/comment-threads/\(threadID)/comments", try body("Yes: `시트` is the glossary term."), authorization: editor)
        XCTAssertEqual(reply.status, 201, reply.text)
        XCTAssertEqual((try json(reply)["comments"] as? [[String: Any]])?.count, 2)

        // The work list finds the guideline by its open threads (on the translation or the English).
        XCTAssertEqual(try openCommentList(app), [id])
        try assertProblem(try app.send("POST", "/v1/comment-threads/\(threadID)/resolve", "{}", authorization: reader), status: 403)
        XCTAssertEqual(try json(try app.send("POST", "/v1/comment-threads/\(threadID)/resolve", "", contentType: nil, authorization: editor))["open"] as? Bool, false)
        try assertProblem(try app.send("POST", "/v1/comment-threads/\(threadID)/resolve", "{}", authorization: editor), status: 409)
        XCTAssertEqual(try openCommentList(app), [id], "the thread on the English is still open")
        let english = items(try json(try app.get("/v1/guidelines/\(id)/comments")))
        XCTAssertEqual(english.count, 1)
        XCTAssertEqual(try app.send("POST", "/v1/comment-threads/\(english[0]["id"] as! Int)/resolve", "{}", authorization: editor).status, 200)
        XCTAssertEqual(try openCommentList(app), [])
        XCTAssertEqual(try json(try app.send("POST", "/v1/comment-threads/\(threadID)/reopen", "{}", authorization: editor))["open"] as? Bool, true)
        try assertProblem(try app.send("POST", "/v1/comment-threads/\(threadID)/reopen", "{}", authorization: editor), status: 409)
        XCTAssertEqual(try openCommentList(app), [id])
        XCTAssertEqual(items(try json(try app.get("/v1/guidelines/\(id)/translations/ko/comments"))).count, 1)

        // The change log names every comment and state change, with the text's locale.
        let entries = try ReviewWorkflowTests.changes(app).filter { ($0["kind"] as? String) == "comment" }
        XCTAssertEqual(entries.map { "\($0["locale"] as? String ?? "-") \($0["state"] as? String ?? "-")" },
                       ["ko open", "en open", "ko open", "ko resolved", "en resolved", "ko open"])
        // Topics and sections have threads too.
        XCTAssertEqual(try app.send("POST", "/v1/topics/sheets/translations/ko/comments", try body("제목?"), authorization: editor).status, 201)
        XCTAssertEqual(try app.send("POST", "/v1/topics/sheets/sections/overview/comments", try body("untitled?"), authorization: editor).status, 201)
        // Listed under their own owner only (a topic's threads and its sections' are apart).
        XCTAssertEqual(items(try json(try app.get("/v1/topics/sheets/translations/ko/comments"))).map { $0["resource"] as? String }, ["/v1/topics/sheets"])
        XCTAssertEqual(items(try json(try app.get("/v1/topics/sheets/comments"))).count, 0)
        XCTAssertEqual(items(try json(try app.get("/v1/topics/sheets/sections/overview/comments"))).map { $0["resource"] as? String },
                       ["/v1/topics/sheets/sections/overview"])
        XCTAssertEqual(items(try json(try app.get("/v1/topics/sheets/sections/overview/translations/ko/comments"))).count, 0)
    }

    private func openCommentList(_ app: TestApp) throws -> [String] {
        items(try json(try app.get("/v1/translations?locale=ko&state=missing,outdated,current&has_open_comments=true"))).compactMap { $0["guideline"] as? String }
    }

    func testMarkdownIsRenderedAsCmarkDoesAndHostileMarkdownIsStoredAsWrittenAndRenderedInert() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor")
        let inputs = [
            "A list:\n\n- one\n- *two*\n\n1. first\n2. [a link](https://example.com/x?a=1&b=2)\n\n```\ncode <b>\n```",
            "<script>alert(1)</script>\n\nText with <img src=x onerror=alert(1)> inline HTML.",
            "[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=) and ![img](vbscript:x)",
            "\"quotes\" & <b>bold</b> 'single' `<code>` \u{0}nul",
            String(repeating: "[", count: 4000) + String(repeating: "*a", count: 2500),
            "> quote\n>> nested\n\n---\n\n# Heading <em>x</em>\n\n| a | b |\n|---|---|\n| 1 | 2 |",
        ]
        for markdown in inputs {
            let response = try app.send("POST", "/v1/guidelines/\(id)/comments", try body(markdown), authorization: editor)
            XCTAssertEqual(response.status, 201, response.text)
            let comment = try XCTUnwrap((try json(response)["comments"] as? [[String: Any]])?.first)
            XCTAssertEqual(comment["body"] as? String, markdown, "stored as written")
            let html = try XCTUnwrap(comment["html"] as? String)
            XCTAssertEqual(html, try cmark(markdown), "the same HTML as the cmark program's (safe by default)")
            for hostile in ["<script", "onerror", "javascript:", "vbscript:", "<b>bold", "<em>x"] {
                XCTAssertFalse(html.lowercased().contains(hostile), "\(hostile) reached the HTML: \(html.prefix(300))")
            }
        }
    }

    func testBadCommentsAreRefusedAndChangeNothing() throws {
        let app = try makeTestApp()
        let editor = try token(app, "ed", "editor")
        // Over the body limit (64 KB in tests, 1 MB here): refused before it is read.
        let huge = String(repeating: "x", count: 1_048_576)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/comments", try body(huge), authorization: editor), status: 413)
        // Under the body limit but over 10,000 characters: 422.
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/comments", try body(String(repeating: "말", count: 10_001)), authorization: editor), status: 422)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/comments", try body("   "), authorization: editor), status: 422)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/comments", #"{"body": "x", "pinned": true}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/comments", #"{"body": 3}"#, authorization: editor), status: 422)
        try assertProblem(try app.send("POST", "/v1/guidelines/\(id)/translations/xx/comments", try body("x"), authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/guidelines/nope/comments", try body("x"), authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/comment-threads/999/comments", try body("x"), authorization: editor), status: 404)
        try assertProblem(try app.send("POST", "/v1/comment-threads/x/resolve", "{}", authorization: editor), status: 404)
        try assertProblem(try app.get("/v1/comment-threads/999"), status: 404)
        XCTAssertEqual(items(try json(try app.get("/v1/guidelines/\(id)/comments"))).count, 0)
        XCTAssertTrue(try ReviewWorkflowTests.changes(app).allSatisfy { ($0["kind"] as? String) != "comment" })
    }
}
