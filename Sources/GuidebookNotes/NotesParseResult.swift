import GuidebookCore

/// What `NotesParser` made of one notes file.
public struct NotesParseResult: Sendable, Equatable {
    /// The topics found, in the parser's category; ready for `POST /v1/imports`.
    public var bundle: KnowledgeBundle
    /// Everything the parser could not place, or placed only in part, in line order.
    public var warnings: [ImportWarning]
    /// How many paragraphs the parser read: prose (wrapped lines joined), headings, captions,
    /// footers and stray lines; blank lines and markup-only lines are not counted.
    public var paragraphsParsed: Int

    /// Creates a result.
    public init(bundle: KnowledgeBundle, warnings: [ImportWarning], paragraphsParsed: Int) {
        self.bundle = bundle
        self.warnings = warnings
        self.paragraphsParsed = paragraphsParsed
    }
}
