import GuidebookText
import XCTest

/// The two trimmings: any white space, or spaces only.
final class TrimmingTests: XCTestCase {
    func testEachTrimmingTakesItsOwnKindOfSpace() {
        let cases: [(text: String, whitespace: String, spaces: String)] = [
            ("  a b  ", "a b", "a b"),
            ("\t\n a b \u{00A0}\u{3000}\r\n", "a b", "\t\n a b \u{00A0}\u{3000}\r\n"),
            (" \ta\u{00A0} ", "a", "\ta\u{00A0}"),
            (" 한 글 ", "한 글", "한 글"),
            (" \t\u{2003} ", "", "\t\u{2003}"),
            ("   ", "", ""),
            ("", "", ""),
            ("e\u{301} ", "e\u{301}", "e\u{301}"),
            // A space that a combining mark follows is one character, not a space.
            (" \u{301}x ", "\u{301}x", " \u{301}x"),
        ]
        for (text, whitespace, spaces) in cases {
            XCTAssertEqual(String(text.trimmingWhitespace()), whitespace, text.debugDescription)
            XCTAssertEqual(String(text.trimmingSpaces()), spaces, text.debugDescription)
        }
    }

    func testBothWorkOnSubstringsWithoutCopying() {
        let line = "[ Split Views ]"
        let inner = line.dropFirst().dropLast()
        let trimmed: Substring = inner.trimmingSpaces()
        XCTAssertEqual(trimmed, "Split Views")
        XCTAssertEqual(inner.trimmingWhitespace(), "Split Views")
        XCTAssertEqual(line[trimmed.startIndex...].first, "S", "the result is a slice of the original text")
    }
}
