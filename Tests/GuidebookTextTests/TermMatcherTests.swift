import GuidebookText
import XCTest

/// Which particles a Korean term may carry and still be a use of it (the glossary checks ask).
final class TermMatcherTests: XCTestCase {
    func testATermCarriesAnyParticleOfTheEightPairsThatAgrees() {
        for text in ["활동 표시기나 진행률 표시줄", "시트랑 팝오버", "버튼이랑", "툴바야, 고마워", "메뉴로는", "컨트롤과는"] {
            let term = ["활동 표시기", "시트", "버튼", "툴바", "메뉴", "컨트롤"].first { text.hasPrefix($0) }!
            XCTAssertTrue(TermMatcher.koreanText(text, uses: term), text)
        }
        // A form that does not agree is no use of the term (the particle check reports it).
        for (text, term) in [("툴바이 보입니다", "툴바"), ("시트을 여세요", "시트"), ("버튼나", "버튼"), ("진행률 표시줄기", "진행률 표시줄")] {
            XCTAssertFalse(TermMatcher.koreanText(text, uses: term), text)
        }
    }

    func testALatinTermCarriesAnyParticle() {
        XCTAssertTrue(TermMatcher.koreanText("가능하면 SF Symbols를 사용하세요.", uses: "SF Symbols"))
        XCTAssertTrue(TermMatcher.koreanText("iPad에서는 스플릿 뷰를", uses: "iPad"))
        XCTAssertTrue(TermMatcher.koreanText("iOS 13과 그 이후", uses: "iOS 13"))
        XCTAssertFalse(TermMatcher.koreanText("SF Symbolsx를", uses: "SF Symbols"))
        XCTAssertFalse(TermMatcher.koreanText("iPad기기", uses: "iPad"))
    }

    func testCoveredEndingsAloneOrStacked() {
        for ending in ["을", "를", "에서", "에서는", "으로도", "와의", "만"] { XCTAssertTrue(KoreanParticles.isEnding(ending), ending) }
        for text in ["", "기", "는에서", "시트를"] { XCTAssertFalse(KoreanParticles.isEnding(text), text) }
    }

    func testATermCarriesTheCopulaAndTheOtherEndingsOfRunningText() {
        // From the study notes: each was a glossary finding that the term was missing.
        for (text, term) in [("\"다크 모드라고\" 부르는", "다크 모드"), ("모달일 수도 있고", "모달"), ("활동 표시기보다 진행률 표시줄을", "활동 표시기"),
                             ("팝오버는 뷰입니다", "뷰"), ("일차 컬럼엔 목록이", "일차 컬럼"), ("시트까지는", "시트"), ("iPad처럼", "iPad")] {
            XCTAssertTrue(TermMatcher.koreanText(text, uses: term), text)
        }
        // A longer word is still not the term, nor is a disagreeing particle of the eight pairs.
        for (text, term) in [("모달리티", "모달"), ("비모달일", "모달"), ("툴바이 보입니다", "툴바"), ("시트을", "시트"), ("뷰어입니다", "뷰")] {
            XCTAssertFalse(TermMatcher.koreanText(text, uses: term), text)
        }
    }

    func testTermsThatShareStemsAreMatchedByTheirWordsAsWritten() {
        XCTAssertTrue(TermMatcher.englishWords(["modal", "views"], contain: ["modal"]))
        XCTAssertFalse(TermMatcher.englishWords(["modality"], contain: ["modal"]))
        XCTAssertTrue(TermMatcher.englishWords(["the", "progress", "bars"], contain: ["progress", "bar"]))
        XCTAssertTrue(TermMatcher.englishWords(["categories"], contain: ["category"]))
        XCTAssertTrue(TermMatcher.englishWords(["presented", "modally"], contain: ["modal"]))
        XCTAssertFalse(TermMatcher.englishWords(["modal"], contain: ["modality"]))
    }
}
