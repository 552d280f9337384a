@testable import GuidebookCore
import XCTest

/// The length limits count code points, as the contract's `maxLength` (JSON Schema) counts them, not
/// the characters a reader sees: a text of 100 characters with combining marks is longer.
final class TextLengthRuleTests: XCTestCase {
    func testALimitCountsCodePoints() {
        var problems: [InvalidField] = []
        EditRules.checkText(String(repeating: "e\u{301}", count: 60), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems.count, 1, "60 characters of 120 code points")
        problems = []
        EditRules.checkText(String(repeating: "é", count: 100), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems.count, 0, "100 code points")
    }
}
