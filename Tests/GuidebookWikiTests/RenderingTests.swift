import Foundation
import GuidebookCore
import GuidebookTestSupport
@testable import GuidebookWiki
import XCTest

/// The Markdown and HTML renderings on the seed and on hostile text, checked with `cmark`: the
/// Markdown renders without warnings to exactly the structure and text of the HTML fragment, and
/// no text can add markup to either.
final class RenderingTests: XCTestCase {
    private var guidebook: TestGuidebook!

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        addTeardownBlock { [guidebook] in guidebook?.stop() }
    }

    private func topics() throws -> [Topic] {
        try guidebook.store.read { reader in
            try reader.topics(category: nil, after: nil, limit: 500).items.compactMap { try reader.topic(slug: $0.slug) }
        }
    }

    private static let languageForms = [["en"], ["ko"], ["en", "ko"], ["ko", "en"]]

    /// cmark's HTML of the Markdown and the HTML fragment have the same elements in the same order
    /// and the same text, for every seed topic, each of its sections and guidelines, in every form.
    func testMarkdownRendersThroughCmarkToTheHTMLFragment() throws {
        let topics = try topics()
        XCTAssertGreaterThan(topics.count, 5)
        var documents = 0
        for topic in topics {
            for locales in Self.languageForms {
                let languages = RenderLanguages(locales)
                var all = [WikiDocument.topic(topic, in: languages)]
                all += topic.sections.map { WikiDocument.section($0, of: topic.summary, in: languages) }
                all += topic.sections.flatMap(\.guidelines).prefix(3).map { WikiDocument.guideline($0, in: languages) }
                for document in all {
                    try assertSameStructure(document)
                    documents += 1
                }
            }
        }
        XCTAssertGreaterThan(documents, 100)
    }

    private func assertSameStructure(_ document: WikiDocument, file: StaticString = #filePath, line: UInt = #line) throws {
        let markdown = MarkdownRenderer.render(document)
        let fromCmark = try HTMLText.cmark(markdown, file: file, line: line)
        let fragment = String(decoding: HTMLFragmentRenderer.render(document), as: UTF8.self)
        let name = "\(document.kind) \(document.id) in \(document.languages.locales)"
        XCTAssertEqual(HTMLText.tags(fromCmark), HTMLText.tags(fragment).filter { $0 != "article" && $0 != "/article" },
                       "\(name): the Markdown's structure differs from the HTML fragment's", file: file, line: line)
        XCTAssertEqual(HTMLText.text(fromCmark), HTMLText.text(fragment), "\(name): the texts differ", file: file, line: line)
    }

    func testBilingualFormFollowsEachTextWithItsTranslation() throws {
        let topic = try XCTUnwrap(try topics().first { $0.summary.slug == "progress-indicators" })
        let markdown = String(decoding: MarkdownRenderer.render(.topic(topic, in: RenderLanguages(["en", "ko"]))), as: UTF8.self)
        XCTAssertTrue(markdown.hasPrefix("# Progress Indicators\n\n> 진행 표시기\n"), markdown)
        let guideline = topic.sections[0].guidelines[0]
        let english = try XCTUnwrap(guideline.text["en"]), korean = try XCTUnwrap(guideline.text["ko"])
        XCTAssertTrue(markdown.contains("- " + english + "\n\n  > " + korean + "\n"),
                      "a guideline is followed by its translation as a quotation inside the list item")
        let korean1 = String(decoding: MarkdownRenderer.render(.topic(topic, in: RenderLanguages(["ko"]))), as: UTF8.self)
        XCTAssertTrue(korean1.hasPrefix("# 진행 표시기\n"))
        XCTAssertFalse(korean1.contains(english), "one language renders that language alone")
        XCTAssertFalse(korean1.contains("> "), "one language has no quotations")
    }

    /// Hostile text comes out of cmark as the same text, with no element the renderer did not write.
    func testHostileTextCannotAddMarkup() throws {
        try Hostile.write(into: guidebook.store)
        let topic = try XCTUnwrap(try guidebook.store.read { try $0.topic(slug: "hostile-topic") })
        for locales in Self.languageForms {
            let document = WikiDocument.topic(topic, in: RenderLanguages(locales))
            try assertSameStructure(document)
            let fromCmark = try HTMLText.cmark(MarkdownRenderer.render(document))
            let fragment = String(decoding: HTMLFragmentRenderer.render(document), as: UTF8.self)
            let allowed: Set<String> = ["h1", "h2", "p", "ul", "li", "blockquote", "article"]
            for html in [fromCmark, fragment] {
                let tags = Set(HTMLText.tags(html).map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 })
                XCTAssertTrue(tags.isSubset(of: allowed), "unexpected elements \(tags.subtracting(allowed)) in \(locales): \(html)")
                XCTAssertFalse(html.contains("<script"), html)
                // No tag carries an attribute that could run or load anything (the text shows them, escaped).
                XCTAssertNil(html.range(of: #"<[a-zA-Z][^>]*\s(on[a-z]+|href|src|style)\s*="#, options: .regularExpression),
                             "an attribute came through: \(html)")
                XCTAssertTrue(html.contains("onerror=alert(1)&gt;"), "the hostile text is shown, escaped")
            }
            // Every text is there, as written (line breaks and tabs as spaces).
            let text = HTMLText.text(fragment)
            if locales[0] == "en" {
                for original in [Hostile.title, Hostile.summary, Hostile.guideline, "## <h2> & \"details\"", "+ plus and tab"] {
                    let expected = original.replacingOccurrences(of: "\n", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    XCTAssertTrue(text.contains(expected), "'\(expected)' is missing from \(text)")
                }
            }
            if locales.contains("ko") { XCTAssertTrue(text.contains(Hostile.korean), text) }
        }
    }

    func testHTMLEscapingCoversTextAndAttributes() {
        XCTAssertEqual(HTMLFragmentRenderer.escaped("<a href=\"x\" title='y'>&</a>"),
                       "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    func testMarkdownEscapesBlockStartsOnlyAtTheStartOfALine() {
        func escaped(_ text: String) -> String {
            var out: [UInt8] = []
            MarkdownRenderer.appendEscaped(text, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(escaped("- item"), "\\- item")
        XCTAssertEqual(escaped("+ item"), "\\+ item")
        XCTAssertEqual(escaped("12. item"), "12\\. item")
        XCTAssertEqual(escaped("3) item"), "3\\) item")
        XCTAssertEqual(escaped("1234567890. ten digits is no list"), "1234567890. ten digits is no list")
        XCTAssertEqual(escaped("a - b 1. c"), "a - b 1. c")
        XCTAssertEqual(escaped("*a* _b_ [c] <d> & # | ~ $ ` \\"), "\\*a\\* \\_b\\_ \\[c\\] \\<d\\> \\& \\# \\| \\~ \\$ \\` \\\\")
    }
}
