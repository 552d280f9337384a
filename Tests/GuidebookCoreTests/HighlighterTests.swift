import GuidebookCore
import XCTest

/// The highlighter that marks search terms in snippets.
final class HighlighterTests: XCTestCase {
    func testHighlighterMarksAndCutsWholeCharacters() throws {
        // A decomposed é (e + U+0301) belongs inside the mark of "cafe"; Hangul stays whole.
        let highlighter = Highlighter(terms: [.word("cafe", prefix: false), .cjk("시트")])
        let text = "A cafe\u{301} sheet: 시트에서 & more"
        let snippet = highlighter.snippet(text)
        XCTAssertEqual(snippet, "A <mark>cafe\u{301}</mark> sheet: <mark>시트</mark>에서 &amp; more")
        XCTAssertTrue(highlighter.matches(text))
        XCTAssertFalse(highlighter.matches("nothing here"))

        // A cut never falls between a letter and its accents, whatever the window length.
        let accented = String(repeating: "e\u{301}\u{302} ", count: 40) + "cafe"
        for length in 1...30 {
            let cut = highlighter.snippet(accented, length: length)
            XCTAssertFalse(cut.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } ?? false, "\(length)")
            let accentedPart = cut.components(separatedBy: "<mark>")[0]
            for character in accentedPart where character.unicodeScalars.first == "e" {
                XCTAssertEqual(character.unicodeScalars.count, 3, "length \(length): \(cut.debugDescription)")
            }
        }
        // Words are matched by stem family and prefix, case-insensitively.
        XCTAssertEqual(Highlighter(terms: [.word("indicator", prefix: false)]).snippet("Indicators show it"), "<mark>Indicators</mark> show it")
        XCTAssertEqual(Highlighter(terms: [.word("prog", prefix: true)]).snippet("A progress bar"), "A <mark>progress</mark> bar")
    }
}
