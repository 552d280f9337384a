import GuidebookText

/// Initial-consonant (초성) search: a query word made only of Hangul consonants (ㄱ–ㅎ), at least
/// two, stands for the Korean words whose syllables start with those consonants in order
/// (ㅅㅌㅍ → 스테퍼, ㅊㅅ → 취소). The words are cut to as many syllables as consonants were typed
/// (ㅈㅎ finds 진행 in 진행률을) and the forms more rows hold come first, bounded as completions are
/// (`completionRowShare`).
///
/// The initials index (`Words.byInitials`) is built with the vocabulary, once per generation of
/// the search index, so it follows every commit as the vocabulary does.
extension SearchVocabulary {
    /// Fewest consonants searched as initials (one lone consonant is a half-typed syllable).
    public static let minInitials = 2

    /// The initial-consonant numbers of `written` when it is only compatibility consonants that can
    /// start a syllable, at least `minInitials` of them; nil otherwise.
    public static func initials(of written: String) -> [UInt32]? {
        let initials = written.unicodeScalars.map { Hangul.initial(ofCompatibilityJamo: $0.value) }
        guard initials.count >= minInitials, initials.count <= maxLength, initials.allSatisfy({ $0 != nil }) else { return nil }
        return initials.map { $0! }
    }

    /// The Korean words `written` (consonants only) stands for as initials, at most `limit`, the
    /// forms more rows hold first; empty when `written` is not such a word or nothing matches.
    public func initialsMatches(of written: String, limit: Int, rowBudget: Int = .max) -> Completions {
        guard let typed = Self.initials(of: written), limit > 0 else { return Completions(forms: [], found: 0) }
        let words = korean
        func initials(_ number: Int) -> LazyMapSequence<ArraySlice<UInt32>, UInt32> {
            words.units(of: number).lazy.map { ($0 &- Hangul.firstSyllable) / 588 }
        }
        var low = 0, high = words.byInitials.count
        while low < high {
            let middle = (low + high) / 2
            if initials(Int(words.byInitials[middle])).lexicographicallyPrecedes(typed) { low = middle + 1 } else { high = middle }
        }
        var forms: [String: Int] = [:]
        var budget = Self.completionScanLimit
        var position = low
        while position < words.byInitials.count, budget > 0 {
            let number = Int(words.byInitials[position])
            guard initials(number).starts(with: typed) else { break }
            budget -= 1
            let form = Self.text(words.units(of: number).prefix(typed.count))
            forms[form, default: 0] += words.rows(of: number)
            position += 1
        }
        return Self.best(forms.map { ($0.key, $0.value) }, limit: limit, rowBudget: rowBudget, writtenRows: 0)
    }
}
