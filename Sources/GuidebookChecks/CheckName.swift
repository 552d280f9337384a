/// Every quality check a translation goes through, by the name the API lists it under, with its
/// severity (docs/checks.md shows each with an example).
public enum CheckName: String, Sendable, CaseIterable {
    /// Format placeholders (`{count}`, `%d`, `%@`, `%1$s`) the same in source and translation.
    case placeholders
    /// Inline code spans (`` `isEnabled` ``) the same.
    case inlineCode = "inline_code"
    /// URLs the same.
    case urls
    /// Numbers (digits) the same.
    case numbers
    /// Markdown links: as many, to the same URLs.
    case markdownLinks = "markdown_links"
    /// Markdown emphasis (`*`, `**`, `_`): as many marks.
    case markdownEmphasis = "markdown_emphasis"
    /// Markdown list items: as many bullets and numbered items.
    case markdownLists = "markdown_lists"
    /// White space at the start and end as in the source.
    case edgeWhitespace = "edge_whitespace"
    /// Two spaces in a row where the source has none.
    case doubleSpaces = "double_spaces"
    /// The end punctuation's class (a question stays a question).
    case endPunctuation = "end_punctuation"
    /// The translation's length against the source's, outside the configured band.
    case lengthRatio = "length_ratio"
    /// The translation is the English text itself.
    case unchanged
    /// The source uses a glossary term and the translation lacks its approved equivalent.
    case glossaryMissing = "glossary_missing"
    /// The translation uses a forbidden variant of a glossary term.
    case glossaryForbidden = "glossary_forbidden"
    /// A Korean particle that does not agree with the word before it (`시트을` for `시트를`).
    case particles

    /// The severity its findings have.
    public var severity: CheckSeverity {
        switch self {
        case .placeholders, .inlineCode, .urls, .markdownLinks, .glossaryForbidden, .particles: return .error
        case .numbers, .markdownEmphasis, .markdownLists, .edgeWhitespace, .doubleSpaces, .endPunctuation, .lengthRatio,
             .unchanged, .glossaryMissing: return .warning
        }
    }
}
