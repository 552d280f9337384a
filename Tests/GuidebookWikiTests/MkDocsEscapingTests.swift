import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
@testable import GuidebookWiki
import XCTest

/// The MkDocs layout's pages escape texts for Python-Markdown, MkDocs' parser, not for CommonMark:
/// a backslash only before a character Python-Markdown takes as an escape (any other backslash is
/// shown), `<` and `&` as entities, and no text can start an admonition, a heading, a list, a
/// quote, a code block or a table. Topics written through the real store, exported through
/// `LayoutExport`, the exact Markdown compared. (`make wiki-check` builds such a base with MkDocs.)
final class MkDocsEscapingTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var folder: String!

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-mkdocs-escaping-\(UUID().uuidString)").path
        addTeardownBlock { [guidebook, folder] in
            guidebook?.stop()
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// Writes an English-only topic in `controls` through `KnowledgeWriter`.
    private func write(_ slug: String, title: String, summary: String?, sections: [(key: String, title: String, texts: [String])]) throws {
        let topic = BundleTopic(slug: slug, category: "controls", title: ["en": title], summary: summary.map { ["en": $0] } ?? [:],
                                sections: sections.map { section in
                                    BundleSection(key: section.key, title: ["en": section.title], guidelines: section.texts.enumerated().map { index, text in
                                        BundleGuideline(id: "\(slug).\(section.key)-\(index)", text: ["en": text])
                                    })
                                })
        try guidebook.store.write { _ = try $0.upsertTopic(topic, mode: .merge) }
    }

    private func export(_ layout: WikiLayout) throws {
        try guidebook.store.read { reader in
            _ = try ExportDirectory(path: folder + "/" + layout.rawValue).update { try LayoutExport(layout: layout, reader: reader).forEachFile($0) }
        }
    }

    /// A page's Markdown after its front matter.
    private func body(_ path: String) throws -> String {
        let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        let end = try XCTUnwrap(text.range(of: "\n---\n\n"), "\(path) has no front matter")
        return String(text[end.upperBound...])
    }

    /// The texts the fuzzing run found, each exactly as the page writes it.
    func testObservedTextsAreWrittenAsPythonMarkdownReadsThem() throws {
        try write("escaping", title: "Escaping <T> & C#", summary: #"!!! danger "Injected box""#, sections: [
            ("observed", "Observed", ["Use < and & and ~ and $ as usual.", "&lt;script&gt; &amp;"]),
        ])
        try export(.mkdocs)
        XCTAssertEqual(try body("mkdocs/docs/controls/escaping.md"), ##"""
            # Escaping &lt;T> &amp; C\#

            \!!! danger "Injected box"

            ## Observed

            - Use &lt; and &amp; and ~ and $ as usual.
            - &amp;lt;script&amp;gt; &amp;amp;

            """##)
        let index = try body("mkdocs/docs/index.md")
        XCTAssertTrue(index.contains(##"- [Escaping &lt;T> &amp; C\#](controls/escaping.md)"##), index)
        // The Korean page is English standing in, under the layout's own admonition.
        let korean = try body("mkdocs/docs/controls/escaping.ko.md")
        XCTAssertTrue(korean.hasPrefix("!!! note \"번역 안내\"\n\n    "), korean)
        XCTAssertTrue(korean.contains("\n\\!!! danger \"Injected box\"\n"), korean)

        // The other layouts keep CommonMark's escaping.
        try export(.wikijs)
        let wikijs = try body("wikijs/guidebook/controls/escaping.md")
        XCTAssertTrue(wikijs.contains(#"- Use \< and \& and \~ and \$ as usual."#), wikijs)
        XCTAssertTrue(wikijs.contains(#"- \&lt;script\&gt; \&amp;"#), wikijs)
    }

    /// Every ASCII punctuation character, with what the page writes for a text that starts with it
    /// (a list item's start is a line's) and one that holds it inside.
    private static let punctuation: [(character: Character, atStart: String, inside: String)] = [
        ("!", #"!x"#, #"a!b"#),
        ("\"", #""x"#, #"a"b"#),
        ("#", ##"\#x"##, #"a#b"#),
        ("$", #"$x"#, #"a$b"#),
        ("%", #"%x"#, #"a%b"#),
        ("&", #"&amp;x"#, #"a&amp;b"#),
        ("'", #"'x"#, #"a'b"#),
        ("(", #"(x"#, #"a(b"#),
        (")", #")x"#, #"a)b"#),
        ("*", #"\*x"#, #"a\*b"#),
        ("+", #"\+x"#, #"a+b"#),
        (",", #",x"#, #"a,b"#),
        ("-", #"\-x"#, #"a-b"#),
        (".", #".x"#, #"a.b"#),
        ("/", #"/x"#, #"a/b"#),
        (":", #":x"#, #"a:b"#),
        (";", #";x"#, #"a;b"#),
        ("<", #"&lt;x"#, #"a&lt;b"#),
        ("=", #"=x"#, #"a=b"#),
        (">", #"\>x"#, #"a>b"#),
        ("?", #"?x"#, #"a?b"#),
        ("@", #"@x"#, #"a@b"#),
        ("[", #"\[x"#, #"a\[b"#),
        ("\\", #"\\x"#, #"a\\b"#),
        ("]", #"\]x"#, #"a\]b"#),
        ("^", #"^x"#, #"a^b"#),
        ("_", #"\_x"#, #"a\_b"#),
        ("`", #"\`x"#, #"a\`b"#),
        ("{", #"\{x"#, #"a\{b"#),
        ("|", #"\|x"#, #"a\|b"#),
        ("}", #"\}x"#, #"a\}b"#),
        ("~", #"~x"#, #"a~b"#),
    ]

    /// Texts that would add a block in Python-Markdown (with MkDocs' `tables` and `fenced_code` and
    /// the layout's `admonition`), and texts that look alike but would not.
    private static let markers: [(text: String, written: String)] = [
        (#"!!! danger "Injected box""#, #"\!!! danger "Injected box""#),
        ("!! twice", "!! twice"),
        ("# heading", ##"\# heading"##),
        ("#hashtag", ##"\#hashtag"##),
        ("> quote", #"\> quote"#),
        ("- item", #"\- item"#),
        ("--", #"\--"#),
        ("+ item", #"\+ item"#),
        ("* item", #"\* item"#),
        ("12. twelve", #"12\. twelve"#),
        ("१२. Devanagari digits", #"१२\. Devanagari digits"#),
        ("٣. an Arabic-Indic digit", #"٣\. an Arabic-Indic digit"#),
        ("1.5 seconds", "1.5 seconds"),
        ("3) Python-Markdown has no such list", "3) Python-Markdown has no such list"),
        ("| a | b |", #"\| a \| b \|"#),
        ("| --- | --- |", #"\| --- \| --- \|"#),
        ("~~~", "&#126;~~"),
        ("~~ two", "~~ two"),
        ("```", #"\`\`\`"#),
        ("    four spaces", "four spaces"),
        ("C#", ##"C\#"##),
        ("C##", ##"C#\#"##),
        ("[TOC]", #"\[TOC\]"#),
        ("[ref]: /x", #"\[ref\]: /x"#),
        ("{: .warning }", #"\{: .warning \}"#),
        ("<https://example.com>", "&lt;https://example.com>"),
        ("&#60; &lt; &amp;", "&amp;#60; &amp;lt; &amp;amp;"),
        (#"a\*b and a\~b"#, #"a\\\*b and a\\~b"#),
    ]

    func testEveryPunctuationCharacterAtALineStartAndInsideALine() throws {
        try write("escaping-table", title: "Escaping table", summary: "# Not a heading", sections: [
            // A list whose first two items read as a table's header and separator rows.
            ("rows", "Rows", ["a | b", "--- | ---"]),
            ("start", "Start", Self.punctuation.map { "\($0.character)x" }),
            ("inside", "Inside", Self.punctuation.map { "a\($0.character)b" }),
            ("markers", "Markers: C#", Self.markers.map(\.text)),
        ])
        try export(.mkdocs)
        let lines = try body("mkdocs/docs/controls/escaping-table.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = ["# Escaping table", "", ##"\# Not a heading"##, "", "## Rows", "", #"- a \| b"#, #"- \--- \| ---"#, "", "## Start", ""]
            + Self.punctuation.map { "- " + $0.atStart }
            + ["", "## Inside", ""] + Self.punctuation.map { "- " + $0.inside }
            + ["", ##"## Markers: C\#"##, ""] + Self.markers.map { "- " + $0.written } + [""]
        XCTAssertEqual(lines.count, expected.count, lines.joined(separator: "\n"))
        for (line, wanted) in zip(lines, expected) { XCTAssertEqual(line, wanted) }
    }

    /// Leading spaces and tabs never reach the escaping through a store (`WikiRun` trims them); for
    /// any other caller the first is a character reference, so no line becomes a code block.
    func testLeadingWhitespaceCannotIndentACodeBlock() {
        for (text, written) in [("    code", "&#32;   code"), ("\tcode", "&#9;code")] {
            var out: [UInt8] = []
            PythonMarkdownEscaping.append(text, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), written)
            out = []
            PythonMarkdownEscaping.append(text, to: &out, atLineStart: false)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), text, "inside a line, spaces are spaces")
        }
    }
}
