import GuidebookText
import XCTest

/// The two trimmings: any white space, or spaces only.
final class TrimmingTests: XCTestCase {
    func testTrimmingWhitespaceTakesEveryKindOfSpace() {
        XCTAssertEqual("\t\n a b \u{00A0}\u{3000}\r\n".trimmingWhitespace(), "a b")
        XCTAssertEqual(" 한 글 ".trimmingWhitespace(), "한 글")
        XCTAssertEqual(" \t\u{2003} ".trimmingWhitespace(), "")
        XCTAssertEqual("".trimmingWhitespace(), "")
        XCTAssertEqual("e\u{301} ".trimmingWhitespace(), "e\u{301}")
    }

    func testTrimmingSpacesTakesOnlyTheSpaceCharacter() {
        XCTAssertEqual("  a b  ".trimmingSpaces(), "a b")
        XCTAssertEqual(" \ta\u{00A0} ".trimmingSpaces(), "\ta\u{00A0}")
        XCTAssertEqual("   ".trimmingSpaces(), "")
        XCTAssertEqual("".trimmingSpaces(), "")
        // A space that a combining mark follows is one character, not a space.
        XCTAssertEqual(" \u{301}x ".trimmingSpaces(), " \u{301}x")
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
