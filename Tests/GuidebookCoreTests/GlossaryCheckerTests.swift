import GuidebookCore
import XCTest

/// Which glossary terms an English text uses, and what the checker finds in its translation:
/// terms that share their stems are told apart by their words as written.
final class GlossaryCheckerTests: XCTestCase {
    private let checker = GlossaryChecker(terms: [
        GlossaryTerm(id: 1, term: ["en": "modal", "ko": "모달"]),
        GlossaryTerm(id: 2, term: ["en": "modality", "ko": "모달리티"]),
        GlossaryTerm(id: 3, term: ["en": "progress bar", "ko": "진행률 표시줄"]),
    ])

    private func used(_ source: String) -> [String] {
        checker.terms(in: source).map(\.source).sorted()
    }

    func testTermsSharingAStemAreToldApartByTheirWords() {
        XCTAssertEqual(used("Use modality only when it helps."), ["modality"])
        XCTAssertEqual(used("A modal view, and other modal views."), ["modal"])
        XCTAssertEqual(used("Modality, and a modal sheet."), ["modal", "modality"])
        // A term with a stem of its own still matches by its stems: plurals and all.
        XCTAssertEqual(used("Show progress bars."), ["progress bar"])
    }

    func testAModalityTextIsNotAskedForTheModalTerm() {
        let findings = checker.findings(guideline: "g", source: "Use modality only when it helps.",
                                        translations: ["ko": "작업에 집중해야 할 때만 모달리티를 쓰세요."])
        XCTAssertEqual(findings, [], "the translation has 모달리티, and the English never says modal")
        let missing = checker.findings(guideline: "g", source: "Use modality only when it helps.", translations: ["ko": "필요할 때만 쓰세요."])
        XCTAssertEqual(missing.map(\.expected), ["모달리티"])
    }
}
