import GuidebookText
import XCTest

/// English words for identifiers and titles, and the regular plural.
final class EnglishWordsTests: XCTestCase {
    func testWordsDropApostrophesAndLowerCase() {
        XCTAssertEqual(EnglishWords.words("Don’t use the app's iOS 13 Café"), ["dont", "use", "the", "apps", "ios", "13", "café"])
        // A combining accent stays with its letter; Hangul and other scripts separate words.
        XCTAssertEqual(EnglishWords.words("Cafe\u{301}s 메뉴bar ωmega"), ["cafes", "bar", "mega"])
        XCTAssertEqual(EnglishWords.words(""), [])
    }

    func testWordCharacters() {
        for character in ["a", "7", "é", "E\u{301}"] as [Character] { XCTAssertTrue(EnglishWords.isWordCharacter(character), "\(character)") }
        for character in ["-", "’", "한", "ω"] as [Character] { XCTAssertFalse(EnglishWords.isWordCharacter(character), "\(character)") }
    }

    func testTheRegularPlural() {
        XCTAssertEqual(EnglishWords.singular(of: "materials"), "material")
        XCTAssertEqual(EnglishWords.singular(of: "glass"), "glass")
        XCTAssertEqual(EnglishWords.singular(of: "bus"), "bus")
        XCTAssertEqual(EnglishWords.singular(of: "properties"), "propertie", "only the s goes: the title keeps the written form")
        XCTAssertEqual(EnglishWords.plural(of: "bar"), "bars")
        XCTAssertEqual(EnglishWords.plural(of: "views"), "views")
        XCTAssertTrue(EnglishWords.isSameWordOrPlural("label", "labels"))
        XCTAssertTrue(EnglishWords.isSameWordOrPlural("labels", "label"))
        XCTAssertFalse(EnglishWords.isSameWordOrPlural("label", "labeled"))
    }
}
