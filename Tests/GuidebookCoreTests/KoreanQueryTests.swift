@testable import GuidebookCore
import XCTest

/// What query a Korean word with a particle or ending becomes, how its noun is marked, and how a
/// suggestion rewrites a query's words (the particle rule itself: `GuidebookTextTests`).
final class KoreanQueryTests: XCTestCase {
    func testAQueryWordWithAParticleAlsoMatchesItsNoun() throws {
        let query = try SearchQuery.parse("시트를")
        XCTAssertEqual(query.phrases, ["\"시트 트를\"", "\"시트\""])
        XCTAssertEqual(query.condition, .any([.phrase(0), .phrase(1)]))
        XCTAssertEqual(query.highlights, [.cjk("시트를"), .cjk("시트")])
        XCTAssertEqual(query.words.map(\.phrases), [[0, 1]])

        // A one-syllable noun is searched as a prefix, as a one-syllable query is.
        XCTAssertEqual(try SearchQuery.parse("앱을").phrases.last, "\"앱\" *")
        // Each word on its own; quoted phrases and prefixes are searched as written.
        let two = try SearchQuery.parse("시트를 사용")
        XCTAssertEqual(two.condition, .all([.any([.phrase(0), .phrase(1)]), .phrase(2)]))
        XCTAssertEqual(try SearchQuery.parse("\"시트를\"").phrases.count, 1)
        XCTAssertEqual(try SearchQuery.parse("시트를*").phrases.count, 1)
        // Only particles: searched as written, nothing to cut.
        XCTAssertEqual(try SearchQuery.parse("을를").phrases, ["\"을를\""])
        // An excluded word with a particle excludes its noun too.
        XCTAssertEqual(try SearchQuery.parse("앱 -시트를").condition, .excluding(.phrase(0), .any([.phrase(1), .phrase(2)])))
    }

    func testTheHighlighterMarksTheNounInsideOtherForms() {
        let highlighter = Highlighter(terms: try! SearchQuery.parse("시트를").highlights)
        XCTAssertEqual(highlighter.snippet("시트가 열리면 시트를 닫으세요"), "<mark>시트</mark>가 열리면 <mark>시트를</mark> 닫으세요")
    }

    func testSuggestionsRewriteOnlyTheGivenWords() throws {
        let query = try SearchQuery.parse("Prgress \"sheet\" 사이드베를 -modal popver*")
        XCTAssertEqual(query.words.map { String(query.text[$0.range]) }, ["Prgress", "사이드베를"])
        XCTAssertEqual(query.rewriting([1: "사이드바를", 0: "progress"]), "progress \"sheet\" 사이드바를 -modal popver*")
        XCTAssertEqual(query.rewriting([:]), query.text)
        let mixed = try SearchQuery.parse("split뷰를")
        XCTAssertEqual(mixed.words.map { String(mixed.text[$0.range]) }, ["split", "뷰를"])
        XCTAssertEqual(mixed.words.map(\.isCJK), [false, true])
    }
}
