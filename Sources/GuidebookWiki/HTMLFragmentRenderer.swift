/// Writes a `WikiDocument` as an HTML fragment to place inside a page: one `<article>` holding
/// headings, paragraphs and lists, each translation a `<blockquote>` after its text (the structure
/// CommonMark gives the Markdown rendering), with `lang` wherever a text's locale differs from
/// the article's. Every text and attribute value is escaped; there are no scripts, no event
/// handlers, no styles and nothing loaded from elsewhere.
public enum HTMLFragmentRenderer: WikiRenderer {
    /// Bytes a typical fragment takes.
    public static let typicalSize = 6144

    /// Appends the fragment to `out`.
    public static func render(_ document: WikiDocument, into out: inout [UInt8]) {
        let lang = document.languages.primary
        out.append(contentsOf: "<article class=\"guidebook-\(document.kind)\" lang=\"".utf8)
        appendEscaped(lang, to: &out)
        out.append(contentsOf: "\" data-guidebook-id=\"".utf8)
        appendEscaped(document.id, to: &out)
        out.append(contentsOf: "\">\n".utf8)
        for block in document.blocks {
            switch block {
            case .heading(let level, let line):
                let tag = "h\(max(1, min(level, 6)))"
                element(tag, line.text, context: lang, link: line.link, to: &out)
                out.append(newline)
                appendTranslations(line, context: lang, to: &out)
            case .paragraph(let line):
                element("p", line.text, context: lang, link: line.link, to: &out)
                out.append(newline)
                appendTranslations(line, context: lang, to: &out)
            case .list(let items):
                let loose = items.contains { !$0.translations.isEmpty }
                out.append(contentsOf: "<ul>\n".utf8)
                for item in items {
                    if loose {
                        out.append(contentsOf: "<li>".utf8)
                        element("p", item.text, context: lang, link: item.link, to: &out)
                        out.append(newline)
                        appendTranslations(item, context: lang, to: &out)
                        out.append(contentsOf: "</li>\n".utf8)
                    } else {
                        element("li", item.text, context: lang, link: item.link, to: &out)
                        out.append(newline)
                    }
                }
                out.append(contentsOf: "</ul>\n".utf8)
            }
        }
        out.append(contentsOf: "</article>\n".utf8)
    }

    private static let newline = UInt8(ascii: "\n")

    private static func appendTranslations(_ line: WikiLine, context: String, to out: inout [UInt8]) {
        for translation in line.translations {
            out.append(contentsOf: "<blockquote lang=\"".utf8)
            appendEscaped(translation.locale, to: &out)
            out.append(contentsOf: "\">\n".utf8)
            element("p", translation, context: translation.locale, link: nil, to: &out)
            out.append(contentsOf: "\n</blockquote>\n".utf8)
        }
    }

    /// `<tag>text</tag>`, with `lang` when the text's locale is not that of its surroundings.
    private static func element(_ tag: String, _ run: WikiRun, context: String, link: String?, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: tag.utf8)
        if run.locale != context {
            out.append(contentsOf: " lang=\"".utf8)
            appendEscaped(run.locale, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ">"))
        if let link {
            out.append(contentsOf: "<a href=\"".utf8)
            var destination: [UInt8] = []
            MarkdownRenderer.appendDestination(link, to: &destination)
            appendEscaped(String(decoding: destination, as: UTF8.self), to: &out)
            out.append(contentsOf: "\">".utf8)
            appendEscaped(run.text, to: &out)
            out.append(contentsOf: "</a>".utf8)
        } else {
            appendEscaped(run.text, to: &out)
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: tag.utf8)
        out.append(UInt8(ascii: ">"))
    }

    /// Appends `text` with `& < > " '` as character references (safe in text and in quoted attributes).
    public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
                default: out.append(byte)
                }
            }
        }
    }

    /// `text` escaped, as a string.
    public static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
