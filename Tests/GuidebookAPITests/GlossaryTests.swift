import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookTestSupport
import GuidebookText
import XCTest

/// The glossary through the API: terms written by editors (validation, conflicts), looked up in
/// either language, seeded from the bundles, and translation checks on crafted guidelines: a term
/// with a particle attached is no finding, a missing term and a forbidden variant are, and a
/// plural English source still uses the term.
final class GlossaryTests: XCTestCase {
    private var app: TestApp!
    private var editor = ""

    override func setUpWithError() throws {
        app = try makeTestApp()
        editor = try AuthMatrixTests.createToken(app, name: "glossary-editor", role: "editor")
    }

    private func write(_ method: String, _ target: String, _ body: String) throws -> HTTPTestResponse {
        try app.request(method, target, headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(editor)")], body: Array(body.utf8))
    }

    /// Puts one guideline with an English text and a Korean translation into the knowledge base.
    private func addGuideline(_ key: String, en: String, ko: String) throws {
        let bundle = """
            {"format":"guidebook-bundle","version":1,"topics":[{"slug":"glossary-cases","category":"controls","title":{"en":"Glossary cases"},"summary":{},
             "sections":[{"key":"cases","title":{"en":"Cases"},"guidelines":[{"id":"glossary-cases.\(key)","text":{"en":"\(en)","ko":"\(ko)"}}]}]}]}
            """
        let id = try app.submitJob(Array(bundle.utf8), query: "format=json", contentType: "application/json")
        let final = try app.followJob(id).last
        XCTAssertEqual(final?["status"] as? String, "succeeded", "\(final ?? [:])")
    }

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    private func findings(_ target: String) throws -> [[String: Any]] {
        let response = try app.get(target)
        XCTAssertEqual(response.status, 200, response.text)
        return items(try json(response))
    }

    // MARK: Terms

    func testTheSeedsTermPairsAreTheGlossaryAndCanBeLookedUpInEitherLanguage() throws {
        let all = try app.store.glossary()
        XCTAssertGreaterThanOrEqual(all.count, 30, "the seed bundles carry term pairs")
        let bar = try XCTUnwrap(all.first { $0.source == "progress bar" })
        XCTAssertEqual(bar.term["ko"], "진행률 표시줄")

        for query in ["진행률 표시줄", "진행률 표시줄을", "progress bar", "Progress Bars"] {
            let found = try findings("/v1/glossary?term=\(encoded(query))")
            XCTAssertEqual(found.compactMap { ($0["term"] as? [String: String])?["en"] }, ["progress bar"], query)
        }
        XCTAssertEqual(try findings("/v1/glossary?term=\(encoded("진행률"))").count, 0, "part of a term is not the term")
        try assertProblem(try app.get("/v1/glossary?term="), status: 400, parameter: "term")
    }

    func testAnEditorCreatesReplacesAndDeletesATermAndReadersSeeIt() throws {
        try assertProblem(try app.request("POST", "/v1/glossary", headers: [("Content-Type", "application/json")],
                                          body: Array(#"{"term": {"en": "widget shelf"}}"#.utf8)), status: 401)
        let created = try write("POST", "/v1/glossary", #"{"term": {"en": "widget shelf", "ko": "위젯 선반"}, "forbidden": {"ko": ["위젯 셸프"]}, "note": "Not 위젯 셸프."}"#)
        XCTAssertEqual(created.status, 201, created.text)
        let body = try created.jsonObject()
        let id = try XCTUnwrap(body["id"] as? Int)
        XCTAssertEqual(created.header("Location"), "/v1/glossary/\(id)")
        XCTAssertEqual(body["forbidden"] as? [String: [String]], ["ko": ["위젯 셸프"]])

        let shown = try app.get("/v1/glossary/\(id)").jsonObject()
        XCTAssertEqual(shown["term"] as? [String: String], ["en": "widget shelf", "ko": "위젯 선반"])
        XCTAssertEqual(try findings("/v1/glossary?term=\(encoded("위젯 셸프"))").first?["id"] as? Int, id,
                       "a forbidden variant leads to its term")

        let replaced = try write("PUT", "/v1/glossary/\(id)", #"{"term": {"en": "widget shelf", "ko": "위젯선반"}}"#)
        XCTAssertEqual(replaced.status, 200, replaced.text)
        let after = try app.get("/v1/glossary/\(id)").jsonObject()
        XCTAssertEqual((after["term"] as? [String: String])?["ko"], "위젯선반")
        XCTAssertEqual(after["forbidden"] as? [String: [String]], [:], "PUT replaces the whole term")
        XCTAssertTrue(after["note"] is NSNull)

        try assertProblem(try write("POST", "/v1/glossary", #"{"term": {"en": "widget shelf"}}"#), status: 409)
        // The checks match English terms whatever their case, so another case is the same term.
        try assertProblem(try write("POST", "/v1/glossary", #"{"term": {"en": "Widget SHELF", "ko": "위젯"}}"#), status: 409)
        XCTAssertEqual(try write("PUT", "/v1/glossary/\(id)", #"{"term": {"en": "Widget shelf", "ko": "위젯선반"}}"#).status, 200,
                       "a term may change its own letter case")
        try assertProblem(try write("PUT", "/v1/glossary/\(id)", #"{"term": {"en": "progress bar"}}"#), status: 409)
        XCTAssertEqual(try write("DELETE", "/v1/glossary/\(id)", "").status, 204)
        try assertProblem(try app.get("/v1/glossary/\(id)"), status: 404)
        try assertProblem(try write("DELETE", "/v1/glossary/\(id)", ""), status: 404)
        try assertProblem(try write("PUT", "/v1/glossary/999999", #"{"term": {"en": "x"}}"#), status: 404)
        try assertProblem(try app.get("/v1/glossary/abc"), status: 404)
    }

    func testInvalidTermsAre422WithEveryInvalidFieldAndChangeNothing() throws {
        let before = try app.store.glossary()
        let cases: [(body: String, fields: [String])] = [
            (#"{}"#, ["term"]),
            (#"{"term": {"ko": "도구"}}"#, ["term.en"]),
            (#"{"term": {"en": "", "xx": "y"}}"#, ["term.en", "term.xx"]),
            (#"{"term": {"en": 5}, "forbidden": {"ko": "툴바"}, "note": 3, "extra": true}"#, ["extra", "term.en", "forbidden.ko", "note"]),
            (#"{"term": {"en": "toolbar", "ko": "도구 막대"}, "forbidden": {"ko": ["도구 막대", ""], "en": ["x"]}}"#,
             ["forbidden.en", "forbidden.ko[0]", "forbidden.ko[1]"]),
            (#"{"term": {"en": "\#(String(repeating: "a", count: 201))"}}"#, ["term.en"]),
            // Blank once stored: only invisible characters (a lone zero-width joiner, a zero-width space).
            (#"{"term": {"en": "\u200D", "ko": " \u200B "}}"#, ["term.en", "term.ko"]),
            // Control characters: a term is a word or two, and one holding a NUL could not be looked up.
            (#"{"term": {"en": "tool\u0000bar", "ko": "도구\u0001"}, "forbidden": {"ko": ["a\tb"]}}"#, ["term.en", "term.ko", "forbidden.ko[0]"]),
        ]
        for (body, fields) in cases {
            let problem = try assertProblem(try write("POST", "/v1/glossary", body), status: 422)
            let invalid = try XCTUnwrap(problem["invalid_params"] as? [[String: Any]], body)
            XCTAssertEqual(Set(invalid.compactMap { $0["name"] as? String }), Set(fields), body)
        }
        try assertProblem(try write("POST", "/v1/glossary", "[]"), status: 400)
        try assertProblem(try write("POST", "/v1/glossary", "{"), status: 400)
        // JSON that Foundation's parser would take: a member given twice, a trailing comma.
        for body in [#"{"term": {"en": "twice"}, "term": {"en": "other"}}"#, #"{"term": {"en": "comma",}}"#] {
            let problem = try assertProblem(try write("POST", "/v1/glossary", body), status: 400)
            XCTAssertTrue((problem["detail"] as? String ?? "").hasPrefix("the body is not acceptable JSON: "), "\(problem)")
        }
        XCTAssertEqual(try app.store.glossary(), before, "no refused write changed the glossary")
    }

    /// A term is kept as every stored text is (NFC, trimmed), whether an editor or an import wrote
    /// it, so that it is found in either form and an imported term can be written back by the API.
    /// An import's term the API would refuse fails the import, and nothing of it is applied.
    func testTermsAreKeptNormalizedAndAnImportHoldsThemToTheAPIsRule() throws {
        let decomposed = "\u{1103}\u{1169}\u{1100}\u{116E} \u{1106}\u{1161}\u{11A8}\u{1103}\u{1162}"  // 도구 막대, in jamo
        let created = try write("POST", "/v1/glossary", #"{"term": {"en": " tool strip\u200B ", "ko": "\#(decomposed)"}}"#)
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(try created.jsonObject()["id"] as? Int)
        let shown = try app.get("/v1/glossary/\(id)").jsonObject()
        XCTAssertEqual((shown["term"] as? [String: String])?["ko"]?.unicodeScalars.count, 5, "composed into syllables")
        XCTAssertEqual(shown["term"] as? [String: String], ["en": "tool strip", "ko": "도구 막대"])
        XCTAssertEqual(try findings("/v1/glossary?term=\(encoded(decomposed))").first?["id"] as? Int, id)
        XCTAssertEqual(try findings("/v1/glossary?term=\(encoded("도구 막대"))").first?["id"] as? Int, id)

        let before = try app.store.glossary()
        func importLines(_ lines: [String]) throws -> [String: Any] {
            let body = Array(lines.joined(separator: "\n").utf8)
            return try XCTUnwrap(try app.followJob(try app.submitJob(body, query: "format=ndjson")).last)
        }
        let refused: [(line: String, field: String)] = [
            (#"{"kind":"glossary","term":{"en":"\#(String(repeating: "a", count: 201))","ko":"가"}}"#, "en"),
            (#"{"kind":"glossary","term":{"en":"tool\nbar","ko":"도구"}}"#, "en"),
            (#"{"kind":"glossary","term":{"en":"empty equivalent","ko":""}}"#, "ko"),
            (#"{"kind":"glossary","term":{"ko":"원본 없음"}}"#, "en"),
        ]
        for (line, field) in refused {
            let final = try importLines([#"{"kind":"glossary","term":{"en":"applied first","ko":"먼저"}}"#, line])
            XCTAssertEqual(final["status"] as? String, "failed", line)
            let error = final["error"] as? [String: Any]
            XCTAssertEqual(error?["line"] as? Int, 2, line)
            XCTAssertEqual((error?["field"] as? String)?.hasSuffix(".\(field)"), true, "\(error ?? [:])")
        }
        XCTAssertEqual(try app.store.glossary(), before, "a refused import changed no term, the valid line before it neither")

        let imported = try importLines([#"{"kind":"glossary","term":{"en":" side shelf ","ko":"\#(decomposed)선반"},"note":""}"#])
        XCTAssertEqual(imported["status"] as? String, "succeeded", "\(imported)")
        let term = try XCTUnwrap(try app.store.glossary().first { $0.term["en"] == "side shelf" })
        XCTAssertEqual(term.term["ko"], "도구 막대선반")
        XCTAssertNil(term.note)
        let written = try write("PUT", "/v1/glossary/\(term.id)", #"{"term": {"en": "side shelf", "ko": "도구 막대선반"}}"#)
        XCTAssertEqual(written.status, 200, written.text)

        // An import's term in another letter case updates that term, keeping its spelling.
        let count = try app.store.glossary().count
        XCTAssertEqual(try importLines([#"{"kind":"glossary","term":{"en":"SIDE Shelf","ko":"옆 선반"}}"#])["status"] as? String, "succeeded")
        XCTAssertEqual(try app.store.glossary().count, count)
        XCTAssertEqual(try app.store.glossaryTerm(id: term.id)?.term, ["en": "side shelf", "ko": "옆 선반"])
    }

    // MARK: Checks

    func testChecksFindMissingTermsAndForbiddenVariantsButNotTermsWithParticles() throws {
        let created = try write("POST", "/v1/glossary", #"{"term": {"en": "segment bar", "ko": "세그먼트 막대"}, "forbidden": {"ko": ["세그 바"]}}"#)
        XCTAssertEqual(created.status, 201, created.text)
        try addGuideline("with-particle", en: "Keep the segment bar short.", ko: "세그먼트 막대를 짧게 유지하세요.")
        try addGuideline("plural-source", en: "Segment bars group related choices.", ko: "세그먼트 막대는 관련 선택지를 묶습니다.")
        try addGuideline("missing-term", en: "Label every segment bar.", ko: "모든 막대에 레이블을 붙이세요.")
        try addGuideline("forbidden-variant", en: "Avoid crowding the segment bar.", ko: "세그 바를 복잡하게 만들지 마세요.")
        try addGuideline("other-word", en: "Segment bars need space.", ko: "세그먼트 막대기가 필요합니다.")

        let found = try findings("/v1/translations/checks?limit=100").filter { ($0["guideline"] as? String)?.hasPrefix("glossary-cases.") ?? false }
        var byGuideline: [String: [String: Any]] = [:]
        for finding in found { byGuideline[finding["guideline"] as! String] = finding }
        XCTAssertNil(byGuideline["glossary-cases.with-particle"], "세그먼트 막대를 carries the term with a particle")
        XCTAssertNil(byGuideline["glossary-cases.plural-source"], "a plural source uses the term, and the translation has it")
        let missing = try XCTUnwrap(byGuideline["glossary-cases.missing-term"])
        XCTAssertEqual(missing["problem"] as? String, "missing")
        XCTAssertEqual(missing["expected"] as? String, "세그먼트 막대")
        XCTAssertTrue(missing["found"] is NSNull)
        XCTAssertEqual((missing["term"] as? [String: Any])?["en"] as? String, "segment bar")
        XCTAssertEqual(missing["locale"] as? String, "ko")
        let forbidden = try XCTUnwrap(byGuideline["glossary-cases.forbidden-variant"])
        XCTAssertEqual(forbidden["problem"] as? String, "forbidden")
        XCTAssertEqual(forbidden["found"] as? String, "세그 바")
        XCTAssertEqual(byGuideline["glossary-cases.other-word"]?["problem"] as? String, "missing",
                       "막대기 is another word, not 막대 with a particle (plural source: segment bars)")
        XCTAssertEqual(found.count, 3)

        // One guideline's checks, and the same through a locale filter.
        XCTAssertEqual(try findings("/v1/guidelines/glossary-cases.missing-term/translations/checks").count, 1)
        XCTAssertEqual(try findings("/v1/guidelines/glossary-cases.with-particle/translations/checks?locale=ko").count, 0)
        try assertProblem(try app.get("/v1/guidelines/nope/translations/checks"), status: 404)
        try assertProblem(try app.get("/v1/translations/checks?locale=en"), status: 400, parameter: "locale")

        // Fixing the translation clears the finding.
        try addGuideline("missing-term", en: "Label every segment bar.", ko: "모든 세그먼트 막대에 레이블을 붙이세요.")
        XCTAssertEqual(try findings("/v1/guidelines/glossary-cases.missing-term/translations/checks").count, 0)
    }

    func testCheckPagesResumeFromTheirCursorWithoutLosingFindings() throws {
        let all = try findings("/v1/translations/checks?limit=100")
        var paged: [String] = []
        var target: String? = "/v1/translations/checks?limit=2"
        var pages = 0
        while let next = target, pages < 200 {
            let response = try app.get(next)
            XCTAssertEqual(response.status, 200, response.text)
            let page = try response.jsonObject()
            paged += items(page).map { "\($0["guideline"] ?? "") \(($0["term"] as? [String: Any])?["id"] ?? "")" }
            target = (page["next"] as? String).map { "/v1/translations/checks?limit=2&cursor=\($0)" }
            pages += 1
        }
        XCTAssertEqual(paged, all.map { "\($0["guideline"] ?? "") \(($0["term"] as? [String: Any])?["id"] ?? "")" })
    }

    func testTheMatchersOnTheirOwn() {
        XCTAssertTrue(TermMatcher.koreanText("진행률 표시줄을 쓰세요", uses: "진행률 표시줄"))
        XCTAssertTrue(TermMatcher.koreanText("(진행률 표시줄)", uses: "진행률 표시줄"))
        XCTAssertFalse(TermMatcher.koreanText("진행률 표시줄기", uses: "진행률 표시줄"))
        XCTAssertFalse(TermMatcher.koreanText("전진행률 표시줄", uses: "진행률 표시줄"))
        XCTAssertTrue(TermMatcher.englishText("Choose progress bars over spinners.", uses: "progress bar"))
        XCTAssertFalse(TermMatcher.englishText("Progress is shown in a bar.", uses: "progress bar"))
    }
}
