import Foundation
import GuidebookTestSupport
import XCTest

/// `GET /v1/translations/export`: one unit per text with its state, in each format, and every
/// text escaped. (Tests/Translators reads the same files with translate-toolkit, polib, msgfmt
/// and xmllint.)
final class TranslationExportTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func export(_ query: String) throws -> String {
        let response = try app.get("/v1/translations/export?" + query)
        XCTAssertEqual(response.status, 200, response.text)
        return response.text
    }

    /// The PO entry (from its `msgctxt` to the blank line after it) of unit `id`.
    private func poEntry(_ po: String, _ id: String) throws -> String {
        let blocks = po.components(separatedBy: "\n\n")
        return try XCTUnwrap(blocks.first { $0.contains("msgctxt \"\(id)\"\n") }, "no entry \(id)")
    }

    func testAnOutdatedTranslationIsFuzzyInPOAndOutdatedInXLIFF() throws {
        let id = "progress-indicators.prefer-progress-bars"
        XCTAssertFalse(try poEntry(try export("locale=ko&format=po"), "guideline:\(id)").contains("#, fuzzy"))
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "Prefer a progress bar whenever the remaining work is known."}"#).status, 200)

        let entry = try poEntry(try export("locale=ko&format=po"), "guideline:\(id)")
        XCTAssertTrue(entry.contains("#, fuzzy\n"), entry)
        XCTAssertTrue(entry.contains("msgid \"Prefer a progress bar whenever the remaining work is known.\"\n"), entry)
        XCTAssertTrue(entry.contains("#. English revision 2\n"), entry)
        XCTAssertTrue(entry.contains("#: /v1/guidelines/\(id)\n"), entry)

        let xliff = try export("locale=ko&format=xliff2")
        let unit = try XCTUnwrap(xliff.range(of: "<unit id=\"guideline:\(id)\"").map { String(xliff[$0.lowerBound...].prefix(while: { _ in true }).prefix(2000)) })
        XCTAssertTrue(unit.contains("gb:revision=\"2\" gb:translatedRevision=\"1\""), unit)
        XCTAssertTrue(unit.contains("<segment state=\"initial\" subState=\"gb:outdated\">"), unit)

        // Only the outdated: that one guideline, nothing current or missing.
        let outdated = try export("locale=ko&format=po&state=outdated")
        XCTAssertEqual(outdated.components(separatedBy: "\nmsgctxt ").count - 1, 1, outdated)
    }

    func testEveryTextIsEscapedAndNoEntityIsDeclared() throws {
        let hostile = "]]> <a href=\"x\">&amp;</a> &xxe; <!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]> 'q'\u{1}end"
        let body = try JSONSerialization.data(withJSONObject: ["id": "sheets.hostile", "topic": "sheets", "section": "overview", "text": hostile])
        XCTAssertEqual(try app.send("POST", "/v1/guidelines", String(decoding: body, as: UTF8.self)).status, 201)
        for format in ["xliff2", "xliff12"] {
            let xml = try export("locale=ko&format=\(format)")
            XCTAssertFalse(xml.contains("<!DOCTYPE"), format)
            XCTAssertFalse(xml.contains("<!ENTITY"), format)
            XCTAssertFalse(xml.contains("<a href"), format)
            XCTAssertTrue(xml.contains("]]&gt; &lt;a href=\"x\"&gt;&amp;amp;&lt;/a&gt; &amp;xxe; &lt;!DOCTYPE x [&lt;!ENTITY xxe SYSTEM \"file:///etc/passwd\"&gt;]&gt; 'q'"),
                          format)
        }
        XCTAssertTrue(try export("locale=ko&format=xliff2").contains("'q'<cp hex=\"0001\"/>end"))
        let entry = try poEntry(try export("locale=ko&format=po"), "guideline:sheets.hostile")
        XCTAssertTrue(entry.contains(#"msgid "]]> <a href=\"x\">&amp;</a> &xxe; <!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]> 'q'\001end""#), entry)
    }

    func testOneFilePerTopicAndTheUnitsInReadingOrder() throws {
        let xliff = try export("locale=ko&format=xliff2&topic=progress-indicators")
        XCTAssertEqual(xliff.components(separatedBy: "<file id=").count - 1, 1)
        let ids = xliff.components(separatedBy: "<unit id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(Array(ids.prefix(2)), ["topic:progress-indicators:title", "topic:progress-indicators:summary"])
        // The overview section has no title: its guideline comes first; then each section's title
        // before its guidelines.
        let order = ["guideline:progress-indicators.avoid-static-screens", "section:progress-indicators:activity-indicators",
                     "guideline:progress-indicators.activity-indicator-basics", "section:progress-indicators:progress-bars",
                     "guideline:progress-indicators.progress-bar-basics"]
        XCTAssertEqual(order.compactMap { ids.firstIndex(of: $0) }, order.compactMap { ids.firstIndex(of: $0) }.sorted(), "\(ids)")
        XCTAssertEqual(order.compactMap { ids.firstIndex(of: $0) }.count, order.count, "\(ids)")
        XCTAssertEqual(Set(ids).count, ids.count)
        let all = try export("locale=ko&format=xliff2")
        let topics = try json(try app.get("/v1/topics?limit=100"))
        XCTAssertEqual(all.components(separatedBy: "<file id=").count - 1, items(topics).count)
    }

    func testBadParametersAreProblems() throws {
        for query in ["format=po", "locale=ko&format=docx", "locale=en", "locale=xx", "locale=ko&state=done", "locale=ko&state=missing,", "locale=ko&topic=nope"] {
            let response = try app.get("/v1/translations/export?" + query)
            XCTAssertEqual(response.status, 400, query)
            XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/problem+json") ?? false, query)
        }
    }
}
