import GuidebookText
import XCTest

/// How text is cut for the search index and for queries: CJK runs into bigrams, the rest into words.
final class TextSegmenterTests: XCTestCase {
    func testCJKRunsBecomeOverlappingBigramsAndTheRestStaysForTheWordTokenizer() {
        let split = TextSegmenter.split("Progress bar를 진행률로")
        XCTAssertEqual(split.latin, "Progress bar  ")
        XCTAssertEqual(split.cjk, "를 진행 행률 률로")
    }

    func testAOneCharacterRunIsKeptWhole() {
        XCTAssertEqual(TextSegmenter.bigrams(["앱"]), ["앱"])
        XCTAssertEqual(TextSegmenter.bigrams(Array("진행률".unicodeScalars)), ["진행", "행률"])
        XCTAssertEqual(TextSegmenter.cjkRuns("앱 뷰").map(\.bigrams), [["앱"], ["뷰"]])
    }

    func testEmptyTextHasNoPieces() {
        XCTAssertEqual(TextSegmenter.split("").latin, "")
        XCTAssertEqual(TextSegmenter.split("").cjk, "")
        XCTAssertTrue(TextSegmenter.cjkRuns("").isEmpty)
        XCTAssertTrue(TextSegmenter.latinWords("").isEmpty)
        XCTAssertTrue(TextSegmenter.wordRanges("").latin.isEmpty)
    }

    func testCompatibilityJamoKanaAndHanAreCJK() {
        // Lone jamo typed as letters (ㅋㅋ) and decomposed syllables are runs like any Hangul.
        XCTAssertEqual(TextSegmenter.cjkRuns("ㅋㅋㅋ").map(\.bigrams), [["ㅋㅋ", "ㅋㅋ"]])
        XCTAssertEqual(TextSegmenter.cjkRuns("\u{1112}\u{1161}\u{11AB}").map(\.text), ["\u{1112}\u{1161}\u{11AB}"])
        XCTAssertEqual(TextSegmenter.cjkRuns("ひらがな 漢字").map(\.text), ["ひらがな", "漢字"])
    }

    func testACombiningMarkEndsACJKRunButStaysInALatinWord() {
        // U+0301 is not CJK: it breaks the run, and as a mark it is neither letter nor digit.
        XCTAssertEqual(TextSegmenter.cjkRuns("가\u{301}나").map(\.text), ["가", "나"])
        XCTAssertEqual(TextSegmenter.latinWords("cafe\u{301} École"), ["cafe", "école"])
    }

    func testLatinWordsAreLettersAndDigitsOfAnyOtherScriptLowerCased() {
        XCTAssertEqual(TextSegmenter.latinWords("iOS13 isn't Ωμέγα"), ["ios13", "isn", "t", "ωμέγα"])
        XCTAssertEqual(TextSegmenter.latinWords("split뷰를"), ["split"])
    }

    func testWordRangesFollowTheSamePiecesInOrder() {
        let text: Substring = "split뷰를 iOS13"
        let ranges = TextSegmenter.wordRanges(text)
        XCTAssertEqual(ranges.latin.map { String(text[$0]) }, ["split", "iOS13"])
        XCTAssertEqual(ranges.cjk.map { String(text[$0]) }, ["뷰를"])
    }

    func testWordScalarsAreLettersAndDigitsOutsideCJK() {
        for scalar in ["a", "Z", "0", "é", "ω", "٣"] as [Unicode.Scalar] { XCTAssertTrue(TextSegmenter.isWordScalar(scalar), "\(scalar)") }
        for scalar in [" ", "-", "'", "한", "ㅋ", "漢", "\u{301}", "👍"] as [Unicode.Scalar] { XCTAssertFalse(TextSegmenter.isWordScalar(scalar), "\(scalar)") }
    }
}
