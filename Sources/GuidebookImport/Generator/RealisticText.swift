/// Generated guideline text shaped like the seed's own (measured on `Seed/`: 24.8 English words
/// a guideline in 1.4 sentences, 18 Korean words of about 75 characters; here 25 and 16 words, and 29% of the English
/// vocabulary used by more than one topic).
///
/// Each topic draws from a vocabulary shared by all topics (a Zipf distribution: the words of
/// English prose first, then made-up words) and from 40 words of its own; 85% of the words are
/// shared ones. At 100,000 guidelines (2,000 topics) about a quarter of the distinct words are the
/// shared ones. Korean is nouns with their particles, and a verb at the end of each sentence.
/// Deterministic: the words depend only on their numbers, the text on the caller's generator.
struct RealisticText: Sendable {
    /// Shared English words, most frequent first.
    private let englishShared: [String]
    private let englishCumulative: [Double]
    private let koreanShared: [String]
    private let koreanCumulative: [Double]

    static let sharedEnglishCount = 24_000
    static let sharedKoreanCount = 12_000
    static let topicWords = 40
    static let sharedShare = 0.85

    init() {
        englishShared = Self.proseWords + (0..<(Self.sharedEnglishCount - Self.proseWords.count)).map { Self.madeUpEnglish(1_000_000 + $0) }
        englishCumulative = Self.zipf(englishShared.count)
        koreanShared = Self.proseNouns + (0..<(Self.sharedKoreanCount - Self.proseNouns.count)).map { Self.madeUpKorean(1_000_000 + $0) }
        koreanCumulative = Self.zipf(koreanShared.count)
    }

    /// About 25 words in one or two sentences (15 to 35 words in all).
    func english(topic: Int, _ random: inout SplitMix64) -> String {
        let count = 15 + Int(random.next() % 21)
        let split = random.next() % 5 < 2 ? count / 2 : count  // 40% are two sentences
        var text = ""
        for position in 0..<count {
            var word = englishWord(topic: topic, &random)
            if position == 0 || position == split { word = word.prefix(1).uppercased() + word.dropFirst() }
            if position > 0 { text += position == split ? ". " : (random.next() % 9 == 0 ? ", " : " ") }
            text += word
        }
        return text + "."
    }

    /// About 16 Korean words (10 to 22): nouns with particles, a verb ending each sentence.
    func korean(topic: Int, _ random: inout SplitMix64) -> String {
        let count = 10 + Int(random.next() % 13)
        let split = random.next() % 5 < 2 ? count / 2 : count
        var words: [String] = []
        for position in 1...count {
            if position == split || position == count {
                words.append(Self.verbs[Int(random.next() % UInt64(Self.verbs.count))])
                continue
            }
            let noun = koreanNoun(topic: topic, &random)
            let particle = KnowledgeGenerator.particles[Int(random.next() % UInt64(KnowledgeGenerator.particles.count))]
            words.append(random.next() % 4 == 0 ? noun : noun + KnowledgeGenerator.adjust(particle, after: noun))
        }
        return words.joined(separator: " ")
    }

    private func englishWord(topic: Int, _ random: inout SplitMix64) -> String {
        if Double(random.next() % 1_000) < Self.sharedShare * 1_000 { return Self.pick(englishShared, englishCumulative, &random) }
        return Self.madeUpEnglish(topic * Self.topicWords + Int(random.next() % UInt64(Self.topicWords)) + 50_000_000)
    }

    private func koreanNoun(topic: Int, _ random: inout SplitMix64) -> String {
        if Double(random.next() % 1_000) < Self.sharedShare * 1_000 { return Self.pick(koreanShared, koreanCumulative, &random) }
        return Self.madeUpKorean(topic * Self.topicWords + Int(random.next() % UInt64(Self.topicWords)) + 50_000_000)
    }

    /// Cumulative weights 1/(rank + 2.7), normalized to 1.
    private static func zipf(_ count: Int) -> [Double] {
        var total = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(count)
        for rank in 0..<count {
            total += 1 / (Double(rank) + 2.7)
            cumulative.append(total)
        }
        return cumulative.map { $0 / total }
    }

    private static func pick(_ words: [String], _ cumulative: [Double], _ random: inout SplitMix64) -> String {
        let roll = Double(random.next() >> 11) / Double(1 << 53)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < roll { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }

    /// A made-up English-looking word of one to three syllables, from its number alone.
    static func madeUpEnglish(_ number: Int) -> String {
        let onsets = ["b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w", "br", "cl", "dr", "gr", "pl", "st", "tr", "sh", "ch"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "io"]
        let codas = ["", "n", "r", "s", "t", "l", "nd", "st", "ck", "ng"]
        var value = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15
        func next(_ count: Int) -> Int {
            let index = Int(value % UInt64(count))
            value /= UInt64(count)
            return index
        }
        let syllables = 1 + next(3)
        var word = ""
        for _ in 0..<syllables { word += onsets[next(onsets.count)] + vowels[next(vowels.count)] }
        return word + codas[next(codas.count)]
    }

    /// A made-up Korean noun of two to four syllables, from its number alone.
    static func madeUpKorean(_ number: Int) -> String {
        var value = UInt64(truncatingIfNeeded: number) &* 0xD6E8_FEB8_6659_FD93
        let syllables = 2 + Int(value % 3)
        value /= 3
        var scalars = String.UnicodeScalarView()
        for _ in 0..<syllables {
            // Common initials, medials and finals only, so the syllables look like Korean ones.
            let initial = [0, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18][Int(value % 14)]
            value /= 14
            let medial = [0, 1, 4, 8, 13, 18, 20, 2, 6, 12][Int(value % 10)]
            value /= 10
            let final = [0, 0, 0, 4, 8, 16, 21, 1][Int(value % 8)]
            value /= 8
            scalars.append(Unicode.Scalar(0xAC00 + UInt32((initial * 21 + medial) * 28 + final))!)
        }
        return String(scalars)
    }

    /// The most frequent words of English prose and of the seed's guidelines.
    static let proseWords = [
        "the", "to", "a", "and", "of", "in", "that", "is", "it", "you", "for", "can", "people", "an", "on", "with", "or", "as",
        "be", "are", "your", "app", "use", "when", "if", "this", "they", "content", "not", "help", "view", "by", "make", "at",
        "from", "more", "its", "avoid", "such", "each", "them", "do", "what", "how", "their", "but", "all", "without", "which",
        "show", "screen", "sheet", "task", "control", "menu", "bar", "item", "items", "consider", "prefer", "system", "using",
        "provide", "let", "might", "want", "need", "also", "other", "only", "like", "so", "than", "same", "even", "into", "way",
        "work", "one", "two", "button", "title", "text", "label", "labels", "progress", "indicator", "popover", "modal", "dark",
        "mode", "material", "background", "colors", "context", "action", "actions", "options", "information", "experience",
    ]
    /// Korean nouns of the seed's kind.
    static let proseNouns = [
        "사용자", "앱", "콘텐츠", "화면", "작업", "시트", "메뉴", "컨트롤", "표시기", "진행률", "레이블", "텍스트", "제목", "버튼",
        "항목", "동작", "정보", "경험", "배경", "색상", "모드", "다크", "시스템", "팝오버", "모달", "맥락", "선택", "옵션", "방법", "경우",
    ]
    static let verbs = ["표시합니다.", "사용하세요.", "제공합니다.", "보여줍니다.", "피하세요.", "고려하세요.", "도와줍니다.", "유지하세요.",
                        "줄여 줍니다.", "알려 주세요.", "확인할 수 있습니다.", "바꿀 수 있습니다."]
}
