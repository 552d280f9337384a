import GuidebookText

/// What a glossary term, equivalent or forbidden variant may be, and the form it is kept in. The
/// API's writes and imports both go through it, so that a term one of them stores the other can
/// write back, and the checks, which match terms against stored (normalized) text, can find it.
public enum GlossaryTermRule {
    /// Longest term, equivalent or variant, in code points (as the variants table's CHECK counts).
    public static let maxLength = 200
    /// Longest note, in characters.
    public static let maxNoteLength = 2000
    /// Why a text that `stored` refuses is refused.
    public static let requirement = "must be 1 to \(maxLength) characters on one line, without control characters"

    /// `text` as the glossary keeps it: normalized as every stored text is, then trimmed; nil when
    /// that is blank (white space or invisible characters only), longer than `maxLength`, more
    /// than one line or holds a control character (a term is a word or two, and `?term=` could not
    /// look one with a NUL up).
    public static func stored(_ text: String) -> String? {
        // Normalized before trimming: a zero-width space that storing drops may hide a space.
        let kept = String(TextNormalization.stored(text).trimmingSpaces())
        guard !TextNormalization.isBlank(kept), kept.unicodeScalars.count <= maxLength, !kept.contains(where: \.isNewline),
              !kept.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return kept
    }

    /// `entry` with its texts as the glossary keeps them, or `StoreError.invalid` naming the first
    /// one that cannot be kept (the source term is required).
    static func kept(_ entry: BundleGlossaryEntry) throws -> BundleGlossaryEntry {
        let name = "glossary term '\((entry.term[SourceLocale.code] ?? "").prefix(80))'"
        guard entry.term[SourceLocale.code] != nil else {
            throw StoreError.invalid(field: "\(name).\(SourceLocale.code)", reason: "the source-locale term is required")
        }
        var kept = entry
        for (locale, text) in entry.term {
            guard let stored = GlossaryTermRule.stored(text) else {
                throw StoreError.invalid(field: "\(name).\(locale)", reason: GlossaryTermRule.requirement)
            }
            kept.term[locale] = stored
        }
        if let note = entry.note, note.count > GlossaryTermRule.maxNoteLength {
            throw StoreError.invalid(field: "\(name).note", reason: "longer than \(GlossaryTermRule.maxNoteLength) characters")
        }
        kept.note = entry.note.map(TextNormalization.stored).flatMap { $0.isEmpty ? nil : $0 }
        return kept
    }
}
