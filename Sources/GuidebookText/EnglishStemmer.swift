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
        var stem = word
        for suffix in ["ities", "ity", "ness", "ings", "ing", "ed", "ies", "es", "s", "ly"] {
            guard stem.hasSuffix(suffix), stem.count - suffix.count >= 3 else { continue }
            if suffix == "s" && (stem.hasSuffix("ss") || stem.hasSuffix("us")) { continue }
            if suffix == "es" && !(stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") || stem.hasSuffix("sses")) {
                stem.removeLast(1)
                break
            }
            stem.removeLast(suffix.count)
            if suffix == "ies" { stem += "y" }
            if ["ing", "ed", "ings"].contains(suffix), let last = stem.last, stem.count >= 4,
               stem.dropLast().last == last, !"slz".contains(last) {
                stem.removeLast()
            }
            break
        }
        return stem
    }

    /// Whether two stems mark the same family of words: equal, or one a prefix of the other when
    /// the shorter has at least 5 letters (indicator/indicators, modal/modality).
    public static func isSameFamily(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let shorter = a.count <= b.count ? a : b
        let longer = a.count <= b.count ? b : a
        return shorter.count >= 5 && longer.hasPrefix(shorter)
    }
}
