/// The English stemmer: a light one that folds the common inflections of a word (indicators →
/// indicator, settings → set, properties → property) so that one word finds the others of its family.
///
/// It marks the words a search matched: the index itself stems English with FTS5's porter
/// tokenizer, and this lighter rule, with `isSameFamily`, marks the same families. It is also what
/// a check of "does this English text use this term" needs: compare the stems of the text's words
/// (`TextSegmenter.latinWords`) with the term's.
public enum EnglishStemmer {
    /// The word (lower case) without one common English inflection: -ities, -ity, -ness, -ings,
    /// -ing, -ed, -ies (→ y), -es (after ch, sh, x, ss; else only the s), -s (not after s or u), -ly.
    /// A doubled final consonant left by -ing or -ed is undoubled (stopped → stop), and at least
    /// three letters always remain.
    public static func stem(_ word: String) -> String {
        // On the word's scalars (a word of `EnglishWords` is one scalar per letter): comparing
        // suffixes of an array is many times cheaper than of a string, and stems are made often.
        let scalars = Array(word.unicodeScalars)
        var stem = scalars
        func ends(_ suffix: [Unicode.Scalar]) -> Bool { stem.count >= suffix.count && stem.suffix(suffix.count).elementsEqual(suffix) }
        for (suffix, scalars) in suffixes {
            guard ends(scalars), stem.count - scalars.count >= 3 else { continue }
            if suffix == "s" && (ends(Self.ss) || ends(Self.us)) { continue }
            if suffix == "es" && !(ends(Self.ches) || ends(Self.shes) || ends(Self.xes) || ends(Self.sses)) {
                stem.removeLast(1)
                break
            }
            stem.removeLast(scalars.count)
            if suffix == "ies" { stem.append("y") }
            if suffix == "ing" || suffix == "ed" || suffix == "ings", let last = stem.last, stem.count >= 4,
               stem.dropLast().last == last, last != "s", last != "l", last != "z" {
                stem.removeLast()
            }
            break
        }
        return stem == scalars ? word : String(scalars: stem)
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
