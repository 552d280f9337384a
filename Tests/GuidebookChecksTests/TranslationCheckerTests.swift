import GuidebookChecks
import XCTest

/// Each check of `TranslationChecker` on a pair that trips it and on one that does not.
final class TranslationCheckerTests: XCTestCase {
    private let checker = TranslationChecker(knownNouns: ["시트", "메뉴"])

    private func checks(_ source: String, _ translation: String, locale: String = "ko") -> [CheckName] {
        checker.findings(source: source, translation: translation, locale: locale).map(\.check)
    }

    func testAFaithfulTranslationHasNoFinding() {
        XCTAssertEqual(checks("Use a sheet for a distinct task related to the parent view.", "상위 뷰와 관련된 별개의 작업에는 시트를 사용하세요."), [])
        XCTAssertEqual(checks("Tap `Done` or open [the guide](https://example.com/guide) to add {count} items (%d%%).",
                              "`Done`을 탭하거나 [안내서](https://example.com/guide)를 열어 항목 {count}개를 추가하세요 (%d%%)."), [])
        XCTAssertEqual(checks("- **Bold** first\n- *Then* second", "- **굵게** 먼저\n- *그다음* 두 번째"), [])
        XCTAssertEqual(checks("", ""), [])
        XCTAssertEqual(checks("Anything", "   "), [], "an empty translation is missing, not wrong")
    }

    func testPlaceholdersMustComeThrough() {
        let findings = checker.findings(source: "Delete {count} files? %1$@ remain, %d%% done.", translation: "파일 {n}개를 삭제할까요? %d%% 완료.", locale: "ko")
        let placeholders = findings.filter { $0.check == .placeholders }
        XCTAssertEqual(placeholders.map(\.fix), ["{count}", "%1$@", nil])
        XCTAssertEqual(placeholders.map(\.found), [nil, nil, "{n}"])
        XCTAssertEqual(placeholders.first?.severity, .error)
        // A percentage is no placeholder; a %20 inside a URL neither.
        XCTAssertEqual(checks("Over 50% of https://a.example/x%20y", "https://a.example/x%20y의 50% 이상"), [])
    }

    func testCodeURLsNumbersAndLinks() {
        XCTAssertEqual(checks("Set `isEnabled` to false.", "isEnabled를 false로 설정하세요."), [.inlineCode])
        XCTAssertEqual(checks("See https://example.com/a.", "https://example.com/b를 보세요."), [.urls, .urls])
        XCTAssertEqual(checks("Wait 3 seconds, up to 1,000 times.", "최대 1000번, 5초 기다리세요."), [.numbers, .numbers])
        XCTAssertEqual(checks("Read [this](https://a.example/1).", "[이 글](https://a.example/2)을 읽으세요."), [.markdownLinks, .markdownLinks])
        XCTAssertEqual(checks("Read [this](https://a.example/1).", "이 글을 읽으세요."), [.markdownLinks])
        XCTAssertEqual(checker.findings(source: "Read [this](https://a.example/1).", translation: "이 글을 읽으세요.", locale: "ko")[0].severity, .error)
    }

    func testMarkdownEmphasisAndLists() {
        XCTAssertEqual(checks("Use **bold** sparingly.", "굵게는 아껴 쓰세요."), [.markdownEmphasis])
        XCTAssertEqual(checks("Use *care*.", "주의해서 쓰세요."), [.markdownEmphasis])
        XCTAssertEqual(checks("Name it snake_case.", "snake_case로 이름을 지으세요."), [], "an underscore inside a word is no mark")
        XCTAssertEqual(checks("- one\n- two\n- three", "- 하나\n- 둘"), [.markdownLists])
        XCTAssertEqual(checks("1. first\n2. second", "- 첫째\n- 둘째"), [.markdownLists])
    }

    func testWhitespaceAndEndPunctuation() {
        let edges = checker.findings(source: "Close the sheet.", translation: " 시트를 닫으세요. ", locale: "ko")
        XCTAssertEqual(edges.map(\.check), [.edgeWhitespace])
        XCTAssertEqual(edges.first?.correctedText, "시트를 닫으세요.")
        let doubled = checker.findings(source: "Close the sheet.", translation: "시트를  닫으세요.", locale: "ko")
        XCTAssertEqual(doubled.map(\.check), [.doubleSpaces])
        XCTAssertEqual(doubled.first?.offset, 3)
        XCTAssertEqual(doubled.first?.correctedText, "시트를 닫으세요.")
        XCTAssertEqual(checks("  Indented  twice", "  들여쓴  두 번"), [], "the English has them too")
        let question = checker.findings(source: "Delete the file?", translation: "파일을 삭제합니다.", locale: "ko")
        XCTAssertEqual(question.map(\.check), [.endPunctuation])
        XCTAssertEqual(question.first?.correctedText, "파일을 삭제합니다?")
        XCTAssertEqual(checks("Delete the file?", "파일을 삭제할까요？"), [], "a full-width question mark is a question mark")
        XCTAssertEqual(checks("Loading...", "불러오는 중…"), [])
        XCTAssertEqual(checks("Say “Hello.”", "“안녕하세요.”라고 말하세요."), [])
        XCTAssertEqual(checker.findings(source: "A sentence.", translation: "문장", locale: "ko").first?.correctedText, "문장.")
    }

    func testLengthRatioAndUnchangedText() {
        XCTAssertEqual(checks("Use a sheet for a distinct task related to the parent view.", "시트."), [.lengthRatio])
        XCTAssertEqual(checks("Sheets", "시트"), [], "a short source is not held to the band")
        let narrow = TranslationChecker(options: CheckOptions(lengthRatio: 0.9...1.1))
        XCTAssertEqual(narrow.findings(source: "Use a sheet for a distinct task.", translation: "별개의 작업에는 시트를 사용하세요.", locale: "ko").map(\.check), [.lengthRatio])
        XCTAssertEqual(checks("SF Symbols", "SF Symbols"), [.unchanged])
        XCTAssertEqual(checks("iOS 13", "iOS 13"), [.unchanged])
        XCTAssertEqual(checks("42", "42"), [], "no letters: nothing to translate")
    }

    func testParticlesAreCheckedInKoreanOnlyWithTheCorrectedText() {
        let findings = checker.findings(source: "Close the sheet or the menu.", translation: "시트을 닫거나 메뉴으로 돌아가세요.", locale: "ko")
        XCTAssertEqual(findings.map(\.check), [.particles, .particles])
        XCTAssertEqual(findings.map(\.found), ["시트을", "메뉴으로"])
        XCTAssertEqual(findings.map(\.fix), ["시트를", "메뉴로"])
        XCTAssertEqual(findings.map(\.correctedText), ["시트를 닫거나 메뉴으로 돌아가세요.", "시트을 닫거나 메뉴로 돌아가세요."])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertEqual(checks("Close the sheet or the menu.", "시트을 닫거나 메뉴으로 돌아가세요.", locale: "ja"), [])
        XCTAssertTrue(TranslationChecker.isKorean("ko-KR"))
    }

    func testEveryCheckHasItsSeverity() {
        XCTAssertEqual(CheckName.allCases.filter { $0.severity == .error }, [.placeholders, .inlineCode, .urls, .markdownLinks, .glossaryForbidden, .particles])
    }
}
