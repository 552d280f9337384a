@testable import GuidebookCore
import XCTest

/// The words kept for suggestions, the edit distance, and the closest-word rules.
final class SearchVocabularyTests: XCTestCase {
    /// The byte-level word scanner against a plain scalar-by-scalar reading of the same rule.
    func testVocabularyWordsAreTheDistinctLatinWordsAndHangulRuns() {
        XCTAssertEqual(TextSegmenter.vocabularyWords(["Sheets show a sheet. 시트를 시트를 열면 시트가", "iOS17 café 表示 진행률은 x 앱"]),
                       "sheets show sheet 시트를 열면 시트가 ios café 진행률은")
        let samples = ["Split-view 스플릿 뷰를 쓰세요", "ÉCOLE École naïve", "abc123def 가나다라마바사아자차카타파하가나다라마바사아자차카타파하가나다라마바사아자",
                       "\u{1F642}emoji\u{1F642}", "한글English한글", "", "   ", "a b c 가 나", "ﾊﾝｶｸ カタカナ ひらがな 漢字 한자"]
        var random = SystemRandomNumberGenerator()
        let pieces = ["sheet", "Sheet", "시트", "를", " ", "-", "1", "é", "表", "\u{0301}", "가나", "ㄱ", "Ω"]
        let generated = (0..<200).map { _ in (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for text in samples + generated {
            XCTAssertEqual(TextSegmenter.vocabularyWords([text]), Self.referenceWords(text), text)
        }
    }

    private static func referenceWords(_ text: String) -> String {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        var script = 0
        func flush() {
            if script != 0, (2...32).contains(current.count) {
                let word = String(String.UnicodeScalarView(current.map { $0.isASCII ? Unicode.Scalar(UInt8(ascii: $0).lowercasedASCII) : $0 }))
                if !words.contains(word) { words.append(word) }
            }
            current = []
        }
        for scalar in text.unicodeScalars {
            let kind = (0xAC00...0xD7A3).contains(scalar.value) ? 2
                : (scalar.isASCII ? ((65...90).contains(scalar.value) || (97...122).contains(scalar.value) ? 1 : 0)
                   : (!TextSegmenter.isCJK(scalar) && scalar.properties.isAlphabetic ? 1 : 0))
            if kind != script { flush(); script = kind }
            current.append(scalar)
        }
        flush()
        return words.joined(separator: " ")
    }

    func testEditDistanceWithALimitAgreesWithTheFullTable() {
        var random = SystemRandomNumberGenerator()
        var rows = [Int](repeating: 0, count: 3 * 40)
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...10, using: &random)).map { _ in UInt32.random(in: 0...3, using: &random) }
            let b = (0..<Int.random(in: 0...10, using: &random)).map { _ in UInt32.random(in: 0...3, using: &random) }
            let limit = Int.random(in: 0...4, using: &random)
            let full = Self.fullDistance(a, b)
            let bounded = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in rows.withUnsafeMutableBufferPointer { EditDistance.optimalAlignment(a, b, limit: limit, rows: $0) } }
            }
            XCTAssertEqual(bounded, min(full, limit + 1), "\(a) \(b) limit \(limit)")
        }
    }

    private static func fullDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    private let vocabulary = SearchVocabulary(
        latin: ["progress": 40, "popover": 12, "popovers": 3, "sheet": 30, "sheets": 9, "shoot": 50, "label": 8, "cable": 20, "table": 5,
                "indicator": 14, "modality": 2, "modal": 6],
        korean: ["사이드바": 4, "사이드바를": 2, "진행률": 9, "시트": 18, "시간": 30, "팝오버": 5, "팝오버는": 3, "표시기": 20, "레이블": 10]
    )

    private func closest(_ word: String) -> String? {
        var budget = SearchVocabulary.comparisonBudget
        return vocabulary.closest(to: word, budget: &budget)
    }

    func testTheClosestWordFollowsTheDistanceRules() {
        // English: one edit up to 5 letters, two above; a swap of neighbours is one edit.
        XCTAssertEqual(closest("prgress"), "progress")
        XCTAssertEqual(closest("popver"), "popover")
        XCTAssertEqual(closest("porgress"), "progress")
        XCTAssertEqual(closest("indictaor"), "indicator")
        XCTAssertEqual(closest("modaltiy"), "modality")
        XCTAssertEqual(closest("prgrss"), "progress", "two edits in a word of six letters")
        XCTAssertNil(closest("prgrs"), "three edits")
        XCTAssertNil(closest("xxbel"), "a five-letter word allows one edit")
        XCTAssertEqual(closest("shet"), "sheet", "shoot (held by more rows) is two edits away")
        XCTAssertEqual(closest("xable"), "cable", "a tie goes to the word more rows hold: cable (20) over table (5)")
        XCTAssertNil(closest("ab"), "too short to correct")
        XCTAssertNil(closest("sh33t"), "digits are not corrected")
        XCTAssertNil(closest(String(repeating: "progress", count: 5)), "too long")
        // Korean: one changed jamo, or for three syllables and more one changed syllable.
        XCTAssertEqual(closest("사이드베"), "사이드바")
        XCTAssertEqual(closest("사이드쿄"), "사이드바", "one changed syllable (two jamo)")
        XCTAssertEqual(closest("사이드베를"), "사이드바를")
        XCTAssertEqual(closest("진행율"), "진행률")
        XCTAssertEqual(closest("팝오바"), "팝오버")
        XCTAssertEqual(closest("시틔"), "시트", "one jamo of two syllables")
        XCTAssertNil(closest("시국"), "two syllables: a changed syllable (two jamo or more) is too far")
        XCTAssertNil(closest("을를"))
        XCTAssertNil(closest("앱"), "one syllable is not corrected")
        XCTAssertNil(closest("가나다라마"))
    }

    func testCorrectionsKeepCapitalsAndParticles() {
        var budget = SearchVocabulary.comparisonBudget
        XCTAssertEqual(vocabulary.correction(of: "Prgress", budget: &budget), "Progress")
        XCTAssertEqual(vocabulary.correction(of: "popver", budget: &budget), "popover")
        // 사이드베에서 has no close word, its noun 사이드베 has: the particle is put back.
        XCTAssertEqual(vocabulary.correction(of: "사이드베에서", budget: &budget), "사이드바에서")
        XCTAssertNil(vocabulary.correction(of: "zzzzzz", budget: &budget))
    }

    func testTheBudgetBoundsTheWork() {
        var budget = 3
        _ = vocabulary.closest(to: "prgress", budget: &budget)
        XCTAssertEqual(budget, 0)
        XCTAssertNil(vocabulary.closest(to: "popver", budget: &budget), "nothing is compared once the budget is spent")
    }
}

private extension UInt8 {
    var lowercasedASCII: UInt8 { self >= 65 && self <= 90 ? self + 32 : self }
}
