import GuidebookText
import XCTest

/// Hangul's code points and the parts of a syllable, and which scalars the index treats as CJK.
final class HangulTests: XCTestCase {
    func testSyllablesAreTheBlockFromGaToHih() {
        XCTAssertTrue(Hangul.isSyllable("\u{AC00}"))   // 가
        XCTAssertTrue(Hangul.isSyllable("\u{D7A3}"))   // 힣
        XCTAssertFalse(Hangul.isSyllable("\u{ABFF}"))
        XCTAssertFalse(Hangul.isSyllable("\u{D7A4}"))
        XCTAssertFalse(Hangul.isSyllable("ㅋ"))          // compatibility jamo: Hangul, not a syllable
        XCTAssertFalse(Hangul.isSyllable("\u{1112}"))  // conjoining jamo
    }

    func testEveryJamoBlockIsHangul() {
        let hangul: [Unicode.Scalar] = ["가", "\u{1100}", "\u{11FF}", "\u{3131}", "ㅋ", "\u{318E}", "\u{A960}", "\u{A97C}", "\u{D7B0}", "\u{D7FB}"]
        for scalar in hangul { XCTAssertTrue(Hangul.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
        let other: [Unicode.Scalar] = ["a", "1", "漢", "あ", "\u{302E}", "\u{301}", " "]
        for scalar in other { XCTAssertFalse(Hangul.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
    }

    func testOccursLooksForAnyHangulScalar() {
        XCTAssertTrue(Hangul.occurs(in: "bar를"))
        XCTAssertTrue(Hangul.occurs(in: "ㅋ"))
        XCTAssertFalse(Hangul.occurs(in: "Split Views"))
        XCTAssertFalse(Hangul.occurs(in: ""))
    }

    func testJamoOfASyllable() {
        XCTAssertTrue(Hangul.jamo(ofSyllable: 0xAC00) == (0, 0, 0))           // 가: ㄱ ㅏ
        XCTAssertTrue(Hangul.jamo(ofSyllable: "한".unicodeScalars.first!.value) == (18, 0, 4))  // ㅎ ㅏ ㄴ
        XCTAssertTrue(Hangul.jamo(ofSyllable: 0xD7A3) == (18, 20, 27))        // 힣: ㅎ ㅣ ㅎ
        XCTAssertEqual(Hangul.jamo(ofSyllable: "말".unicodeScalars.first!.value).final, Hangul.finalRieul)
    }

    func testCJKIsHangulKanaAndHan() {
        let cjk: [Unicode.Scalar] = ["가", "ㅋ", "\u{1112}", "あ", "カ", "\u{31F0}", "一", "\u{9FFF}", "\u{3400}", "\u{F900}"]
        for scalar in cjk { XCTAssertTrue(CJK.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
        // Half-width katakana, CJK punctuation and symbols, and fullwidth Latin are not.
        let other: [Unicode.Scalar] = ["a", "\u{FF76}", "\u{3000}", "\u{3001}", "\u{302E}", "Ａ", "👍"]
        for scalar in other { XCTAssertFalse(CJK.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
    }
}
