import GuidebookText
import XCTest

/// Which Korean words lose a particle or ending, and what noun is left.
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

    func testStemIsTheNounOrTheWordItself() {
        XCTAssertEqual(KoreanParticles.stem("시트를"), "시트")
        XCTAssertEqual(KoreanParticles.stem("메뉴에서는"), "메뉴")
        XCTAssertEqual(KoreanParticles.stem("앱을"), "앱")
        // Particles only, a word that ends like one, and words that are not all syllables stay.
        for word in ["을를", "사이", "경로", "시트", "", "split", "bar를", "ㅋㅋ를", "시트를.", "\u{1109}\u{1175}\u{1110}\u{1173}\u{1105}\u{1173}\u{11AF}"] {
            XCTAssertEqual(KoreanParticles.stem(word), word, word)
        }
    }

    func testRieulTakesRoNotEuro() {
        // After ㄹ, the instrumental is 로 (모달로); 으로 is never the ending there.
        XCTAssertEqual(KoreanParticles.split("모달로")?.stem, "모달")
        XCTAssertNotEqual(KoreanParticles.split("모달으로")?.ending, "으로")
        XCTAssertEqual(KoreanParticles.split("컬럼으로")?.stem, "컬럼")
    }
}
