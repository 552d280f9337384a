/// Writes a `WikiDocument` as CommonMark: ATX headings, paragraphs, bullet lists and links, and
/// for each translation a block quote after its text. No raw HTML: every character of a text
/// that Markdown (CommonMark, GitHub's tables and strikethrough, math in `$`) could read as
/// markup is escaped with a backslash, so the text renders exactly as written. The same blocks
/// can be written for Python-Markdown instead (`MarkdownDialect`, the MkDocs layout).
///
/// ```markdown
/// # Progress Indicators
///
/// > 진행 표시기
///
/// - Don't leave people looking at a frozen screen …
///
///   > 앱이 콘텐츠를 불러오거나 …
/// ```
public enum MarkdownRenderer: WikiRenderer {
    /// Bytes a typical document's Markdown takes.
    public static let typicalSize = 4096

    /// Appends the document to `out`.
    public static func render(_ document: WikiDocument, into out: inout [UInt8]) {
        render(document, for: .commonMark, into: &out)
    }

    /// The document written for `dialect`'s parser (the MkDocs layout's pages are Python-Markdown).
    static func render(_ document: WikiDocument, for dialect: MarkdownDialect) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(typicalSize)
        render(document, for: dialect, into: &out)
        return out
    }

    /// Appends the document to `out`, its texts escaped for `dialect`.
    static func render(_ document: WikiDocument, for dialect: MarkdownDialect, into out: inout [UInt8]) {
        var previousWasList = false
        var bullet = UInt8(ascii: "-")
        for block in document.blocks {
            if !out.isEmpty { out.append(newline) }
            switch block {
            case .heading(let level, let line):
                out.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: max(1, min(level, 6))))
                out.append(space)
                appendInline(line, dialect, to: &out)
                out.append(newline)
                appendTranslations(line, indent: 0, dialect, to: &out)
                previousWasList = false
            case .paragraph(let line):
                appendInline(line, dialect, to: &out)
                out.append(newline)
                appendTranslations(line, indent: 0, dialect, to: &out)
                previousWasList = false
            case .list(let items):
                // Two lists in a row would run together in Markdown; a new bullet character starts a new list.
                bullet = previousWasList && bullet == UInt8(ascii: "-") ? UInt8(ascii: "*") : UInt8(ascii: "-")
                // A list whose items hold a translation is loose (blank lines between items), the others tight.
                let loose = items.contains { !$0.translations.isEmpty }
                for (index, item) in items.enumerated() {
                    if index > 0 && loose { out.append(newline) }
                    out.append(bullet)
                    out.append(space)
                    appendInline(item, dialect, to: &out)
                    out.append(newline)
                    appendTranslations(item, indent: 2, dialect, to: &out)
                }
                previousWasList = true
            }
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    /// Each translation as a block quote, after a blank line, indented under a list item.
    private static func appendTranslations(_ line: WikiLine, indent: Int, _ dialect: MarkdownDialect, to out: inout [UInt8]) {
        for translation in line.translations {
            out.append(newline)
            out.append(contentsOf: repeatElement(space, count: indent))
            out.append(UInt8(ascii: ">"))
            out.append(space)
            dialect.appendEscaped(translation.text, to: &out)
            out.append(newline)
        }
    }

    /// The line's text, as a link when it has one.
    private static func appendInline(_ line: WikiLine, _ dialect: MarkdownDialect, to out: inout [UInt8]) {
        guard let link = line.link else {
            dialect.appendEscaped(line.text.text, to: &out)
            return
        }
        out.append(UInt8(ascii: "["))
        dialect.appendEscaped(line.text.text, to: &out, atLineStart: false)
        out.append(contentsOf: "](".utf8)
        appendDestination(link, to: &out)
        out.append(UInt8(ascii: ")"))
    }

    /// A link destination: unreserved characters and `/` as they are, everything else percent-encoded.
    static func appendDestination(_ link: String, to out: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in link.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xf)])
            }
        }
    }

    /// Appends `text` (one line: `WikiRun` normalized it) so that it reads as plain text. At the
    /// start of a line, what would open a block (a list marker `-`, `+` or `1.`, a quote) is escaped
    /// too.
    static func appendEscaped(_ text: String, to out: inout [UInt8], atLineStart: Bool = true) {
        var text = text
        text.withUTF8 { bytes in
            var escapeAt = -1
            if atLineStart, let first = bytes.first {
                if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                    escapeAt = 0
                } else {
                    // An ordered-list marker: up to 9 digits, then `.` or `)`.
                    var digits = 0
                    while digits < bytes.count && digits < 10 && bytes[digits] >= UInt8(ascii: "0") && bytes[digits] <= UInt8(ascii: "9") { digits += 1 }
                    if digits > 0 && digits <= 9 && digits < bytes.count && (bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")")) {
                        escapeAt = digits
                    }
                }
            }
            for index in bytes.indices {
                let byte = bytes[index]
                if index == escapeAt || needsEscape[Int(byte)] { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
    }

    /// ASCII punctuation escaped wherever it stands: backslash, code, emphasis, links and images,
    /// raw HTML and autolinks, entities, headings, tables, strikethrough, math, and braces (MDX
    /// expressions in Docusaurus, attribute lists in Wiki.js and MkDocs).
    private static let needsEscape: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for character in "\\`*_[]<>&#|~${}" { table[Int(character.asciiValue!)] = true }
        return table
    }()
}
