@testable import GuidebookCore
import XCTest

/// Which Korean query words lose a particle or ending, and what query they become.
final class KoreanParticlesTests: XCTestCase {
    func testEveryCoveredEndingIsCutOffItsNoun() {
        let cases: [(String, String, String)] = [
            ("시트를", "시트", "를"), ("진행률을", "진행률", "을"), ("사이드바가", "사이드바", "가"), ("표시기가", "표시기", "가"),
            ("컨트롤이", "컨트롤", "이"), ("메뉴는", "메뉴", "는"), ("진행률은", "진행률", "은"), ("머티리얼의", "머티리얼", "의"),
            ("화면에", "화면", "에"), ("팝오버에서", "팝오버", "에서"), ("컬럼에는", "컬럼", "에는"), ("컬럼으로", "컬럼", "으로"),
            ("모달로", "모달", "로"), ("머티리얼로", "머티리얼", "로"), ("시트와", "시트", "와"), ("표시기와", "표시기", "와"),
            ("레이블과", "레이블", "과"), ("레이블도", "레이블", "도"), ("팝오버만", "팝오버", "만"),
            ("새로고침하면", "새로고침", "하면"), ("표시하는", "표시", "하는"),
            // A topic or other marker stacked on a case marker goes with it.
            ("메뉴에서는", "메뉴", "에서는"), ("컬럼으로도", "컬럼", "으로도"), ("화면에도", "화면", "에도"),
            // One syllable is left only when it is a known noun.
            ("앱을", "앱", "을"), ("뷰를", "뷰", "를"), ("탭에서", "탭", "에서"), ("앱에서는", "앱", "에서는"),
        ]
        for (word, stem, ending) in cases {
            let split = KoreanParticles.split(word)
            XCTAssertEqual(split?.stem, stem, word)
            XCTAssertEqual(split?.ending, ending, word)
        }
    }

    func testWordsWhoseLastSyllableIsNotAParticleStayWhole() {
        // 사이 is not 사 + 이; 정도 is not 정 + 도: one syllable that is not a known noun.
        // 디스플레이, 효과, 경로, 마을: the ending's form does not fit the syllable before it.
        for word in ["사이", "아이", "정도", "속도", "추가", "결과", "디스플레이", "효과", "경로", "마을", "하면", "하는", "에서",
                     "을를", "이가", "을", "를", "시트", "진행률", "split", "시트를x", "시트을", "메뉴이"] {
            XCTAssertNil(KoreanParticles.split(word), word)
        }
    }

    func testAQueryWordWithAParticleAlsoMatchesItsNoun() throws {
        let query = try SearchQuery.parse("시트를")
        XCTAssertEqual(query.phrases, ["{title_cjk body_cjk} : \"시트 트를\"", "{title_cjk body_cjk} : \"시트\""])
        XCTAssertEqual(query.condition, .any([.phrase(0), .phrase(1)]))
        XCTAssertEqual(query.highlights, [.cjk("시트를"), .cjk("시트")])
        XCTAssertEqual(query.words.map(\.phrases), [[0, 1]])

        // A one-syllable noun is searched as a prefix, as a one-syllable query is.
        XCTAssertEqual(try SearchQuery.parse("앱을").phrases.last, "{title_cjk body_cjk} : \"앱\" *")
        // Each word on its own; quoted phrases and prefixes are searched as written.
        let two = try SearchQuery.parse("시트를 사용")
        XCTAssertEqual(two.condition, .all([.any([.phrase(0), .phrase(1)]), .phrase(2)]))
        XCTAssertEqual(try SearchQuery.parse("\"시트를\"").phrases.count, 1)
        XCTAssertEqual(try SearchQuery.parse("시트를*").phrases.count, 1)
        // Only particles: searched as written, nothing to cut.
        XCTAssertEqual(try SearchQuery.parse("을를").phrases, ["{title_cjk body_cjk} : \"을를\""])
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
