import CCMark
import Foundation

/// CommonMark rendered to HTML by cmark, the reference implementation, in its safe mode: raw
/// HTML (blocks and inline) is left out and replaced by a comment, links and images whose URL is
/// `javascript:`, `vbscript:`, `file:` or `data:` (other than a few image types) get an empty
/// one, and every text is escaped (`&`, `<`, `>`, `"`). Used for comments (docs/review.md).
public enum CommonMark {
    /// The HTML of `markdown`. cmark's options: safe (the default since 0.29; named here too),
    /// smart punctuation off, soft line breaks as written.
    public static func html(_ markdown: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SAFE
        // The bytes with their length, not a C string: a NUL in the text must not end it early
        // (cmark turns it into U+FFFD, as CommonMark says).
        let bytes = Array(markdown.utf8)
        let rendered = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_markdown_to_html($0, buffer.count, options) }
            } ?? cmark_markdown_to_html("", 0, options)
        }
        // cmark_markdown_to_html returns a string it allocated with malloc (NULL only when out of memory).
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The version of the cmark library in use (`0.30.2`).
    public static var version: String { String(cString: cmark_version_string()) }
}
