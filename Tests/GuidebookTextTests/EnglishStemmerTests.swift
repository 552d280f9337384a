import GuidebookText
import XCTest

/// The light English stemmer and its word families.
final class EnglishStemmerTests: XCTestCase {
    func testCommonInflectionsAreFolded() {
        let cases = [
            ("indicators", "indicator"), ("properties", "property"), ("settings", "set"), ("stopped", "stop"),
            ("loading", "load"), ("boxes", "box"), ("switches", "switch"), ("sizes", "size"), ("modality", "modal"),
            ("darkness", "dark"), ("quickly", "quick"), ("accessibilities", "accessibil"),
        ]
        for (word, stem) in cases { XCTAssertEqual(EnglishStemmer.stem(word), stem, word) }
    }

    func testShortWordsAndNonInflectionsStay() {
        // At least three letters remain; -ss and -us are not plurals; a doubled s, l or z stays.
        for word in ["its", "bus", "glass", "status", "", "a", "ed", "sing", "falling", "buzzed"] {
            XCTAssertEqual(EnglishStemmer.stem(word), word == "falling" ? "fall" : word == "buzzed" ? "buzz" : word, word)
        }
    }

    func testFamiliesAreEqualStemsOrALongEnoughPrefix() {
        XCTAssertTrue(EnglishStemmer.isSameFamily("indicator", "indicator"))
        XCTAssertTrue(EnglishStemmer.isSameFamily(EnglishStemmer.stem("modal"), EnglishStemmer.stem("modality")))
        XCTAssertTrue(EnglishStemmer.isSameFamily("progr", "progress"))
        XCTAssertFalse(EnglishStemmer.isSameFamily("set", "settle"), "a prefix of fewer than 5 letters is no family")
        XCTAssertFalse(EnglishStemmer.isSameFamily("modal", "model"))
    }
}
