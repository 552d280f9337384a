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
/// it is after one pass over its UTF-8.
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

    /// True when `text` shows nothing once stored: only white space and invisible characters
    /// (`isInvisible`), such as zero-width spaces or a lone zero-width joiner.
    public static func isBlank(_ text: String) -> Bool {
        // A visible ASCII character stays one (or part of one) in the stored form, and most texts
        // have one near their start: the whole text is then not normalized only to be asked this.
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7f }) { return false }
        return stored(text).unicodeScalars.allSatisfy { $0.properties.isWhitespace || isInvisible($0) }
    }

    /// True for a character that shows nothing of its own: Unicode's default-ignorable code points
    /// (zero-width joiners and non-joiners, U+034F COMBINING GRAPHEME JOINER, U+180E MONGOLIAN
    /// VOWEL SEPARATOR, invisible operators such as U+2061, soft hyphens, variation selectors,
    /// bidi controls) and the other format characters (Cf), less the prepended concatenation marks
    /// (U+0600 ARABIC NUMBER SIGN and its kind), which are drawn. Storing drops only some of these
    /// (those that split a word), so blankness asks for them all.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x034F, 0x180E: return true  // named too, so as not to depend on the Unicode version of the library
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return false
        default: return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
        }
    }

    private static func normalized(_ text: String, isQuery: Bool) -> String {
        // One pass to see whether anything changes (the usual answer is no), over the UTF-8 in
        // place (a native string's is; `withUTF8` makes any other so): it runs on every text an
        // import writes, and took 155M instructions in a 10,000-guideline realistic import when it
        // iterated the scalars, 65M so (callgrind).
        var contiguous = text
        let (folds, composes) = contiguous.withUTF8 { changes(in: $0, isQuery: isQuery) }
        guard folds || composes else { return text }
        var result = text
        if folds {
            var kept = String.UnicodeScalarView()
            var iterator = text.unicodeScalars.makeIterator()
            var next = iterator.next()
            while let scalar = next {
                next = iterator.next()
                switch change(scalar.value, isQuery: isQuery) {
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

    /// Whether a scalar of `bytes` (valid UTF-8, as a String's is) folds or goes (`folds`), and
    /// whether one needs composing.
    private static func changes(in bytes: UnsafeBufferPointer<UInt8>, isQuery: Bool) -> (folds: Bool, composes: Bool) {
        var folds = false, composes = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            // The lead byte gives the sequence's length; valid UTF-8 has every byte of it.
            let value: UInt32
            if lead < 0xE0 {
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
                // Hangul syllables, most of a Korean text, stay as they are.
                if value >= 0xAC00 && value <= 0xD7A3 { continue }
            } else {
                value = UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                    | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            switch change(value, isQuery: isQuery) {
            case .keep: continue
            case .compose: composes = true
            case .fold, .drop, .dropBetweenLetters: folds = true
            }
            if folds && composes { break }
        }
        return (folds, composes)
    }

    private enum Change { case keep, compose, fold, drop, dropBetweenLetters }

    /// What becomes of the scalar `value` (U+0080 or above).
    private static func change(_ value: UInt32, isQuery: Bool) -> Change {
        switch value {
        case 0xAD, 0x200B, 0x2060, 0xFEFF: return .drop
        case 0x200C, 0x200D: return .dropBetweenLetters
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .fold
        case 0xFF01...0xFF5E, 0x3000: return isQuery ? .fold : .keep
        default: return isComposed(value) ? .keep : .compose
        }
    }

    /// True for scalars NFC leaves as they are wherever they stand (no decomposition, and none
    /// combines with a scalar before it): the scripts and signs of English and Korean text, so
    /// that only other text pays for Foundation's normalization. Anything else is normalized.
    private static func isComposed(_ value: UInt32) -> Bool {
        switch value {
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
