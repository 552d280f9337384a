import Foundation
import GuidebookCore
import XCTest

/// Text meant to break out of Markdown, HTML and YAML: markup of every kind, quotes, ampersands,
/// a leading list marker, a colon, line breaks.
public enum Hostile {
    public static let title = "- <script>alert(\"t\")</script> & 'quotes': # [x](javascript:alert(1))"
    public static let summary = "1. *emphasis* _under_ `code` <img src=x onerror=alert(1)> | a | b | ~~gone~~ $x$ &amp; \\ back\nslash"
    public static let guideline = "> quoted <a href=\"https://evil.example\">link</a> ![image](x.png) <!-- comment --> &lt; &#60; [ref]: /x \"t\""
    public static let korean = "<b>굵게</b> 그리고 \"따옴표\" & '작은따옴표' --- ***"

    /// A topic made of hostile texts, written through `KnowledgeWriter` (the real write path).
    public static func write(into store: Store, slug: String = "hostile-topic") throws {
        try store.write { writer in
            let topic = BundleTopic(
                slug: slug, category: "controls",
                title: ["en": title, "ko": korean], summary: ["en": summary],
                sections: [
                    BundleSection(key: "overview", title: [:], guidelines: [
                        BundleGuideline(id: "\(slug).first", text: ["en": guideline, "ko": korean]),
                    ]),
                    BundleSection(key: "details", title: ["en": "## <h2> & \"details\"", "ko": korean], guidelines: [
                        BundleGuideline(id: "\(slug).second", text: ["en": summary]),
                        BundleGuideline(id: "\(slug).third", text: ["en": "+ plus\tand tab", "ko": "2) 둘째"]),
                    ]),
                ]
            )
            _ = try writer.upsertTopic(topic, mode: .merge)
        }
    }
}

/// Reading HTML the way a test needs it.
public enum HTMLText {
    /// The text of `html`: tags removed, the five entities both renderers use decoded, runs of
    /// whitespace one space.
    public static func text(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The element structure of `html`: tag names only (attributes dropped), no text.
    public static func tags(_ html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "</?([a-zA-Z0-9]+)[^>]*>")
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).map { match in
            let whole = String(html[Range(match.range, in: html)!])
            return (whole.hasPrefix("</") ? "/" : "") + String(html[Range(match.range(at: 1), in: html)!]).lowercased()
        }
    }

    /// Markdown rendered by the system's `cmark` (CommonMark's reference implementation), failing
    /// the test when it exits with an error or writes any warning.
    public static func cmark(_ markdown: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try SystemTool.check("cmark", ["--to", "html"], input: markdown, file: file, line: line)
        XCTAssertEqual(result.errors, "", "cmark warned", file: file, line: line)
        return result.text
    }
}
