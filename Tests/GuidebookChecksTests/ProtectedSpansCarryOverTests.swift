import GuidebookChecks
import XCTest

/// The import's refusal of a translation that breaks a placeholder or a link target reads the text
/// as the checks do (`ProtectedSpans`).
final class ProtectedSpansCarryOverTests: XCTestCase {
    func testPlaceholdersAndLinkTargetsAreFoundAsTheChecksFindThem() {
        let found = ProtectedSpans("Delete {count} items (%1$@, %lld, %.2f, 100%% done, 50% of them) — see [the guide](https://example.com/a) and [x](#top).")
        XCTAssertEqual(found.placeholders, ["{count}", "%1$@", "%lld", "%.2f"])
        XCTAssertEqual(found.linkTargets, ["https://example.com/a", "#top"])
        XCTAssertEqual(ProtectedSpans("{} { x } %  [a] (b)").placeholders, [])
        // A `%20` inside a link's target or a URL is part of it, not a placeholder.
        XCTAssertEqual(ProtectedSpans("[docs](https://example.com/a%20b) and https://example.com/c%2d").placeholders, [])
    }

    func testATranslationMustKeepEachOneInAnyOrder() {
        let source = "Show {name} and {count} — [more](/help)."
        XCTAssertEqual(ProtectedSpans.carryOverProblems(source: source, translation: "{count}개와 {name}을 보여 줍니다 — [더 보기](/help)."), [])
        XCTAssertEqual(ProtectedSpans.carryOverProblems(source: source, translation: "{name}을 보여 줍니다 — [더 보기](/hlep)."),
                       ["the placeholder {count} of the English is missing", "the link target /help of the English is missing",
                        "the link target /hlep is not in the English"])
        XCTAssertEqual(ProtectedSpans.carryOverProblems(source: "%d files", translation: "%d개 파일 %d"), ["the placeholder %d is not in the English"])
        XCTAssertEqual(ProtectedSpans.carryOverProblems(source: "{a} {b}", translation: "없음"), ["the placeholders {a}, {b} of the English are missing"])
    }
}
