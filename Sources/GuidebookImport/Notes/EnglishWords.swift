/// Word-level helpers for English text: tokenising and the function words that carry no meaning
/// in identifiers and titles.
enum EnglishWords {
    /// Function words skipped when a guideline key or a derived title is built from a sentence.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "with",
        "from", "as", "into", "onto", "over", "about", "than", "then", "so", "if", "is", "are", "was",
        "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "there", "their",
        "they", "them", "your", "you", "yours", "we", "our", "us", "i", "me", "my", "he", "she", "his",
        "her", "can", "could", "will", "would", "should", "may", "might", "must", "do", "does", "did",
        "also", "just", "very", "such", "which", "who", "whom", "whose", "all", "any", "each", "both",
    ]

    /// Words that start a sentence but rarely end a topic title; used to find where a title that
    /// runs straight into its text ("Dark Mode In iOS 13.0 …") stops.
    static let sentenceOpeners: Set<String> = [
        "a", "an", "the", "in", "on", "at", "for", "with", "when", "if", "although", "though", "because",
        "while", "most", "many", "some", "every", "each", "all", "this", "these", "that", "those", "it",
        "its", "you", "your", "people", "use", "don't", "do", "avoid", "always", "never", "consider",
        "make", "help", "provide", "typically", "generally", "usually", "apps", "by", "there", "what",
        "how", "why", "where", "once", "after", "before", "during", "unlike", "like", "as",
    ]

    /// Lower-cased words of `text`: runs of letters and digits, with apostrophes dropped so that
    /// "Don’t" becomes "dont" and "app’s" becomes "apps".
    static func words<S: StringProtocol>(_ text: S) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "'" || scalar == "’" { continue }
            if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) {
                current.append(lower)
            } else if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.append(scalar)
            } else if ScriptClassifier.isLatinLetter(scalar) {
                current.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark, !current.isEmpty {
                // Combining accents belong to the letter before them.
                continue
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    /// Whether `character` is an ASCII letter or digit, or a Latin letter with a diacritic.
    static func isWordCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return ScriptClassifier.isLatinLetter(scalar) || ("0"..."9").contains(scalar)
    }
}
