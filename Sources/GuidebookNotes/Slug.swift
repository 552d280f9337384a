import Foundation
import GuidebookText

/// Builds the identifiers of the bundle format: kebab-case slugs and section keys (`a-z`, `0-9`,
/// `-`) and guideline keys made of a sentence's first significant words.
enum Slug {
    /// The longest slug or key this parser produces; the format allows 128 characters for a whole
    /// guideline id (`topic-slug.key`), so both halves stay well below half of that.
    static let maximumLength = 60

    /// `text` in kebab case: "Network Activity Indicators*" → "network-activity-indicators".
    /// Letters with diacritics are folded ("Café" → "cafe"), apostrophes vanish ("Don’t" → "dont"),
    /// and characters outside `a-z0-9` separate words. Empty when `text` has no such letters.
    static func kebab(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var result = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "’" { continue }
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return truncated(result)
    }

    /// A guideline key from the first significant words of an English text:
    /// "Keep activity indicators moving. People …" → "keep-activity-indicators-moving".
    /// Guidelines open with a short imperative sentence that names them, so the words come from
    /// the first sentence when it has at least two significant ones, else from the text's start.
    /// Function words are skipped; a text of only function words keeps them; a text with no
    /// English words at all gives "note".
    static func guidelineKey(fromEnglish text: String, wordCount: Int = 5) -> String {
        let opening = String(text.prefix(400))
        let firstSentence = SentenceSplitter.sentences(in: opening, range: opening.startIndex..<opening.endIndex).first
        let sentenceWords = firstSentence.map { EnglishWords.words(opening[$0]) } ?? []
        let sentenceSignificant = sentenceWords.filter { !EnglishWords.stopWords.contains($0) }
        // A list number ("1. Customize …") is not part of what the guideline says.
        let words = (sentenceSignificant.count >= 2 ? sentenceWords : EnglishWords.words(opening))
            .drop { $0.allSatisfy(\.isNumber) }
        let significant = words.filter { !EnglishWords.stopWords.contains($0) }
        let chosen = significant.isEmpty ? Array(words.prefix(wordCount)) : Array(significant.prefix(wordCount))
        // Through `kebab` so that letters with diacritics ("café") fold to `a-z`.
        let key = kebab(chosen.joined(separator: " "))
        return key.isEmpty ? "note" : key
    }

    /// Cuts `slug` to `maximumLength`, at a word boundary where possible.
    private static func truncated(_ slug: String) -> String {
        guard slug.count > maximumLength else { return slug }
        var cut = String(slug.prefix(maximumLength))
        if let lastDash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: lastDash) > maximumLength / 2 {
            cut = String(cut[..<lastDash])
        }
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }
}
