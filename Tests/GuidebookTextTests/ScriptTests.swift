import GuidebookText
import XCTest

/// Whether a text is English or Korean, and what counts as a Latin letter.
final class ScriptTests: XCTestCase {
    func testMixedSentencesGoByTheirWords() {
        XCTAssertEqual(Script.of("Activity indicator보다 progress bar를 선호합니다."), .korean)
        XCTAssertEqual(Script.of("가이드는 Dynamic System Colors 에서 확인하세요."), .korean)
        XCTAssertEqual(Script.of("Use SF Symbols when possible (SF 심볼)."), .english)
        XCTAssertEqual(Script.of("Keep activity indicators moving."), .english)
        XCTAssertEqual(Script.of("※ — 12."), .none)
        // Decomposed Hangul (jamo) counts as Hangul too.
        XCTAssertEqual(Script.of("\u{1112}\u{1161}\u{11AB}"), .korean)
    }

    func testEdgeCases() {
        XCTAssertEqual(Script.of(""), .none)
        XCTAssertEqual(Script.of("   \n"), .none)
        XCTAssertEqual(Script.of("漢字 ひらがな 123"), .none)
        XCTAssertEqual(Script.of("ㅋㅋㅋ"), .korean)
        XCTAssertEqual(Script.of("e\u{301}cole cafe\u{301}"), .english)
        // Three English words and a Korean one at the end: Korean puts its verb last; four are too many.
        XCTAssertEqual(Script.of("Use Split View 사용하세요"), .korean)
        XCTAssertEqual(Script.of("Use the Split View 사용하세요"), .english)
        XCTAssertEqual(Script.of("Use the Split View 사용 of course"), .english)
        XCTAssertEqual(Script.of(Substring("bar를")), .korean)
    }

    func testCounterparts() {
        XCTAssertEqual(Script.english.counterpart, .korean)
        XCTAssertEqual(Script.korean.counterpart, .english)
        XCTAssertEqual(Script.none.counterpart, .none)
    }

    func testLatinLettersAreEnglishAndItsBorrowedNames() {
        for scalar in ["a", "Z", "é", "ß", "Ā", "ǅ", "\u{24F}"] as [Unicode.Scalar] { XCTAssertTrue(Latin.isLetter(scalar), "\(scalar)") }
        for scalar in ["1", "×", "÷", "ω", "Ａ", "한", "\u{301}", "\u{250}"] as [Unicode.Scalar] { XCTAssertFalse(Latin.isLetter(scalar), "\(scalar)") }
        XCTAssertTrue(Latin.occurs(in: "SF 심볼"))
        XCTAssertFalse(Latin.occurs(in: "심볼 12"))
        XCTAssertFalse(Latin.occurs(in: ""))
    }
}
