import GuidebookText
import XCTest

/// The translation memory's measure: a token-level edit ratio on stemmed words.
final class TextSimilarityTests: XCTestCase {
    private func similarity(_ a: String, _ b: String, minimum: Int = 0) -> TextSimilarity? {
        TextSimilarity(TextSimilarity.words(of: a), TextSimilarity.words(of: b), minimum: minimum)
    }

    func testThePercentIsOneMinusTheWordEditDistanceOverTheLongerText() throws {
        XCTAssertEqual(similarity("Show a progress bar.", "Show a progress bar.")?.percent, 100)
        XCTAssertEqual(similarity("Show a progress bar.", "show a Progress bar")?.percent, 100, "case and punctuation do not count")
        XCTAssertEqual(similarity("Show progress indicators.", "Show a progress indicator.")?.percent, 75, "one word inserted of four; plurals stem alike")
        let replaced = try XCTUnwrap(similarity("Show a progress bar.", "Show a progress indicator."))
        XCTAssertEqual(replaced.percent, 75)
        XCTAssertEqual(replaced.missing, ["bar"])
        XCTAssertEqual(replaced.extra, ["indicator"])
        // 10 words against the same 10 with 3 replaced and one added: 4 edits of 11 → 63.
        let ten = "one two three four five six seven eight nine ten"
        let changed = try XCTUnwrap(similarity(ten, "one two THREE4 four five SIX6 seven eight NINE9 ten eleven"))
        XCTAssertEqual(changed.percent, 63)
        XCTAssertEqual(changed.missing, ["three", "six", "nine"])
        XCTAssertEqual(changed.extra, ["three4", "six6", "nine9", "eleven"])
        XCTAssertNil(similarity(ten, "one two THREE4 four five SIX6 seven eight NINE9 ten eleven", minimum: 70))
        XCTAssertEqual(similarity(ten, "one two three four five six seven eight nine ten eleven", minimum: 70)?.percent, 90)
    }

    func testTheMinimumRulesOutTextsWhoseLengthsAloneAreTooFarApart() {
        XCTAssertNil(similarity("a b c d e f g h i j", "a b c d e f g", minimum: 71))
        XCTAssertEqual(similarity("a b c d e f g h i j", "a b c d e f g", minimum: 70)?.percent, 70)
        XCTAssertEqual(similarity("", "")?.percent, 100)
        XCTAssertNil(similarity("", "something", minimum: 1))
    }

    func testKoreanIsLeftOutOfTheEnglishWords() {
        XCTAssertEqual(TextSimilarity.words(of: "Use 시트 sheets").map(\.stem), ["use", "sheet"])
    }
}
