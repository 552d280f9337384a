@testable import GuidebookCore
import XCTest

/// Which words a query that finds nothing may lose (`SearchQuery.droppingLastWord`): plain words,
/// from the end, never phrases, prefixes, exclusions or words joined by OR, never the last term.
final class SearchRelaxationTests: XCTestCase {
    /// Every shorter query, dropping words until none can go, as (text of its terms, dropped word).
    private func relaxations(_ text: String) throws -> [(terms: [String], dropped: String)] {
        var query = try SearchQuery.parse(text)
        var steps: [(terms: [String], dropped: String)] = []
        while let next = query.droppingLastWord() {
            steps.append((next.query.terms.map(\.text), next.dropped.text))
            query = next.query
        }
        return steps
    }

    func testPlainWordsAreDroppedFromTheEndUntilOneTermIsLeft() throws {
        let steps = try relaxations("context menu sheet")
        XCTAssertEqual(steps.map(\.terms), [["context", "menu"], ["context"]])
        XCTAssertEqual(steps.map(\.dropped), ["sheet", "menu"])
        // Korean words are dropped whole, particles and all, as written.
        XCTAssertEqual(try relaxations("시트를 팝오버에서").map(\.dropped), ["팝오버에서"])
        XCTAssertEqual(try relaxations("split뷰 modal").map(\.terms), [["split뷰"]])
        XCTAssertTrue(try relaxations("sheet").isEmpty, "a one-word query has nothing to drop")
    }

    func testPhrasesPrefixesExclusionsAndOrGroupsAreNeverDropped() throws {
        let query = try SearchQuery.parse("\"dark mode\" prog* sheet -modal popover")
        XCTAssertEqual(query.terms.map(\.text), ["\"dark mode\"", "prog*", "sheet", "popover"], "exclusions are not terms searched for")
        XCTAssertEqual(query.terms.map(\.isDroppable), [false, false, true, true])
        let steps = try relaxations("\"dark mode\" prog* sheet -modal popover")
        XCTAssertEqual(steps.map(\.dropped), ["popover", "sheet"])
        XCTAssertEqual(steps.last?.terms, ["\"dark mode\"", "prog*"])
        var last = query
        while let next = last.droppingLastWord() { last = next.query }
        XCTAssertTrue(last.text.contains("-modal"), "the exclusion stays: \(last.text)")
        if case .excluding = last.condition {} else { XCTFail("the shorter query still excludes: \(last.condition)") }

        XCTAssertEqual(try relaxations("sheet OR popover vibrancy").map(\.dropped), ["vibrancy"])
        XCTAssertTrue(try relaxations("sheet OR popover").isEmpty)
        XCTAssertEqual(try relaxations("vibrancy sheet OR popover").map(\.dropped), ["vibrancy"])
        XCTAssertTrue(try relaxations("\"context menu\" \"split view\"").isEmpty)
        // An unclosed quote is a phrase to the end, as written.
        XCTAssertEqual(try SearchQuery.parse("sheet \"dark mode").terms.map(\.text), ["sheet", "\"dark mode"])
    }

    /// The shorter query is the query its text parses to: the same phrases, condition (the exact
    /// phrase boost of the words left included) and highlights.
    func testTheShorterQueryIsTheQueryOfItsText() throws {
        let shorter = try XCTUnwrap(try SearchQuery.parse("context  menu sheet").droppingLastWord()).query
        let typed = try SearchQuery.parse("context menu")
        XCTAssertEqual(shorter.phrases, typed.phrases)
        XCTAssertEqual(shorter.condition, typed.condition)
        XCTAssertEqual(shorter.highlights, typed.highlights)
        XCTAssertTrue(shorter.phrases.contains("\"context menu\""), "\(shorter.phrases)")
    }
}
