/// The language a piece of text is written in, as far as this bilingual product cares.
///
/// Texts are English with Korean translations, so two scripts matter; everything else (digits,
/// punctuation, emoji, other scripts) is `none`.
///
/// Rule (`of(_:)`): text is Korean when Hangul dominates its words. Dominance is measured per word
/// rather than per letter, because one Hangul syllable carries two or three letters' worth of sound
/// and Korean translations keep English terms verbatim: "Activity indicator보다 progress bar를
/// 선호합니다." has more Latin letters than Hangul syllables but is plainly a Korean sentence. A word
/// containing any Hangul counts as Korean (particles attach to English terms: "bar를"). Ties, and
/// sentences that end in a Hangul word while still having a good share of Hangul, are Korean, since
/// Korean puts its verb last and English sentences rarely end in Hangul.
public enum Script: Sendable, Equatable {
    case english
    case korean
    case none

    /// The other language of the pair; `none` stays `none`.
    public var counterpart: Script {
        switch self {
        case .english: return .korean
        case .korean: return .english
        case .none: return .none
        }
    }

    /// The language of `text`: English, Korean, or `none` when it has no letters of either script.
    @inlinable
    public static func of<S: StringProtocol>(_ text: S) -> Script {
        let counts = WordCounts(text)
        if counts.hangulWords == 0 && counts.latinWords == 0 { return .none }
        if counts.hangulWords == 0 { return .english }
        if counts.latinWords == 0 { return .korean }
        if counts.hangulWords >= counts.latinWords { return .korean }
        if counts.lastLetteredWordIsHangul && counts.hangulWords * 3 >= counts.latinWords { return .korean }
        return .english
    }

    /// Hangul and Latin words (whitespace-separated) of one text, the inputs to `of(_:)`.
    @usableFromInline
    struct WordCounts: Equatable {
        @usableFromInline var hangulWords = 0
        @usableFromInline var latinWords = 0
        @usableFromInline var lastLetteredWordIsHangul = false

        @inlinable
        init<S: StringProtocol>(_ text: S) {
            var wordHasHangul = false
            var wordHasLatin = false
            func endWord() {
                if wordHasHangul {
                    hangulWords += 1
                    lastLetteredWordIsHangul = true
                } else if wordHasLatin {
                    latinWords += 1
                    lastLetteredWordIsHangul = false
                }
                wordHasHangul = false
                wordHasLatin = false
            }
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    endWord()
                } else if Hangul.contains(scalar) {
                    wordHasHangul = true
                } else if Latin.isLetter(scalar) {
                    wordHasLatin = true
                }
            }
            endWord()
        }
    }
}
