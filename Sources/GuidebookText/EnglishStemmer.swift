/// The English stemmer: a light one that folds the common inflections of a word (indicators →
/// indicator, settings → set, properties → property) so that one word finds the others of its family.
///
/// It marks the words a search matched: the index itself stems English with FTS5's porter
/// tokenizer, and this lighter rule, with `isSameFamily`, marks the same families. It is also what
/// a check of "does this English text use this term" needs: compare the stems of the text's words
/// (`TextSegmenter.latinWords`) with the term's.
public enum EnglishStemmer {
    /// The word (lower case) without one common English inflection: -ities, -ity, -ness, -ings,
    /// -ing, -ed, -ies (→ y), -es (after ch, sh, x, ss; else only the s), -s (not after s or u), -ly
    /// (when four letters remain, not after i or p: family, apply and supply keep it, as porter
    /// has them). A doubled final consonant left by -ing or -ed is undoubled (stopped → stop); a
    /// short stem it leaves that ends consonant-vowel-consonant gets its e back (giving → give,
    /// taking → take: porter's rule for a stem of one syllable). At least three letters always remain.
    public static func stem(_ word: String) -> String {
        // On the word's scalars (a word of `EnglishWords` is one scalar per letter): comparing
        // suffixes of an array is many times cheaper than of a string, and stems are made often.
        let scalars = Array(word.unicodeScalars)
        var stem = scalars
        func ends(_ suffix: [Unicode.Scalar]) -> Bool { stem.count >= suffix.count && stem.suffix(suffix.count).elementsEqual(suffix) }
        for (suffix, scalars) in suffixes {
            guard ends(scalars), stem.count - scalars.count >= 3 else { continue }
            if suffix == "s" && (ends(Self.ss) || ends(Self.us)) { continue }
            if suffix == "ly" {
                let before = stem[stem.count - 3]
                guard stem.count - 2 >= 4, before != "i", before != "p" else { break }
            }
            if suffix == "es" && !(ends(Self.ches) || ends(Self.shes) || ends(Self.xes) || ends(Self.sses)) {
                stem.removeLast(1)
                break
            }
            stem.removeLast(scalars.count)
            if suffix == "ies" { stem.append("y") }
            if suffix == "ing" || suffix == "ed" || suffix == "ings" {
                if let last = stem.last, stem.count >= 4, stem.dropLast().last == last, last != "s", last != "l", last != "z" {
                    stem.removeLast()
                } else if Self.isShortSyllable(stem) {
                    stem.append("e")
                }
            }
            break
        }
        return stem == scalars ? word : String(scalars: stem)
    }

    /// True for a stem of one syllable (porter's measure 1: consonants, vowels, consonants) that
    /// ends consonant-vowel-consonant, the last not w, x or y: giv, tak, hop, writ (not load, show).
    private static func isShortSyllable(_ stem: [Unicode.Scalar]) -> Bool {
        func isVowel(_ index: Int) -> Bool {
            switch stem[index] {
            case "a", "e", "i", "o", "u": return true
            case "y": return index > 0 && !isVowel(index - 1)
            default: return false
            }
        }
        let count = stem.count
        guard count >= 3, !isVowel(count - 1), isVowel(count - 2), !isVowel(count - 3),
              stem[count - 1] != "w", stem[count - 1] != "x", stem[count - 1] != "y" else { return false }
        var measure = 0
        for index in 1..<count where !isVowel(index) && isVowel(index - 1) { measure += 1 }
        return measure == 1
    }

    private static let suffixes: [(String, [Unicode.Scalar])] = ["ities", "ity", "ness", "ings", "ing", "ed", "ies", "es", "s", "ly"].map { ($0, Array($0.unicodeScalars)) }
    private static let ss = Array("ss".unicodeScalars), us = Array("us".unicodeScalars), ches = Array("ches".unicodeScalars)
    private static let shes = Array("shes".unicodeScalars), xes = Array("xes".unicodeScalars), sses = Array("sses".unicodeScalars)

    /// Whether two stems mark the same family of words: equal, or one a prefix of the other when
    /// the shorter has at least 5 letters (indicator/indicators, modal/modality).
    public static func isSameFamily(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let shorter = a.count <= b.count ? a : b
        let longer = a.count <= b.count ? b : a
        return shorter.count >= 5 && longer.hasPrefix(shorter)
    }
}
