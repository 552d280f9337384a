/// A glossary term: the English term, its approved equivalent per locale, and per locale the
/// variants a translation must not use instead.
public struct GlossaryTerm: Sendable, Equatable {
    /// The row's id (stable while the term exists): `/v1/glossary/{id}`.
    public var id: Int64
    /// The term by locale; `en` (the source) is always there.
    public var term: LocalizedText
    /// Forbidden variants by locale, each list sorted.
    public var forbidden: [String: [String]]
    /// A usage note, in English.
    public var note: String?

    public init(id: Int64, term: LocalizedText, forbidden: [String: [String]] = [:], note: String? = nil) {
        (self.id, self.term, self.forbidden, self.note) = (id, term, forbidden, note)
    }

    /// The English term.
    public var source: String { term[SourceLocale.code] ?? "" }
}
