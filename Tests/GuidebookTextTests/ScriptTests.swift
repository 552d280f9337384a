import GuidebookText
import XCTest

/// Whether a text is English or Korean, and what counts as a Latin letter.
final class ScriptTests: XCTestCase {
    func testTextsGoByTheScriptOfTheirWords() {
        let cases: [(text: String, script: Script)] = [
            ("Activity indicator보다 progress bar를 선호합니다.", .korean),
            ("가이드는 Dynamic System Colors 에서 확인하세요.", .korean),
            ("Use SF Symbols when possible (SF 심볼).", .english),
            ("Keep activity indicators moving.", .english),
            // Decomposed Hangul (conjoining jamo) and lone compatibility jamo are Hangul too.
            ("\u{1112}\u{1161}\u{11AB}", .korean),
            ("ㅋㅋㅋ", .korean),
            ("e\u{301}cole cafe\u{301}", .english),
            // Three English words and a Korean one at the end: Korean puts its verb last; four are too many.
            ("Use Split View 사용하세요", .korean),
            ("Use the Split View 사용하세요", .english),
            ("Use the Split View 사용 of course", .english),
            // No letters of either script.
            ("※ — 12.", .none),
            ("漢字 ひらがな 123", .none),
            ("   \n", .none),
            ("", .none),
        ]
        for (text, script) in cases { XCTAssertEqual(Script.of(text), script, text) }
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
