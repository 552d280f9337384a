/// Whether a text uses a term, as a glossary check asks it: in English by the stems of whole words
/// (`progress bars` uses `progress bar`), in Korean as whole words that may carry a particle
/// (`진행률 표시줄을` uses `진행률 표시줄`; `진행률 표시줄기` does not).
public enum TermMatcher {
    /// True when `text` uses `term`: the stems (`EnglishStemmer`) of the term's words appear in a
    /// row among the stems of the text's words (`EnglishWords.words`).
    public static func englishText(_ text: String, uses term: String) -> Bool {
        englishStems(englishStems(of: text), contain: englishStems(of: term))
    }

    /// The stems of `text`'s words, to test several terms against one text.
    public static func englishStems(of text: String) -> [String] {
        EnglishWords.words(text).map(EnglishStemmer.stem)
    }

    /// True when the term's stems `run` appear in a row in the text's `stems`.
    public static func englishStems(_ stems: [String], contain run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= stems.count else { return false }
        for start in 0...(stems.count - run.count) where stems[start] == run[0] {
            if stems[start..<(start + run.count)].elementsEqual(run) { return true }
        }
        return false
    }

    /// Where `text` uses `term` as a Korean term, as character offsets (start and end, the
    /// particle included): the term is not preceded by a letter or syllable, and what follows it
    /// up to the end of the word is nothing or a particle the word's noun carries
    /// (`KoreanParticles.split`).
    public static func koreanUses(of term: String, in text: String) -> [Range<Int>] {
        let needle = Array(term.trimmingSpaces())
        guard !needle.isEmpty, let lastWord = String(needle).split(separator: " ").last.map(String.init) else { return [] }
        let characters = Array(text)
        guard needle.count <= characters.count else { return [] }
        var found: [Range<Int>] = []
        for start in 0...(characters.count - needle.count) where characters[start] == needle[0] {
            guard characters[start..<(start + needle.count)].elementsEqual(needle) else { continue }
            if start > 0, isWordCharacter(characters[start - 1]) { continue }
            var end = start + needle.count
            while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
            if end > start + needle.count {
                let rest = String(characters[(start + needle.count)..<end])
                guard let split = KoreanParticles.split(lastWord + rest), split.stem == lastWord else { continue }
            }
            found.append(start..<end)
        }
        return found
    }

    /// True when `text` uses `term` as a Korean term (`koreanUses`).
    public static func koreanText(_ text: String, uses term: String) -> Bool {
        !koreanUses(of: term, in: text).isEmpty
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.contains { Hangul.contains($0) || Latin.isLetter($0) || ("0"..."9").contains($0) }
    }
}
