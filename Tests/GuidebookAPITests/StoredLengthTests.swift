import Foundation
import GuidebookTestSupport
import XCTest

/// The length limits count the text as it is stored (NFC), through a live server: U+0958 becomes
/// two code points under NFC, so 20,000 of them are 40,000 stored and refused, while a title of 300
/// Hangul syllables sent decomposed (900 code points) is 300 stored and taken. Whatever a write
/// stored can be sent back as it reads.
final class StoredLengthTests: XCTestCase {
    private var server: TestServer!
    private var editor: (String, String) = ("", "")
    private let guideline = "/v1/guidelines/sheets.mail-compose"

    override func setUpWithError() throws {
        server = try makeTestServer()
        editor = ("Authorization", "Bearer \(try AuthMatrixTests.createToken(server, name: "length-editor", role: "editor"))")
    }

    private func patch(_ target: String, _ field: String, _ text: String) throws -> HTTPTestResponse {
        try server.send("PATCH", target, #"{"\#(field)": "\#(text)"}"#, authorization: editor)
    }

    private func invalidNames(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let problem = try assertProblem(response, status: 422, file: file, line: line)
        return (problem["invalid_params"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    func testALimitCountsTheTextAsNFCStoresIt() throws {
        let qa = "\u{0958}"  // DEVANAGARI LETTER QA: U+0915 U+093C under NFC
        XCTAssertEqual(qa.precomposedStringWithCanonicalMapping.unicodeScalars.count, 2)
        let before = try server.get(guideline).text
        let logBefore = try server.get("/v1/changes?since=0&limit=1000").jsonObject()["next"] as? String

        XCTAssertEqual(try invalidNames(try patch(guideline, "text", String(repeating: qa, count: 20_000))), ["text"])
        XCTAssertEqual(try invalidNames(try server.send("PUT", guideline + "/translations/ko", #"{"text": "\#(String(repeating: qa, count: 20_000))"}"#,
                                                        authorization: editor)), ["text"])
        XCTAssertEqual(try invalidNames(try server.send("POST", "/v1/topics", #"{"slug": "long-title", "category": "controls", "title": "\#(String(repeating: qa, count: 300))"}"#,
                                                        authorization: editor)), ["title"])
        XCTAssertEqual(try server.get(guideline).text, before, "a refused write changes nothing")
        XCTAssertEqual(try server.get("/v1/changes?since=0&limit=1000").jsonObject()["next"] as? String, logBefore)
        try assertProblem(try server.get("/v1/topics/long-title"), status: 404)

        // At the limit once stored: taken, and what is stored goes back as it reads.
        let taken = try patch(guideline, "text", String(repeating: qa, count: 10_000))
        XCTAssertEqual(taken.status, 200, taken.text.prefix(300).description)
        let stored = try XCTUnwrap(try json(try server.get(guideline))["text"] as? String)
        XCTAssertEqual(stored.unicodeScalars.count, 20_000)
        XCTAssertEqual(try patch(guideline, "text", stored).status, 200, "a stored text can be written back")
    }

    func testADecomposedTitleCountsAsItsSyllables() throws {
        let syllables = String(repeating: "한", count: 300)
        let decomposed = syllables.decomposedStringWithCanonicalMapping
        XCTAssertEqual(decomposed.unicodeScalars.count, 900, "three jamo a syllable")
        let written = try patch("/v1/topics/sheets", "title", decomposed)
        XCTAssertEqual(written.status, 200, written.text.prefix(300).description)
        let title = try XCTUnwrap(try json(try server.get("/v1/topics/sheets"))["title"] as? String)
        XCTAssertEqual(title.unicodeScalars.count, 300, "stored composed")
        XCTAssertTrue(title.unicodeScalars.elementsEqual(syllables.unicodeScalars))
        XCTAssertEqual(try invalidNames(try patch("/v1/topics/sheets", "title", (syllables + "한").decomposedStringWithCanonicalMapping)),
                       ["title"], "one syllable more is over the limit however it is sent")
    }
}
