import GuidebookText

/// A glossary term put in place of another word with the particles after it made to agree: the
/// corrected text a glossary finding offers (`도구 모음을 숨기세요` with 툴바 for 도구 모음 is
/// `툴바를 숨기세요`, not `툴바을`).
public enum TermSubstitution {
    /// `text` with every use of `old` (as `TermMatcher.koreanUses` finds it: a whole word, maybe
    /// with a particle) replaced by `new`, each particle of the eight pairs after it in the form
    /// `new` takes. Where `new`'s reading is not known the particle is kept as it was.
    public static func replacing(_ old: String, with new: String, in text: String) -> String {
        let uses = TermMatcher.koreanUses(of: old, in: text)
        guard !uses.isEmpty else { return text }
        let characters = Array(text)
        let oldLength = Array(old.trimmingSpaces()).count
        let sound = finalSound(of: new)
        var result = ""
        var position = 0
        for use in uses {
            result += String(characters[position..<use.lowerBound])
            let rest = String(characters[(use.lowerBound + oldLength)..<use.upperBound])
            result += new + agreeing(rest, with: sound)
            position = use.upperBound
        }
        return result + String(characters[position...])
    }

    /// `rest` (what followed the old term in its word) with its particle made to agree with `sound`.
    private static func agreeing(_ rest: String, with sound: FinalSound?) -> String {
        guard let sound, let ending = ParticlePair.endings.first(where: { $0.text == rest }) else { return rest }
        return ending.agreeing(with: sound)
    }

    /// How a term ends when read: its last syllable, or the reading of its last Latin word.
    static func finalSound(of term: String) -> FinalSound? {
        guard let last = term.unicodeScalars.last else { return nil }
        if let sound = FinalSound(syllable: last) { return sound }
        let word = term.unicodeScalars.reversed().prefix { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        return word.isEmpty ? nil : LatinReading.finalSound(of: String(scalars: word.reversed()))
    }
}
