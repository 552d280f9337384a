/// Whether a text uses a term, as a glossary check asks it: in English by the stems of whole words
/// (`progress bars` uses `progress bar`), in Korean as whole words that may carry a particle
/// (`진행률 표시줄을` and `활동 표시기나` use their terms; `진행률 표시줄기` does not).
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

    /// True when the term's `run` of words appears in a row in the text's `words` as written, or
    /// with a regular plural ending (`bar` in `bars`, `box` in `boxes`, `category` in
    /// `categories`) or as an adverb (`modal` in `modally`). For terms whose stems another term
    /// shares (`modal` and `modality` both stem to `modal`): the stems cannot tell them apart.
    public static func englishWords(_ words: [String], contain run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { start in
            zip(words[start..<(start + run.count)], run).allSatisfy { written, term in
                written == term || written == term + "s" || written == term + "es" || written == term + "ly"
                    || (term.hasSuffix("y") && written == term.dropLast() + "ies")
            }
        }
    }

    /// Where `text` uses `term` as a Korean term, as character offsets (start and end, the
    /// particle included): the term is not preceded by a letter or syllable, and what follows it
    /// up to the end of the word is nothing or a particle the word's noun carries
    /// (`KoreanParticles.split`).
    public static func koreanUses(of term: String, in text: String) -> [Range<Int>] {
        // Most texts lack most terms: their bytes say so before any character is made.
        guard contains(text, term.trimmingSpaces()) else { return [] }
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
                guard isParticle(String(characters[(start + needle.count)..<end]), after: lastWord) else { continue }
            }
            found.append(start..<end)
        }
        return found
    }

    /// Whether `text`'s UTF-8 holds `part`'s (a necessary condition for a use).
    private static func contains(_ text: String, _ part: Substring) -> Bool {
        let needle = Array(part.utf8)
        guard let first = needle.first else { return false }
        var text = text
        return text.withUTF8 { bytes in
            guard needle.count <= bytes.count else { return false }
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
                index += 1
            }
            return false
        }
    }

    /// True when `rest` is a particle `word` may carry: one `KoreanParticles` cuts off it, a form
    /// of the eight pairs (`ParticlePair`: 이나/나, 이랑/랑, 아/야 too) that agrees with the word's
    /// last syllable, or one of `nounEndings`; after a Latin word or a number, any of them in either
    /// form (`SF Symbols를`: whether it agrees is the particle check's to say).
    private static func isParticle(_ rest: String, after word: String) -> Bool {
        if let split = KoreanParticles.split(word + rest), split.stem == word { return true }
        let ending = ParticlePair.endings.first { $0.text == rest }
        guard let last = word.unicodeScalars.last else { return false }
        if let sound = FinalSound(syllable: last) {
            if let ending { return ending.agrees(with: sound) }
            return nounEndings.contains(rest)
        }
        guard Latin.isLetter(last) || ("0"..."9").contains(last) else { return false }
        return ending != nil || KoreanParticles.isEnding(rest) || nounEndings.contains(rest)
    }

    /// What else a noun carries in running text, beyond the particles search cuts off: the copula
    /// (`뷰입니다`, `모달일`, `다크 모드라고`), comparison and limit particles (`활동 표시기보다`,
    /// `시트까지`) and the contraction of 에는 (`보조 컬럼엔`), each in every form. Whether a form
    /// agrees with the noun is not asked here: a term followed by one is a use of the term.
    private static let nounEndings: Set<String> = {
        let copula = ["이다", "다", "입니다", "이에요", "예요", "이고", "고", "이며", "며", "인", "일", "이라고", "라고",
                      "이라는", "라는", "이라", "라", "이란", "란", "이지만", "지만", "이면", "면", "이었다", "였다"]
        let particles = ["보다", "까지", "부터", "처럼", "마다", "에게", "한테", "대로", "만큼", "조차", "밖에", "뿐"]
        let stacked = particles.flatMap { [$0 + "는", $0 + "도", $0 + "의", $0 + "만"] }
        return Set(copula + particles + stacked + ["엔", "에선", "으론", "론", "에도", "에게서"])
    }()

    /// True when `text` uses `term` as a Korean term (`koreanUses`).
    public static func koreanText(_ text: String, uses term: String) -> Bool {
        !koreanUses(of: term, in: text).isEmpty
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.contains { Hangul.contains($0) || Latin.isLetter($0) || ("0"..."9").contains($0) }
    }
}
