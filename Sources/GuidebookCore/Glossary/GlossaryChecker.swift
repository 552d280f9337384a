import GuidebookText

/// A translation that does not follow the glossary: its English source uses a term, and the
/// translation lacks the term's approved equivalent (`missing`) or uses a forbidden variant.
public struct GlossaryFinding: Sendable, Equatable {
    /// What is wrong.
    public enum Kind: String, Sendable { case missing, forbidden }

    /// The guideline's id (its key).
    public var guideline: String
    public var locale: String
    /// The glossary term's id and English term.
    public var termID: Int64
    public var term: String
    /// The approved equivalent in `locale`.
    public var expected: String
    /// The forbidden variant the translation uses instead (nil when it just lacks the equivalent).
    public var found: String?
    public var kind: Kind
}

/// Checks translations against the glossary. English sources are matched by word stems
/// (`TermMatcher.englishText`: a plural source uses the singular term) or, for terms that share
/// their stems with another (`modal`, `modality`), by their words as written
/// (`TermMatcher.englishWords`); translations as words that may carry particles
/// (`TermMatcher.koreanUses`: `진행률 표시줄을` has `진행률 표시줄`). A forbidden variant is looked
/// for outside the approved equivalent's own uses (a variant that is part of it is not a finding
/// where the approved term is written).
public struct GlossaryChecker: Sendable {
    /// A term with what its English is matched by.
    private struct Entry: Sendable {
        let term: GlossaryTerm
        let stems: [String]
        let words: [String]
        /// True when another term has the same stems: then the words as written decide.
        let sharesStems: Bool

        /// True when a text of `words` (and their `stems`) uses the term.
        func isUsed(inWords words: [String], stems textStems: [String]) -> Bool {
            guard TermMatcher.englishStems(textStems, contain: stems) else { return false }
            return !sharesStems || TermMatcher.englishWords(words, contain: self.words)
        }
    }

    private let entries: [Entry]

    public init(terms: [GlossaryTerm]) {
        let prepared = terms.map { ($0, TermMatcher.englishStems(of: $0.source), EnglishWords.words($0.source)) }.filter { !$0.1.isEmpty }
        var termsPerStems: [[String]: Int] = [:]
        for (_, stems, _) in prepared { termsPerStems[stems, default: 0] += 1 }
        entries = prepared.map { Entry(term: $0.0, stems: $0.1, words: $0.2, sharesStems: termsPerStems[$0.1, default: 0] > 1) }
    }

    /// The terms the English `source` uses (matched as `findings` matches them).
    public func terms(in source: String) -> [GlossaryTerm] {
        let words = EnglishWords.words(source)
        let stems = words.map(EnglishStemmer.stem)
        return entries.filter { $0.isUsed(inWords: words, stems: stems) }.map(\.term)
    }

    /// The findings for one guideline: its English `source` and its translations by locale.
    public func findings(guideline: String, source: String, translations: LocalizedText) -> [GlossaryFinding] {
        // No terms, nothing to find: the English is not split and stemmed for nothing (an import
        // into a file without a glossary checks every translation it writes).
        guard !entries.isEmpty else { return [] }
        let words = EnglishWords.words(source)
        let stems = words.map(EnglishStemmer.stem)
        let present = Set(stems)
        var findings: [GlossaryFinding] = []
        for entry in entries where present.contains(entry.stems[0]) && entry.isUsed(inWords: words, stems: stems) {
            let term = entry.term
            for (locale, text) in translations.sorted(by: { $0.key < $1.key }) where locale != SourceLocale.code {
                guard let expected = term.term[locale] else { continue }
                let uses = TermMatcher.koreanUses(of: expected, in: text)
                let variants = term.forbidden[locale] ?? []
                var variant: String?
                if !variants.isEmpty {
                    var masked = Array(text)
                    for range in uses { for index in range { masked[index] = " " } }
                    let outside = String(masked)
                    variant = variants.first { TermMatcher.koreanText(outside, uses: $0) }
                }
                guard variant != nil || uses.isEmpty else { continue }
                findings.append(GlossaryFinding(guideline: guideline, locale: locale, termID: term.id, term: term.source,
                                                expected: expected, found: variant, kind: variant == nil ? .missing : .forbidden))
            }
        }
        return findings
    }
}
