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

    /// The ASCII shortcut of `trimmingWhitespace` agrees with Unicode's White_Space on every
    /// scalar below U+0100 (the shortcut's and the tables' sides of its line).
    func testEveryScalarAtTheEndsIsTrimmedAsWhiteSpaceSays() {
        for value in UInt32(0)..<0x100 {
            let scalar = Unicode.Scalar(value)!
            let text = "\(scalar)a\(scalar)"
            let expected = scalar.properties.isWhitespace ? "a" : text
            XCTAssertEqual(String(text.trimmingWhitespace()).unicodeScalars.map(\.value), expected.unicodeScalars.map(\.value),
                           "U+\(String(value, radix: 16, uppercase: true))")
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
