import GuidebookText
import XCTest

final class PlaceholdersTests: XCTestCase {
    func testPlaceholdersAndLinkTargetsAreFound() {
        let found = Placeholders(of: "Delete {count} items (%1$@, %lld, %.2f, 100%% done, 50% of them) — see [the guide](https://example.com/a) and [x](#top).")
        XCTAssertEqual(found.placeholders, ["{count}", "%1$@", "%lld", "%.2f"])
        XCTAssertEqual(found.linkTargets, ["https://example.com/a", "#top"])
        XCTAssertEqual(Placeholders(of: "{} { x } %  [a] (b)").placeholders, [])
    }

    func testATranslationMustKeepEachOneInAnyOrder() {
        let source = "Show {name} and {count} — [more](/help)."
        XCTAssertEqual(Placeholders.problems(source: source, translation: "{count}개와 {name}을 보여 줍니다 — [더 보기](/help)."), [])
        XCTAssertEqual(Placeholders.problems(source: source, translation: "{name}을 보여 줍니다 — [더 보기](/hlep)."),
                       ["the placeholder {count} of the English is missing", "the link target /help of the English is missing",
                        "the link target /hlep is not in the English"])
        XCTAssertEqual(Placeholders.problems(source: "%d files", translation: "%d개 파일 %d"), ["the placeholder %d is not in the English"])
    }
}
