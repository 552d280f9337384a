import GuidebookText

/// Finds Korean particles that do not agree with the word before them: 을/를, 이/가, 은/는, 과/와,
/// 으로/로, 이나/나, 이랑/랑 and 아/야 take their first form after a final consonant and their
/// second after a vowel (로 also after ㄹ): `시트을` should be `시트를`, `툴바이` `툴바가`,
/// `메뉴으로` `메뉴로`, `Button를` `Button을`.
///
/// The hard part is knowing that a word ends in a particle at all: 사이, 디스플레이, 전문가, 효과
/// and 경로 end in syllables that look like wrong particles, and 있는, 늘어놓는 and 모을 are verb
/// forms. So a word is reported only when the word before the particle is known to stand alone:
/// - it is a glossary term (the check is given their last words), a Latin word or a number whose
///   Korean reading is known (`LatinReading`, `NumberReading`), or a quotation (`'메뉴'을`);
/// - or the same text uses it alone or with a case particle (`툴바를 ... 툴바이`);
/// - or the wrong form is one that hardly ends a Korean word (을 or 은 after a vowel, 를 after a
///   consonant, 으로 after a vowel or ㄹ, 로, 와 and 랑 after a consonant, 이랑 after a vowel) and
///   what precedes it could be a noun (two syllables or more, or a known one-syllable noun).
/// A split that agrees with a known word wins (`디스플레이나` is 디스플레이 + 나 when 디스플레이 is
/// a term), words that end like a particle are listed (`exceptions`), and a form followed by a
/// bound noun (`모을 수`) is taken for a verb. Otherwise the check stays silent rather than guess.
public struct ParticleChecker: Sendable {
    /// Nouns known to stand before a particle: the last word of each glossary term in the locale.
    public let knownNouns: Set<String>

    public init(knownNouns: some Sequence<String> = []) {
        self.knownNouns = Set(knownNouns)
    }

    /// The particles in `text` that do not agree with the word before them, in text order.
    public func errors(in text: String) -> [ParticleError] {
        let scalars = Array(text.unicodeScalars)
        let words = Self.words(of: scalars)
        // Whether another word shows `noun` standing alone. The noun a word shows is the word or a
        // prefix of it, so only the words that start with `noun` are read as Korean (most are not).
        // A word does not vouch for itself (메뉴으로 would show 메뉴으 standing before 로).
        func isAttested(_ noun: String, besides index: Int) -> Bool {
            let nounScalars = Array(noun.unicodeScalars)
            return words.indices.contains { other in
                guard other != index else { return false }
                let core = Self.core(of: scalars[words[other]])
                return core.starts(with: nounScalars) && Self.attestedNoun(core) == noun
            }
        }
        var errors: [ParticleError] = []
        for (index, range) in words.enumerated() {
            let next = { index + 1 < words.count ? Self.text(Self.core(of: scalars[words[index + 1]])) : nil }
            if let error = check(scalars, word: range, attested: { isAttested($0, besides: index) }, nextWord: next) { errors.append(error) }
        }
        return errors
    }

    // MARK: One word

    /// A way to read the end of a word as a word and a particle.
    private struct Candidate {
        /// The particle (an index into `endings`).
        let ending: Int
        /// How the word before the particle ends when read, and whether the particle agrees.
        let sound: FinalSound
        let agrees: Bool
        /// The word's syllables (scalar indices), or nil when it is a Latin word, a number or a
        /// quotation, known to stand alone.
        let stem: Range<Int>?
        /// Could be a noun (two syllables or more, a known one-syllable noun, or after Latin letters).
        let couldBeNoun: Bool
        /// Where the reported word starts (scalar index), and what it is read as when not `stem`.
        let start: Int
        let word: String?
    }

    /// What `candidate`'s particle follows, as text.
    private static func word(of candidate: Candidate, in scalars: [Unicode.Scalar]) -> String {
        candidate.word ?? candidate.stem.map { text(scalars[$0]) } ?? ""
    }

    private func check(_ scalars: [Unicode.Scalar], word range: Range<Int>, attested: (String) -> Bool, nextWord: () -> String?) -> ParticleError? {
        var end = range.upperBound
        while end > range.lowerBound, !Self.isWordScalar(scalars[end - 1]) { end -= 1 }
        var runStart = end
        while runStart > range.lowerBound, Hangul.isSyllable(scalars[runStart - 1]) { runStart -= 1 }
        guard runStart < end else { return nil }
        let run = scalars[runStart..<end]
        // Only a syllable a particle ends in can end one (most words stop here).
        guard let last = run.last, Self.lastSyllables.contains(last) else { return nil }
        // Every way to read the word's end as a word and a particle, the longest particle first: a
        // run shorter than the particle, or the particle alone at the word's start, is none.
        var candidates: [Candidate] = []
        for index in Self.endingsByLastSyllable[last] ?? [] {
            let ending = Self.endingScalars[index]
            guard ending.count <= run.count, ending.count < run.count || runStart > range.lowerBound, run.suffix(ending.count).elementsEqual(ending) else { continue }
            if let candidate = candidate(scalars, word: range, runStart: runStart, stemEnd: end - ending.count, ending: index) {
                candidates.append(candidate)
            }
        }
        // A word read only in ways that agree has nothing to report (most words stop here).
        guard candidates.contains(where: { !$0.agrees }) else { return nil }
        if runStart == range.lowerBound || !Self.isWordScalar(scalars[runStart - 1]), knownNouns.contains(Self.text(run)) { return nil }
        func isKnown(_ candidate: Candidate) -> Bool {
            guard candidate.stem != nil else { return true }
            let word = Self.word(of: candidate, in: scalars)
            return knownNouns.contains(word) || attested(word)
        }
        // A reading that agrees with a known word wins; else the first wrong one that may be reported.
        if candidates.contains(where: { $0.agrees && isKnown($0) }) { return nil }
        guard let wrong = candidates.first(where: { !$0.agrees && reportable($0, isKnown: isKnown($0), run: run, runStart: runStart, nextWord: nextWord) })
        else { return nil }
        let ending = Self.endings[wrong.ending]
        let found = Self.text(scalars[wrong.start..<end])
        let expected = ending.agreeing(with: wrong.sound)
        return ParticleError(found: found, fix: String(found.unicodeScalars.dropLast(Self.endingScalars[wrong.ending].count)) + expected,
                             offset: wrong.start, word: Self.word(of: wrong, in: scalars), particle: ending.text, expected: expected)
    }

    /// The reading of the word before the particle `ending` (which starts at `stemEnd`), or nil
    /// when it is not known.
    private func candidate(_ scalars: [Unicode.Scalar], word range: Range<Int>, runStart: Int, stemEnd: Int, ending: Int) -> Candidate? {
        let particle = Self.endings[ending]
        if stemEnd > runStart {
            // The particle ends a run of syllables: the word is the syllables before it.
            guard let sound = FinalSound(syllable: scalars[stemEnd - 1]) else { return nil }
            let afterLatin = runStart > range.lowerBound && Self.isLatinOrDigit(scalars[runStart - 1])
            let wordStart = (range.lowerBound..<runStart).last { !Self.isWordScalar(scalars[$0]) }.map { $0 + 1 } ?? range.lowerBound
            return Candidate(ending: ending, sound: sound, agrees: particle.agrees(with: sound), stem: runStart..<stemEnd,
                             couldBeNoun: afterLatin || stemEnd - runStart >= 2 || KoreanParticles.oneSyllableNouns.contains(Self.text(scalars[runStart..<stemEnd])),
                             start: wordStart, word: nil)
        }
        // The particle is the whole run: it follows Latin letters, digits, a unit or a closing mark
        // (reported with the whole word: `(iOS)가`, `'메뉴'을`).
        guard stemEnd > range.lowerBound, let (sound, word) = Self.reading(before: stemEnd, in: scalars, from: range.lowerBound) else { return nil }
        return Candidate(ending: ending, sound: sound, agrees: particle.agrees(with: sound), stem: nil, couldBeNoun: true, start: range.lowerBound, word: word)
    }

    /// Whether a wrong form is reported: after a known word always; after any other possible noun
    /// only for the forms that hardly end a Korean word, and not before a bound noun; never where
    /// it splits a word listed as ending like a particle.
    private func reportable(_ candidate: Candidate, isKnown: Bool, run: ArraySlice<Unicode.Scalar>, runStart: Int, nextWord: () -> String?) -> Bool {
        if let stem = candidate.stem, Self.cutsException(run, at: stem.upperBound - runStart) { return false }
        if isKnown { return true }
        let form = Self.endings[candidate.ending].form
        guard candidate.couldBeNoun, Self.rarelyEndsAWord.contains(form) else { return false }
        if form == "을" || form == "은", let next = nextWord(), Self.boundNouns.contains(next) { return false }
        return true
    }

    // MARK: Reading what precedes a particle

    /// The final sound and the text of what ends at `end` (exclusive): a Latin word, a number (with
    /// a unit or %), or a closing quotation mark or bracket after one of them or after a syllable.
    private static func reading(before end: Int, in scalars: [Unicode.Scalar], from start: Int) -> (FinalSound, String)? {
        var last = end - 1
        while last >= start, closingMarks.contains(scalars[last]) {
            if scalars[last] == ")", let open = (start..<last).last(where: { scalars[$0] == "(" }) {
                let inside = scalars[(open + 1)..<last]
                // `(으)로`, `(이)가`: both forms written at once, nothing to agree.
                if last == end - 1, !inside.isEmpty, inside.count <= 2, inside.allSatisfy(Hangul.isSyllable) { return nil }
                // `버튼(button)을`, `[글](url)을`: the particle goes with what stands before the parenthesis.
                if open > start, isWordScalar(scalars[open - 1]) || scalars[open - 1] == "]" {
                    last = open - 1
                    continue
                }
            }
            last -= 1
        }
        guard last >= start else { return nil }
        let quoted = last < end - 1
        let scalar = scalars[last]
        if Hangul.isSyllable(scalar) {
            guard quoted, let sound = FinalSound(syllable: scalar) else { return nil }
            var first = last
            while first > start, Hangul.isSyllable(scalars[first - 1]) { first -= 1 }
            return (sound, Self.text(scalars[first...last]))
        }
        if scalar == "%" {
            let first = latinRunStart(scalars, before: last, from: start)
            guard first < last, let sound = LatinReading.finalSound(ofUnit: "%") else { return nil }
            return (sound, Self.text(scalars[first...last]))
        }
        guard isLatinOrDigit(scalar) else { return nil }
        let first = latinRunStart(scalars, before: last + 1, from: start)
        let run = Array(scalars[first...last])
        let text = Self.text(run[...])
        // A number with a unit (10px): the unit is what is read last.
        if let digitsEnd = run.lastIndex(where: { ("0"..."9").contains($0) }), digitsEnd < run.count - 1,
           run[..<(digitsEnd + 1)].allSatisfy({ ("0"..."9").contains($0) || $0 == "," || $0 == "." }) {
            return LatinReading.finalSound(ofUnit: Self.text(run[(digitsEnd + 1)...])).map { ($0, text) }
        }
        return LatinReading.finalSound(of: text.filter { $0 != "," }).map { ($0, text) }
    }

    /// Where the run of ASCII letters and digits ending before `end` starts (a digit group's
    /// separators included: 1,000 and 2.5).
    private static func latinRunStart(_ scalars: [Unicode.Scalar], before end: Int, from start: Int) -> Int {
        var first = end
        while first > start {
            let scalar = scalars[first - 1]
            if isLatinOrDigit(scalar) { first -= 1; continue }
            if scalar == "," || scalar == ".", first - 2 >= start, first < end,
               ("0"..."9").contains(scalars[first - 2]), ("0"..."9").contains(scalars[first]) { first -= 1; continue }
            break
        }
        return first
    }

    // MARK: Words of the text

    /// The whitespace-separated words of the text, as ranges of scalars.
    private static func words(of scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if Self.isSpace(scalar) {
                if let begun = start { ranges.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { ranges.append(begun..<scalars.count) }
        return ranges
    }

    /// A word without the punctuation around it.
    private static func core(of word: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var slice = word
        while let first = slice.first, !isWordScalar(first) { slice = slice.dropFirst() }
        while let last = slice.last, !isWordScalar(last) { slice = slice.dropLast() }
        return slice
    }

    /// The noun a word shows standing alone, if any: a Hangul word used bare or with a particle
    /// that only nouns take (를, 가, 로, 와, 과, 에, 의, ...: not 을, 은, 는 or 이, which verb forms
    /// and adverbs end in too).
    private static func attestedNoun(_ word: ArraySlice<Unicode.Scalar>) -> String? {
        guard !word.isEmpty, word.allSatisfy(Hangul.isSyllable) else { return nil }
        let text = Self.text(word)
        guard let split = KoreanParticles.split(text) else { return text }
        return ["을", "은", "는", "이", "하면", "하는"].contains(split.ending) ? nil : split.stem
    }

    /// White space, answered without Unicode's tables for ASCII and Hangul (nearly every scalar here).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return !Hangul.isSyllable(scalar) && scalar.properties.isWhitespace
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        Hangul.isSyllable(scalar) || isLatinOrDigit(scalar) || scalar == "%"
    }

    private static func isLatinOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    // MARK: Tables

    /// Wrong forms that hardly ever end a Korean word, so that a possible noun before them is enough.
    private static let rarelyEndsAWord: Set<String> = ["을", "를", "은", "으로", "로", "와", "랑", "이랑"]

    /// Closing quotation marks and brackets a particle may follow (`'메뉴'를`, `(iOS)가`, `**시트**를`).
    private static let closingMarks: Set<Unicode.Scalar> = ["'", "\"", "\u{2019}", "\u{201D}", ")", "]", "\u{300D}", "\u{300F}", "\u{3009}", "\u{300B}", "`", "*", "_", "\u{FF09}"]

    /// Words whose last syllables look like a particle that does not fit (사이 is not 사 + 이,
    /// 전문가 not 전문 + 가, 경로 not 경 + 로): a split inside one of them is never reported.
    static let exceptions: [String] = [
        "사이", "아이", "차이", "오이", "디스플레이", "오버레이", "플레이", "트레이", "딜레이", "릴레이", "게이트웨이", "와이파이", "스파이", "넥타이",
        "전문가", "평가", "증가", "참가", "국가", "작가", "예술가", "음악가", "건축가", "소설가", "사업가", "정치가", "작곡가", "평론가", "탐험가", "전략가",
        "효과", "결과", "성과", "사과", "통과", "초과", "경로", "통로", "진로", "항로", "선로", "활로", "분야", "시야", "광야", "마을", "가을", "노을",
    ]

    /// True when cutting `run` at `offset` splits one of the `exceptions` (디스플레 | 이나 splits 디스플레이).
    private static func cutsException(_ run: ArraySlice<Unicode.Scalar>, at offset: Int) -> Bool {
        let run = Array(run)
        return exceptionScalars.contains { word in
            guard word.count <= run.count else { return false }
            return (0...(run.count - word.count)).contains { start in
                start < offset && offset < start + word.count && run[start..<(start + word.count)].elementsEqual(word)
            }
        }
    }

    private static let exceptionScalars: [[Unicode.Scalar]] = exceptions.map { Array($0.unicodeScalars) }

    /// The last syllables of the endings.
    private static let lastSyllables: Set<Unicode.Scalar> = Set(ParticlePair.endings.compactMap { $0.text.unicodeScalars.last })

    /// The endings (indices into `endings`, longest first) by their last syllable.
    private static let endingsByLastSyllable: [Unicode.Scalar: [Int]] = Dictionary(grouping: endingScalars.indices) { endingScalars[$0].last! }

    /// The endings looked for, longest first, and their scalars.
    private static let endings = ParticlePair.endings
    private static let endingScalars: [[Unicode.Scalar]] = endings.map { Array($0.text.unicodeScalars) }

    /// The text of `scalars`.
    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(scalars: scalars) }

    /// Bound nouns that follow a verb's adnominal form (모을 수, 지은 것), alone or with the particles they take.
    private static let boundNouns: Set<String> = {
        let nouns = ["수", "것", "거", "때", "줄", "리", "뿐", "만큼", "듯", "적", "데", "지", "터", "채", "척", "셈", "바"]
        let particles = ["", "이", "가", "을", "를", "은", "는", "도", "만", "에", "의", "으로", "로", "처럼", "까지", "이다", "입니다", "이에요", "예요", "밖에", "인"]
        return Set(nouns.flatMap { noun in particles.map { noun + $0 } })
    }()
}
