import Foundation
import GuidebookTestSupport
import XCTest

/// A required text that shows nothing is blank, through a live server: one made of invisible
/// characters storing keeps (a lone U+200D, U+034F, U+180E, U+2061) is refused with a 422 as one of
/// those it drops (U+200B) is, for a guideline's text, a translation and a topic title, and
/// nothing changes. Visible text with such characters in it is still taken.
final class InvisibleTextTests: XCTestCase {
    func testTextsOfOnlyInvisibleCharactersAreBlank() throws {
        let server = try makeTestServer()
        let editor = ("Authorization", "Bearer \(try AuthMatrixTests.createToken(server, name: "blank-editor", role: "editor"))")
        let guideline = "/v1/guidelines/sheets.mail-compose"
        let targets = [(guideline, "PATCH", "text"), (guideline + "/translations/ko", "PUT", "text"), ("/v1/topics/sheets", "PATCH", "title")]
        let before = try targets.map { try server.get($0.0).text }
        let logBefore = try server.get("/v1/changes?since=0&limit=1000").jsonObject()["next"] as? String

        let blanks = ["\\u200d", "\\u200d\\u200d", "\\u200c", "\\u034f", "\\u180e", "\\u2061", "\\u00ad\\u200d",
                      "\\u200b", "\\ufeff", " \\t ", "\\u3000"]
        for blank in blanks {
            for (target, method, field) in targets {
                let response = try server.send(method, target, #"{"\#(field)": "\#(blank)"}"#, authorization: editor)
                let problem = try assertProblem(response, status: 422)
                let names = (problem["invalid_params"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                XCTAssertEqual(names, [field], "\(method) \(target) with \(blank)")
            }
        }
        XCTAssertEqual(try targets.map { try server.get($0.0).text }, before, "a refused write changes nothing")
        XCTAssertEqual(try server.get("/v1/changes?since=0&limit=1000").jsonObject()["next"] as? String, logBefore)

        // Visible text keeps its invisible characters where they mean something.
        let emoji = try server.send("PATCH", guideline, #"{"text": "Use \ud83d\udc69\u200d\ud83d\udcbb for a developer."}"#, authorization: editor)
        XCTAssertEqual(emoji.status, 200, emoji.text)
        XCTAssertTrue((try json(try server.get(guideline))["text"] as? String ?? "").unicodeScalars.contains("\u{200D}"))
    }
}
