/// Word-level helpers for English text written by people: its words for identifiers and titles,
/// the function words that carry no meaning there, and the regular plural.
public enum EnglishWords {
    /// Function words skipped when an identifier or a title is built from a sentence.
    public static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "with",
        "from", "as", "into", "onto", "over", "about", "than", "then", "so", "if", "is", "are", "was",
        "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "there", "their",
        "they", "them", "your", "you", "yours", "we", "our", "us", "i", "me", "my", "he", "she", "his",
        "her", "can", "could", "will", "would", "should", "may", "might", "must", "do", "does", "did",
        "also", "just", "very", "such", "which", "who", "whom", "whose", "all", "any", "each", "both",
    ]

    /// Lower-cased words of `text`: runs of Latin letters (`Latin.isLetter`) and ASCII digits, with
    /// apostrophes dropped so that "Don’t" becomes "dont" and "app’s" becomes "apps", and combining
    /// accents kept with their letter. (Search splits words its own way, as the index does: see
    /// `TextSegmenter.latinWords`.)
    public static func words<S: StringProtocol>(_ text: S) -> [String] {
        var result: [String] = []
        var current: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar == "'" || scalar == "’" { continue }
            if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) {
                current.append(lower)
            } else if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.append(scalar)
            } else if Latin.isLetter(scalar) {
                current.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else if scalar.value >= 0x300, scalar.properties.generalCategory == .nonspacingMark, !current.isEmpty {
                // Combining accents belong to the letter before them (none lies below U+0300,
                // so white space and punctuation are not looked up).
                continue
            } else if !current.isEmpty {
                result.append(String(scalars: current))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { result.append(String(scalars: current)) }
        return result
    }

    /// Whether `character` is an ASCII letter or digit, or a Latin letter with a diacritic.
    public static func isWordCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return Latin.isLetter(scalar) || ("0"..."9").contains(scalar)
    }

    /// The word (lower case) without a final "s": "materials" → "material"; words ending in "ss"
    /// and words of three letters or fewer stay ("glass", "bus"). Not a stemmer (see
    /// `EnglishStemmer`): a title rebuilt from it must read as written, so only the "s" that
    /// `plural(of:)` puts back is folded.
    public static func singular(of word: String) -> String {
        word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 3 ? String(word.dropLast()) : word
    }

    /// The word with a regular plural "s", unless it already ends in "s".
    public static func plural(of word: String) -> String {
        word.hasSuffix("s") ? word : word + "s"
    }

    /// Whether two words (lower case) are the same but for a regular plural "s" ("label", "labels").
    public static func isSameWordOrPlural(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs || lhs + "s" == rhs || lhs == rhs + "s"
    }
}
