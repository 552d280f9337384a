import Foundation
import GuidebookTestSupport
import XCTest

/// The translation memory: lookups with their similarity (token-level edit ratio on stemmed words,
/// worked out by hand below), TMX out and in, imported memories kept apart and named, and the best
/// match carried in the translators' files. (translate-toolkit reads the TMX in Tests/Translators.)
final class TranslationMemoryTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
        // Ten words each; B differs from A in one word ("time" for "work"), C in four.
        try add("sheets.memory-a", "Show a progress bar when the remaining work is measurable.", korean: "남은 작업을 잴 수 있으면 진행률 표시줄을 보여 주세요.")
        try add("sheets.memory-b", "Show a progress bar when the remaining time is measurable.")
        try add("sheets.memory-c", "Show a spinner when the remaining work is unknown to everyone.", korean: "남은 작업을 알 수 없으면 스피너를 보여 주세요.")
        // The same as A but outdated: a memory gives only current translations.
        try add("sheets.memory-d", "Show a progress bar when the remaining work is measured.", korean: "오래된 번역.")
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/sheets.memory-d", #"{"text": "Show a progress bar when the remaining work is known."}"#).status, 200)
    }

    override func tearDown() {
        app.stop()
    }

    private func add(_ id: String, _ english: String, korean: String? = nil) throws {
        let body = try JSONSerialization.data(withJSONObject: ["id": id, "topic": "sheets", "section": "overview", "text": english])
        XCTAssertEqual(try app.send("POST", "/v1/guidelines", String(decoding: body, as: UTF8.self)).status, 201)
        if let korean {
            let translation = try JSONSerialization.data(withJSONObject: ["text": korean])
            XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", String(decoding: translation, as: UTF8.self)).status, 200)
        }
    }

    private func memory(_ id: String) throws -> [String: Any] {
        try json(try app.get("/v1/guidelines/\(id)/translations/ko/memory"))
    }

    func testALookupGivesTheTranslationsOfTheMostSimilarTextsWithTheirPercentAndTheWordsThatDiffer() throws {
        let answer = try memory("sheets.memory-b")
        XCTAssertEqual(answer["guideline"] as? String, "sheets.memory-b")
        XCTAssertEqual(answer["source"] as? String, "Show a progress bar when the remaining time is measurable.")
        XCTAssertEqual(answer["minimum"] as? Int, 70)
        XCTAssertTrue((answer["measure"] as? String ?? "").contains("edit ratio on stemmed English words"))
        let found = items(answer)
        // A: one word of ten replaced → 90. C: show a [progress bar → spinner: 1 replaced, 1 deleted] when the
        // remaining [time → work] is [measurable → unknown] [+to +everyone]: 6 edits of 11 → 45, not shown.
        // D is outdated: not shown. B itself is not its own match.
        XCTAssertEqual(found.count, 1, "\(found)")
        let match = try XCTUnwrap(found.first)
        XCTAssertEqual(match["similarity"] as? Int, 90)
        XCTAssertEqual(match["source"] as? String, "Show a progress bar when the remaining work is measurable.")
        XCTAssertEqual(match["translation"] as? String, "남은 작업을 잴 수 있으면 진행률 표시줄을 보여 주세요.")
        XCTAssertEqual(match["differences"] as? [String: [String]], ["missing": ["time"], "extra": ["work"]])
        XCTAssertEqual(match["origin"] as? [String: String], ["kind": "base", "unit": "guideline:sheets.memory-a", "address": "/v1/guidelines/sheets.memory-a"])
        // D translated again as a draft: still not offered (a draft is not a finished translation).
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/sheets.memory-d/translations/ko", #"{"text": "초안.", "state": "draft"}"#).status, 200)
        XCTAssertEqual(items(try memory("sheets.memory-b")).count, 1)
        // D translated, current: it is 80% like B (known/measurable and work/time differ).
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/sheets.memory-d/translations/ko", #"{"text": "새 번역."}"#).status, 200)
        let both = items(try memory("sheets.memory-b"))
        XCTAssertEqual(both.map { $0["similarity"] as? Int }, [90, 80])
    }

    /// A word held by more rows than a lookup reads for it (500: a common word of a large base) is
    /// not ranked over all its rows; the rows read are ranked by the probe words they hold, the
    /// rarer the heavier. 520 texts written first hold every common word of the text looked up, so
    /// the near match written after them shares only its rarer words with what is read for them:
    /// it is still found, ahead of the 520 (counting words alike, they would fill the candidates).
    func testALookupWhoseCommonWordsPassTheBoundFindsTheTextSharingItsRareWords() throws {
        for n in 0..<520 {
            try add("sheets.filler-\(n)", "Show a progress bar when the remaining work is listed in row \(n).")
        }
        try add("sheets.memory-e", "Show a progress bar when the remaining work is measurable overnight.", korean: "남은 작업을 밤사이 잴 수 있으면 진행률 표시줄을 보여 주세요.")
        try add("sheets.memory-f", "Show a progress bar when the remaining work is measurable overnight now.")
        let found = items(try memory("sheets.memory-f"))
        // E has the twelve words of F but "now": 1 edit of 12 → 91. A (setUp) lacks "overnight" and "now": 83.
        XCTAssertEqual(found.map { $0["source"] as? String }, ["Show a progress bar when the remaining work is measurable overnight.",
                                                               "Show a progress bar when the remaining work is measurable."], "\(found)")
        XCTAssertEqual(found.map { $0["similarity"] as? Int }, [91, 83])
    }

    func testTheLookupsRequestIsChecked() throws {
        try assertProblem(try app.get("/v1/guidelines/no.such/translations/ko/memory"), status: 404)
        try assertProblem(try app.get("/v1/guidelines/sheets.memory-b/translations/xx/memory"), status: 404)
        try assertProblem(try app.get("/v1/guidelines/sheets.memory-b/translations/en/memory"), status: 404)
        try assertProblem(try app.get("/v1/memory/export?format=csv"), status: 400, parameter: "format")
        try assertProblem(try app.get("/v1/memory/export?locale=xx"), status: 400, parameter: "locale")
    }

    func testTheBasesTranslationsGoOutAsTMX() throws {
        let response = try app.get("/v1/memory/export?format=tmx")
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/x-tmx+xml") ?? false)
        let tmx = response.text
        XCTAssertTrue(tmx.contains("<tmx version=\"1.4\">"))
        XCTAssertTrue(tmx.contains("srclang=\"en\""))
        XCTAssertTrue(tmx.contains("<tu tuid=\"guideline:sheets.memory-a\">"))
        XCTAssertFalse(tmx.contains("sheets.memory-b"), "a missing translation is no memory")
        XCTAssertFalse(tmx.contains("sheets.memory-d"), "nor an outdated one")
        XCTAssertFalse(tmx.contains("<!DOCTYPE"))
        // One unit per current translation.
        let coverage = items(try json(try app.get("/v1/translations/coverage"))).first { $0["locale"] as? String == "ko" }
        let current = try XCTUnwrap(coverage?["current"] as? Int)
        let guidelineUnits = tmx.components(separatedBy: "<tu tuid=\"guideline:").count - 1
        XCTAssertEqual(guidelineUnits, current)
    }

    func testTheTMXIsLabelledAsXMLOnlyWhenAcceptPrefersThat() throws {
        let tmx = try app.get("/v1/memory/export?format=tmx", headers: [("Accept", "application/x-tmx+xml")])
        XCTAssertEqual(tmx.header("Content-Type"), "application/x-tmx+xml; charset=utf-8")
        let xml = try app.get("/v1/memory/export?format=tmx", headers: [("Accept", "text/xml")])
        XCTAssertEqual(xml.status, 200, xml.text)
        XCTAssertEqual(xml.header("Content-Type"), "text/xml; charset=utf-8")
        XCTAssertEqual(xml.body, tmx.body, "the same file under another label")
        XCTAssertEqual(try app.get("/v1/memory/export", headers: [("Accept", "text/*")]).header("Content-Type"), "text/xml; charset=utf-8")
        XCTAssertEqual(try app.get("/v1/memory/export", headers: [("Accept", "text/xml;q=0.5, */*")]).header("Content-Type"),
                       "application/x-tmx+xml; charset=utf-8", "a higher q for anything keeps TMX's type")
        XCTAssertEqual(try app.get("/v1/memory/export", headers: [("Accept", "*/*")]).header("Content-Type"), "application/x-tmx+xml; charset=utf-8")
        try assertProblem(try app.get("/v1/memory/export", headers: [("Accept", "application/xml")]), status: 406)
    }

    /// A TMX of another tool's, with a unit like B and one without Korean.
    private static func tmx(srclang: String = "en", english: String = "en-US", korean: String = "ko-KR", swapTexts: Bool = false) -> String {
        let (en, ko) = ("Show a progress bar when the remaining time is measurable.", "남은 시간을 잴 수 있으면 진행률 표시줄을 보여 주세요.")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <tmx version="1.4">
              <header creationtool="OtherTool" creationtoolversion="2.1" datatype="plaintext" segtype="sentence" adminlang="en-US" srclang="\(srclang)" o-tmf="other"/>
              <body>
                <tu><tuv xml:lang="\(english)"><seg>\(swapTexts ? ko : en)</seg></tuv><tuv xml:lang="\(korean)"><seg>\(swapTexts ? en : ko)</seg></tuv></tu>
                <tu><tuv xml:lang="\(english)"><seg>Only English here.</seg></tuv></tu>
              </body>
            </tmx>
            """
    }

    private func importMemory(_ tmx: String, query: String = "name=other-tool.tmx") throws -> [String: Any] {
        let response = try app.request("POST", "/v1/memory/import?" + query, headers: [TestGuidebook.adminHeader], body: Array(tmx.utf8))
        XCTAssertEqual(response.status, 202, response.text)
        let id = try XCTUnwrap(try response.jsonObject()["id"] as? String)
        return try XCTUnwrap(try app.followJob(id).last)
    }

    func testAnImportedMemoryIsKeptApartAndShownWithItsOrigin() throws {
        let before = try app.translationFile("locale=ko&format=po")
        let job = try importMemory(Self.tmx())
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        let result = try XCTUnwrap(job["result"] as? [String: Any])
        XCTAssertEqual(result["units"] as? Int, 2)
        XCTAssertEqual(result["kept"] as? Int, 1)
        XCTAssertEqual(result["skipped"] as? Int, 1)
        XCTAssertEqual((result["memory"] as? [String: Any])?["target_locale"] as? String, "ko")
        // The base's translations are untouched.
        XCTAssertEqual(try app.translationFile("locale=ko&format=po"), before)
        XCTAssertFalse(try app.get("/v1/memory/export?format=tmx").text.contains("남은 시간을"))
        let memories = items(try json(try app.get("/v1/memory/imports")))
        XCTAssertEqual(memories.map { $0["name"] as? String }, ["other-tool.tmx"])
        XCTAssertEqual(memories.first?["creation_tool"] as? String, "OtherTool 2.1")
        XCTAssertEqual(memories.first?["units"] as? Int, 1)
        // A's English is 90% like the imported unit's, which is shown with where it came from.
        let found = items(try memory("sheets.memory-a"))
        let imported = try XCTUnwrap(found.first { ($0["origin"] as? [String: Any])?["kind"] as? String == "imported" }, "\(found)")
        XCTAssertEqual(imported["similarity"] as? Int, 90)
        XCTAssertEqual(imported["translation"] as? String, "남은 시간을 잴 수 있으면 진행률 표시줄을 보여 주세요.")
        let origin = try XCTUnwrap(imported["origin"] as? [String: Any])
        XCTAssertEqual(origin["name"] as? String, "other-tool.tmx")
        XCTAssertEqual(origin["creation_tool"] as? String, "OtherTool 2.1")
        // B's own text is in the imported memory word for word: 100%, before the base's 90%.
        let forB = items(try memory("sheets.memory-b"))
        XCTAssertEqual(forB.map { $0["similarity"] as? Int }, [100, 90])
    }

    func testATMXWhoseLanguagesAreSwappedIsRefusedWithItsLine() throws {
        let header = try importMemory(Self.tmx(srclang: "ko-KR"))
        XCTAssertEqual(header["status"] as? String, "failed")
        let headerError = try XCTUnwrap(header["error"] as? [String: Any])
        XCTAssertTrue((headerError["message"] as? String ?? "").contains("swapped"), "\(headerError)")
        XCTAssertEqual(headerError["line"] as? Int, 3)
        // Labels right, texts swapped: the Korean is marked English.
        let texts = try importMemory(Self.tmx(swapTexts: true))
        XCTAssertEqual(texts["status"] as? String, "failed")
        let textsError = try XCTUnwrap(texts["error"] as? [String: Any])
        XCTAssertTrue((textsError["message"] as? String ?? "").contains("swapped"), "\(textsError)")
        XCTAssertEqual(textsError["line"] as? Int, 5)
        XCTAssertEqual(items(try json(try app.get("/v1/memory/imports"))).count, 0, "nothing applied")
        // A DOCTYPE is refused in a TMX as in every XML file.
        let doctype = try importMemory(Self.tmx().replacingOccurrences(of: "<tmx ", with: "<!DOCTYPE tmx [<!ENTITY x \"y\">]>\n<tmx "))
        XCTAssertEqual(doctype["status"] as? String, "failed")
        XCTAssertEqual((doctype["error"] as? [String: Any])?["line"] as? Int, 2)
    }

    func testTheExportsCarryTheBestMatchOnUnitsToTranslate() throws {
        let xliff2 = try app.translationFile("locale=ko&format=xliff2&topic=sheets&matches=true")
        let unit = try XCTUnwrap(xliff2.range(of: "<unit id=\"guideline:sheets.memory-b\"").map { String(xliff2[$0.lowerBound...].prefix(1500)) })
        XCTAssertTrue(xliff2.contains("xmlns:mtc=\"urn:oasis:names:tc:xliff:matches:2.0\""))
        XCTAssertTrue(unit.contains("<mtc:match ref=\"#s\" type=\"tm\" similarity=\"90\" origin=\"guideline:sheets.memory-a\">"), unit)
        XCTAssertTrue(unit.contains("<segment id=\"s\" state=\"initial\">"), unit)
        let xliff12 = try app.translationFile("locale=ko&format=xliff12&topic=sheets&matches=true")
        XCTAssertTrue(xliff12.contains("<alt-trans match-quality=\"90\" origin=\"guideline:sheets.memory-a\">"))
        let po = try app.translationFile("locale=ko&format=po&topic=sheets&matches=true")
        XCTAssertTrue(po.contains("#. memory 90% (guideline:sheets.memory-a): 남은 작업을 잴 수 있으면 진행률 표시줄을 보여 주세요.\n"), po)
        // Without matches=true, none.
        XCTAssertFalse(try app.translationFile("locale=ko&format=po&topic=sheets").contains("#. memory"))
        // And a file with matches imports as any other: nothing changed, nothing written.
        let job = try app.importTranslations(xliff2)
        let result = try XCTUnwrap(job["result"] as? [String: Any], "\(job)")
        XCTAssertEqual((result["changes"] as? [[String: Any]])?.count, 0, "\(result)")
    }
}
