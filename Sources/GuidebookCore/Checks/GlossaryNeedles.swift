import GuidebookText
internal import SQLite

/// What a text must contain to possibly use a glossary term, so that after a glossary change only
/// those texts are checked again: for the English, the longest word's stem less its last letter
/// (every inflection the stemmer folds starts with it: `propert` for properties, `sto` for
/// stopped), matched in the lower-cased text; for every other locale, the last word of the term and
/// of each forbidden variant, matched as written (a particle may follow it).
struct GlossaryNeedles {
    private var english: [String] = []
    private var other: [String] = []

    /// Nil when an English term has letters SQLite's `lower()` does not fold (outside ASCII) or an
    /// apostrophe (which the stemmer drops): such a term cannot be looked for this way.
    init?(terms: [GlossaryTerm]) {
        for term in terms {
            guard term.source.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "'" }) else { return nil }
            if let stem = TermMatcher.englishStems(of: term.source).max(by: { $0.count < $1.count }) {
                english.append(String(stem.dropLast()).isEmpty ? stem : String(stem.dropLast()))
            }
            for (locale, text) in term.term where locale != SourceLocale.code {
                other += ([text] + (term.forbidden[locale] ?? [])).compactMap { $0.split(separator: " ").last.map(String.init) }
            }
        }
        english = Array(Set(english)).sorted()
        other = Array(Set(other)).sorted()
    }

    var isEmpty: Bool { english.isEmpty && other.isEmpty }

    /// The SQL condition on `column` (its parameters are `values`, numbered from 1).
    func condition(column: String) -> String {
        let lowered = english.indices.map { "instr(lower(\(column)), ?\($0 + 1)) > 0" }
        let written = other.indices.map { "instr(\(column), ?\(english.count + $0 + 1)) > 0" }
        return "(" + (lowered + written).joined(separator: " OR ") + ")"
    }

    /// The parameters of `condition(column:)`.
    var values: [SQLValue] { (english + other).map { .text($0) } }
}
