import GuidebookText
import XCTest

/// The 2-set (두벌식) layout both ways, composed as a Korean IME composes.
final class KoreanKeyboardTests: XCTestCase {
    func testLatinKeysTypeTheKoreanWordsAnIMEComposes() {
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "tlxm"), "시트")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "vkqdhqj"), "팝오버", "a final moves on when a vowel follows it")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "wlsgodfbf"), "진행률")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "dlfrdj"), "읽어", "ㄹ+ㄱ pair as the final when no vowel follows the ㄱ")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "dlfrj"), "일거", "a vowel after the pair takes its second consonant")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "dlfr"), "읽")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "ghkaus"), "화면", "ㅗ+ㅏ is one vowel")
        XCTAssertEqual(KoreanKeyboard.hangul(fromLatin: "kkk"), "ㅏㅏㅏ", "vowels alone stay jamo")
        XCTAssertNil(KoreanKeyboard.hangul(fromLatin: "tl1"))
        XCTAssertNil(KoreanKeyboard.hangul(fromLatin: ""))
    }

    func testHangulSpellsTheKeysOfTheEnglishLayout() {
        XCTAssertEqual(KoreanKeyboard.latin(fromHangul: "샣힏"), "toggle")
        XCTAssertEqual(KoreanKeyboard.latin(fromHangul: "새ㅐㅣㅠㅁㄱ"), "toolbar")
        XCTAssertEqual(KoreanKeyboard.latin(fromHangul: "시트"), "tlxm")
        XCTAssertEqual(KoreanKeyboard.latin(fromHangul: "화면"), "ghkaus")
        XCTAssertEqual(KoreanKeyboard.latin(fromHangul: "읽"), "dlfr")
        XCTAssertNil(KoreanKeyboard.latin(fromHangul: "시a"))
        for word in ["시트", "팝오버", "진행률", "머티리얼", "컨텍스트"] {
            XCTAssertEqual(KoreanKeyboard.latin(fromHangul: word).flatMap(KoreanKeyboard.hangul(fromLatin:)), word, "round trip")
        }
    }
}
