/// The language a piece of note text is written in, as far as the notes parser cares.
///
/// Notes are English with Korean translations, so two scripts matter; everything else
/// (digits, punctuation, emoji, other scripts) is `none`.
enum Script: Sendable, Equatable {
    case english
    case korean
    case none

    /// The other language of the pair; `none` stays `none`.
    var counterpart: Script {
        switch self {
        case .english: return .korean
        case .korean: return .english
        case .none: return .none
        }
    }
}

/// Decides whether text is English or Korean.
///
/// Rule: text is Korean when Hangul dominates its words. Dominance is measured per word rather than
/// per letter, because one Hangul syllable carries two or three letters' worth of sound and Korean
/// translations keep English terms verbatim: "Activity indicator보다 progress bar를 선호합니다." has
/// more Latin letters than Hangul syllables but is plainly a Korean sentence. A word containing any
/// Hangul counts as Korean (particles attach to English terms: "bar를"). Ties, and sentences that
/// end in a Hangul word while still having a good share of Hangul, are Korean, since Korean puts
/// its verb last and English sentences rarely end in Hangul.
enum ScriptClassifier {
    /// Word counts of one text, the inputs to `classify`.
    struct Counts: Equatable {
        var hangulWords = 0
        var latinWords = 0
        var lastLetteredWordIsHangul = false
    }

    /// Classifies `text` as English, Korean, or `none` when it has no letters of either script.
    static func classify<S: StringProtocol>(_ text: S) -> Script {
        let counts = count(text)
        if counts.hangulWords == 0 && counts.latinWords == 0 { return .none }
        if counts.hangulWords == 0 { return .english }
        if counts.latinWords == 0 { return .korean }
        if counts.hangulWords >= counts.latinWords { return .korean }
        if counts.lastLetteredWordIsHangul && counts.hangulWords * 3 >= counts.latinWords { return .korean }
        return .english
    }

    /// Counts Hangul and Latin words (whitespace-separated) in `text`.
    static func count<S: StringProtocol>(_ text: S) -> Counts {
        var counts = Counts()
        var wordHasHangul = false
        var wordHasLatin = false
        func endWord() {
            if wordHasHangul {
                counts.hangulWords += 1
                counts.lastLetteredWordIsHangul = true
            } else if wordHasLatin {
                counts.latinWords += 1
                counts.lastLetteredWordIsHangul = false
            }
            wordHasHangul = false
            wordHasLatin = false
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                endWord()
            } else if isHangul(scalar) {
                wordHasHangul = true
            } else if isLatinLetter(scalar) {
                wordHasLatin = true
            }
        }
        endWord()
        return counts
    }

    /// Whether `text` contains at least one Hangul character.
    static func containsHangul<S: StringProtocol>(_ text: S) -> Bool {
        text.unicodeScalars.contains(where: isHangul)
    }

    /// Whether `text` contains at least one Latin letter.
    static func containsLatin<S: StringProtocol>(_ text: S) -> Bool {
        text.unicodeScalars.contains(where: isLatinLetter)
    }

    /// Hangul syllables and jamo (text from some systems arrives decomposed, as jamo).
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF:
            return true
        default:
            return false
        }
    }

    /// ASCII and Latin-1/Latin Extended letters.
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A:
            return true
        case 0xC0...0x24F:
            return scalar.value != 0xD7 && scalar.value != 0xF7
        default:
            return false
        }
    }
}
