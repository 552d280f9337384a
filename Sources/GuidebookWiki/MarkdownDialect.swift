/// The Markdown parser a rendering is written for. The blocks are the same for every parser; how a
/// text is escaped is not: a backslash before a character the parser does not take as an escape is
/// shown, so each parser gets its own escaping.
enum MarkdownDialect: Sendable {
    /// CommonMark with GitHub's, Wiki.js's and MDX's additions: the API's `.md` renderings, the
    /// Git-ready export, Wiki.js, Docusaurus, BookStack (`MarkdownRenderer.appendEscaped`).
    case commonMark
    /// Python-Markdown as MkDocs runs it (`PythonMarkdownEscaping`).
    case pythonMarkdown

    /// Appends `text` (one line) so that this parser reads it as plain text; `atLineStart`: the
    /// text starts a line (or a list item), where block markers count.
    func appendEscaped(_ text: String, to out: inout [UInt8], atLineStart: Bool = true) {
        switch self {
        case .commonMark: MarkdownRenderer.appendEscaped(text, to: &out, atLineStart: atLineStart)
        case .pythonMarkdown: PythonMarkdownEscaping.append(text, to: &out, atLineStart: atLineStart)
        }
    }
}
