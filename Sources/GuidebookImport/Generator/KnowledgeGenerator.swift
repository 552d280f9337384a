import Foundation
import GuidebookCore

/// Writes a large, deterministic knowledge base in NDJSON form, for benchmarks and scale tests.
///
/// The same count and text kind always give the same bytes. In `.short` text, word frequencies
/// are skewed on purpose so a search benchmark has rare, common and very common terms in both
/// languages (for example "sheet"/시트 in about 15% of guidelines, "vibrancy"/비브런시 in well under
/// 1%), from a vocabulary of a few dozen words. `.realistic` text has the shape of the seed's
/// guidelines instead (see `RealisticText`), for measuring imports and file sizes on text like the
/// real one.
public struct KnowledgeGenerator: Sendable {
    public let guidelineCount: Int
    /// What the guidelines' texts look like.
    public let text: Text
    /// Guidelines per topic (split over five sections).
    public let guidelinesPerTopic = 50

    /// The kinds of generated text.
    public enum Text: String, Sendable, CaseIterable {
        /// One sentence of 14 to 29 words from a small, skewed vocabulary (the search benchmark's).
        case short
        /// Guidelines shaped like the seed's: about 25 English words and 16 Korean words each.
        case realistic
    }

    public init(guidelineCount: Int, text: Text = .short) {
        self.guidelineCount = guidelineCount
        self.text = text
    }

    /// Topics the generated knowledge base has.
    public var topicCount: Int { (guidelineCount + guidelinesPerTopic - 1) / guidelinesPerTopic }

    /// Calls `emit` with each NDJSON line (newline included), categories first.
    public func write(_ emit: ([UInt8]) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line(_ record: NDJSONRecord) throws {
            var bytes = [UInt8](try encoder.encode(record))
            bytes.append(0x0a)
            try emit(bytes)
        }
        for index in 0..<Self.categoryCount {
            try line(.category(BundleCategory(slug: "gen-category-\(index)", title: ["en": "Generated Category \(index)", "ko": "생성된 분류 \(index)"])))
        }
        var random = SplitMix64(seed: 0x6775_6964_6562_6f6f)
        let realistic = text == .realistic ? RealisticText() : nil
        var written = 0
        for topicIndex in 0..<topicCount {
            let count = min(guidelinesPerTopic, guidelineCount - written)
            try line(.topic(makeTopic(topicIndex, guidelines: count, realistic: realistic, random: &random)))
            written += count
        }
    }

    static let categoryCount = 10

    private func makeTopic(_ index: Int, guidelines: Int, realistic: RealisticText?, random: inout SplitMix64) -> BundleTopic {
        let slug = String(format: "gen-topic-%05d", index)
        let noun = Self.englishNouns[index % Self.englishNouns.count]
        let koNoun = Self.koreanNouns[index % Self.koreanNouns.count]
        var sections: [BundleSection] = []
        let perSection = max(1, (guidelines + 4) / 5)
        var made = 0
        var sectionIndex = 0
        while made < guidelines {
            let size = min(perSection, guidelines - made)
            var items: [BundleGuideline] = []
            for _ in 0..<size {
                items.append(BundleGuideline(
                    id: String(format: "%@.g-%03d", slug, made),
                    text: realistic.map { ["en": $0.english(topic: index, &random), "ko": $0.korean(topic: index, &random)] }
                        ?? ["en": englishSentence(&random), "ko": koreanSentence(&random)]
                ))
                made += 1
            }
            sections.append(BundleSection(key: "part-\(sectionIndex)", title: ["en": "Part \(sectionIndex + 1)", "ko": "\(sectionIndex + 1)부"], guidelines: items))
            sectionIndex += 1
        }
        return BundleTopic(
            slug: slug,
            category: "gen-category-\(index % Self.categoryCount)",
            title: ["en": "Generated \(noun.capitalized) \(index)", "ko": "생성된 \(koNoun) \(index)"],
            summary: ["en": "How to use \(noun) well in generated topic \(index).", "ko": "생성된 주제 \(index)에서 \(koNoun)\(Self.objectParticle(koNoun)) 잘 쓰는 방법입니다."],
            sections: sections
        )
    }

    private func englishSentence(_ random: inout SplitMix64) -> String {
        var words: [String] = []
        let length = 14 + Int(random.next() % 16)
        for position in 0..<length {
            words.append(Self.pick(Self.englishWeighted, &random))
            if position == 0 { words[0] = words[0].capitalized }
        }
        return words.joined(separator: " ") + "."
    }

    private func koreanSentence(_ random: inout SplitMix64) -> String {
        var words: [String] = []
        let phrases = 4 + Int(random.next() % 5)
        for _ in 0..<phrases {
            let noun = Self.pick(Self.koreanWeighted, &random)
            let particle = Self.particles[Int(random.next() % UInt64(Self.particles.count))]
            words.append(noun + Self.adjust(particle, after: noun))
        }
        words.append(Self.verbs[Int(random.next() % UInt64(Self.verbs.count))])
        return words.joined(separator: " ")
    }

    // MARK: Vocabulary

    static let englishNouns = ["progress bar", "sheet", "popover", "split view", "label", "menu", "material", "indicator", "control", "column"]
    static let koreanNouns = ["진행률 표시줄", "시트", "팝오버", "스플릿 뷰", "레이블", "메뉴", "머티리얼", "표시기", "컨트롤", "컬럼"]

    /// (word, weight): weights make very common, common and rare terms.
    static let englishWeighted: [(String, Int)] = [
        ("the", 400), ("content", 120), ("people", 110), ("app", 100), ("view", 90), ("use", 80), ("progress", 60),
        ("sheet", 30), ("indicator", 28), ("menu", 25), ("column", 20), ("screen", 40), ("task", 35), ("show", 45),
        ("label", 15), ("popover", 8), ("modal", 8), ("sidebar", 6), ("blur", 4), ("translucent", 3), ("vibrancy", 1),
        ("spinner", 1), ("toolbar", 5), ("selection", 10), ("background", 12), ("quickly", 9), ("clearly", 7),
        ("avoid", 10), ("prefer", 8), ("system", 20), ("consistent", 6), ("gauge", 1), ("dismiss", 4), ("context", 12),
    ]

    static let koreanWeighted: [(String, Int)] = [
        ("콘텐츠", 120), ("사용자", 110), ("앱", 100), ("화면", 80), ("작업", 60), ("진행률", 25), ("시트", 18),
        ("표시기", 20), ("메뉴", 18), ("컬럼", 12), ("레이블", 10), ("팝오버", 5), ("모달", 5), ("사이드바", 4),
        ("블러", 3), ("비브런시", 1), ("배경", 12), ("시스템", 20), ("선택", 10), ("도구 막대", 4), ("맥락", 8),
    ]

    static let particles = ["을", "은", "이", "에서", "으로", "의", "와", "도"]
    static let verbs = ["표시합니다.", "사용하세요.", "제공합니다.", "보여줍니다.", "숨깁니다.", "피하세요.", "고려하세요."]

    /// Picks the particle form that fits the noun's last syllable (을/를, 은/는, 이/가, 으로/로, 와/과).
    static func adjust(_ particle: String, after noun: String) -> String {
        let hasFinal = noun.unicodeScalars.last.map { scalar in
            (0xAC00...0xD7A3).contains(scalar.value) && (scalar.value - 0xAC00) % 28 != 0
        } ?? false
        switch particle {
        case "을": return hasFinal ? "을" : "를"
        case "은": return hasFinal ? "은" : "는"
        case "이": return hasFinal ? "이" : "가"
        case "으로": return hasFinal ? "으로" : "로"
        case "와": return hasFinal ? "과" : "와"
        default: return particle
        }
    }

    static func objectParticle(_ noun: String) -> String { adjust("을", after: noun) }

    private static func pick(_ table: [(String, Int)], _ random: inout SplitMix64) -> String {
        let total = table.reduce(0) { $0 + $1.1 }
        var roll = Int(random.next() % UInt64(total))
        for (word, weight) in table {
            if roll < weight { return word }
            roll -= weight
        }
        return table[0].0
    }
}

/// A small deterministic random number generator (SplitMix64), so generated data (and the
/// benchmarks' queries) are reproducible.
public struct SplitMix64: Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
