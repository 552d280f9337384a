import Foundation

/// Text as Guidebook stores and searches it (issue 23 item 5), so that what looks the same is
/// found the same way, whichever keyboard, clipboard or file system it came through:
///
/// - Unicode NFC: decomposed Hangul (as macOS file names and some clipboards give it: ᄌ ᅵ ᆫ for
///   진) is composed into syllables, and Latin letters with combining accents into their letters;
/// - fullwidth Latin letters and digits (`ｓｈｅｅｔ`, `ＵＩ`, `１２`) become ASCII;
/// - the invisible characters that split a word where nothing shows go: zero-width spaces, word
///   joiners, byte-order marks and soft hyphens (U+200B, U+2060, U+FEFF, U+00AD) always, zero-width
///   joiners and non-joiners (U+200C, U+200D) between two Latin or Hangul letters or digits (which
///   never join), but not in an emoji sequence or a script that uses them.
///
/// A query is also freed of fullwidth signs and the ideographic space (`＂ｓｈｅｅｔ＂`, `－ｗｏｒｄ`),
/// so its syntax works as typed; stored text keeps them, since they are how the author set the
/// text and never part of a word. Text that needs none of this (almost all of it) is returned as
/// it is after one pass over its scalars.
public enum TextNormalization {
    /// The rules' version: a knowledge base whose texts were stored under another one has them
    /// normalized again when it is opened (`TextRows.normalizeStoredTexts`).
    public static let version = "1"

    /// `text` as the knowledge base stores it (every text row is written this way).
    public static func stored(_ text: String) -> String { normalized(text, isQuery: false) }

    /// `text` as stored when that differs from `text` byte for byte (Swift's `==` would call
    /// decomposed and composed Hangul equal); nil when `text` is stored as it is.
    public static func storedIfChanged(_ text: String) -> String? {
        let stored = normalized(text, isQuery: false)
        return stored.utf8.elementsEqual(text.utf8) ? nil : stored
    }

    /// `text` as a query is searched: stored text's rules, and fullwidth signs and the ideographic
    /// space folded to ASCII.
    public static func query(_ text: String) -> String { normalized(text, isQuery: true) }

    /// True when `text` holds nothing but white space once stored (only zero-width spaces, say).
    public static func isBlank(_ text: String) -> Bool {
        stored(text).unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    private static func normalized(_ text: String, isQuery: Bool) -> String {
        let scalars = text.unicodeScalars
        // One pass to see whether anything changes (the usual answer is no).
        var folds = false, composes = false
        for scalar in scalars where scalar.value >= 0x80 {
            switch change(scalar, isQuery: isQuery) {
            case .keep: continue
            case .compose: composes = true
            case .fold, .drop, .dropBetweenLetters: folds = true
            }
            if folds && composes { break }
        }
        guard folds || composes else { return text }
        var result = text
        if folds {
            var kept = String.UnicodeScalarView()
            var iterator = scalars.makeIterator()
            var next = iterator.next()
            while let scalar = next {
                next = iterator.next()
                switch change(scalar, isQuery: isQuery) {
                case .keep, .compose: kept.append(scalar)
                case .fold: kept.append(Unicode.Scalar(scalar.value == 0x3000 ? 0x20 : scalar.value - 0xFEE0)!)
                case .drop: continue
                case .dropBetweenLetters:
                    if let before = kept.last, let after = next, isLetterThatNeverJoins(before), isLetterThatNeverJoins(after) { continue }
                    kept.append(scalar)
                }
            }
            result = String(kept)
        }
        return composes ? result.precomposedStringWithCanonicalMapping : result
    }

    private enum Change { case keep, compose, fold, drop, dropBetweenLetters }

    /// What becomes of `scalar` (U+0080 or above).
    private static func change(_ scalar: Unicode.Scalar, isQuery: Bool) -> Change {
        switch scalar.value {
        case 0xAD, 0x200B, 0x2060, 0xFEFF: return .drop
        case 0x200C, 0x200D: return .dropBetweenLetters
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .fold
        case 0xFF01...0xFF5E, 0x3000: return isQuery ? .fold : .keep
        default: return isComposed(scalar) ? .keep : .compose
        }
    }

    /// True for scalars NFC leaves as they are wherever they stand (no decomposition, and none
    /// combines with a scalar before it): the scripts and signs of English and Korean text, so
    /// that only other text pays for Foundation's normalization. Anything else is normalized.
    private static func isComposed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80..<0x300,         // Latin-1 and Latin Extended: composed letters, no combining marks
             0x2002...0x205F,      // spaces, dashes, quotes, bullets (U+2000 and U+2001 are singletons)
             0x2190...0x21FF, 0x2500...0x27BF,  // arrows, box drawing, shapes, dingbats
             0x3001...0x3029, 0x3030...0x303F,  // CJK punctuation (U+302A–302F combine)
             0x3131...0x318E,      // Hangul compatibility jamo
             0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs (not the compatibility ones)
             0xAC00...0xD7A3,      // Hangul syllables
             0xFF01...0xFFEF,      // halfwidth and fullwidth forms (compatibility mappings only)
             0x1F300...0x1FAFF:    // emoji
            return true
        default:
            return false
        }
    }

    /// Letters and digits of scripts in which a zero-width joiner or non-joiner changes nothing.
    private static func isLetterThatNeverJoins(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x30 && scalar.value <= 0x39) || Latin.isLetter(scalar) || Hangul.contains(scalar)
    }
}
