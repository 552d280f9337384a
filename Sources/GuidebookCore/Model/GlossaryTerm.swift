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

    /// The term's version: what its ETag starts with and what `If-Match` on its writes is compared
    /// with (as `ResourceVersion` is for topics). The table keeps no revision, so it is a hash of
    /// the id and everything the term holds: a write based on a version whose content is there
    /// again loses nothing. Each part is length-prefixed so that no two terms hash the same text.
    public var version: String {
        var hash = ContentHash()
        func add(_ part: String) {
            hash.add(String(part.utf8.count))
            hash.add(":")
            hash.add(part)
        }
        add("glossary")
        add(String(id))
        for (locale, text) in term.sorted(by: { $0.key < $1.key }) {
            add(locale)
            add(text)
        }
        add("forbidden")
        for (locale, variants) in forbidden.sorted(by: { $0.key < $1.key }) {
            add(locale)
            add(String(variants.count))
            for variant in variants.sorted() { add(variant) }
        }
        add(note.map { "note:" + $0 } ?? "no note")
        return hash.hex
    }
}
