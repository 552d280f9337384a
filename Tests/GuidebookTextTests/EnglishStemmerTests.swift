import GuidebookText
import XCTest

/// The light English stemmer and its word families.
final class EnglishStemmerTests: XCTestCase {
    func testCommonInflectionsAreFolded() {
        let cases = [
            ("indicators", "indicator"), ("properties", "property"), ("settings", "set"), ("stopped", "stop"),
            ("loading", "load"), ("boxes", "box"), ("switches", "switch"), ("sizes", "size"), ("modality", "modal"),
            ("darkness", "dark"), ("quickly", "quick"), ("accessibilities", "accessibil"),
            // The families porter has (the index's), found by fuzzing the highlighter.
            ("giving", "give"), ("taking", "take"), ("moving", "move"), ("writing", "write"), ("hoped", "hope"),
            ("apply", "apply"), ("applies", "apply"), ("supply", "supply"), ("family", "family"), ("families", "family"),
            ("loading", "load"), ("showing", "show"), ("fixed", "fix"), ("opened", "open"), ("added", "add"), ("hopping", "hop"),
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

extension EnglishStemmerTests {
    /// The rule as first written, on strings: the stemmer must give what it gives, word for word.
    private static func stemAsWritten(_ word: String) -> String {
        var stem = word
        for suffix in ["ities", "ity", "ness", "ings", "ing", "ed", "ies", "es", "s", "ly"] {
            guard stem.hasSuffix(suffix), stem.count - suffix.count >= 3 else { continue }
            if suffix == "s" && (stem.hasSuffix("ss") || stem.hasSuffix("us")) { continue }
            if suffix == "ly" && (stem.count - 2 < 4 || stem.hasSuffix("ily") || stem.hasSuffix("ply")) { break }
            if suffix == "es" && !(stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") || stem.hasSuffix("sses")) {
                stem.removeLast(1)
                break
            }
            stem.removeLast(suffix.count)
            if suffix == "ies" { stem += "y" }
            if ["ing", "ed", "ings"].contains(suffix) {
                if let last = stem.last, stem.count >= 4, stem.dropLast().last == last, !"slz".contains(last) {
                    stem.removeLast()
                } else if oneSyllableEndingCVC(stem) {
                    stem += "e"
                }
            }
            break
        }
        return stem
    }

    /// Porter's *o with measure 1, on a string: the letters as C or V (y is a vowel after a
    /// consonant), the pattern C*V+C+ and nothing more, ending in a consonant other than w, x, y.
    private static func oneSyllableEndingCVC(_ stem: String) -> Bool {
        var kinds = ""
        for letter in stem {
            kinds.append("aeiou".contains(letter) || (letter == "y" && kinds.last == "C") ? "V" : "C")
        }
        guard kinds.hasSuffix("CVC"), let last = stem.last, !"wxy".contains(last) else { return false }
        return kinds.drop(while: { $0 == "C" }).drop(while: { $0 == "V" }).allSatisfy { $0 == "C" }
    }

    func testTheStemIsTheRuleAsWrittenOnManyWords() {
        let endings = ["", "s", "es", "ies", "ed", "ing", "ings", "ity", "ities", "ness", "ly", "ss", "us", "ches", "shes", "xes", "sses", "tted", "lling", "zzed"]
        let stems = ["", "a", "ab", "abc", "stop", "run", "box", "match", "wish", "class", "focus", "propert", "activ", "dark", "quick", "modal", "café", "naïv",
                     "giv", "writ", "load", "show", "appl", "famil", "supp", "tray"]
        var count = 0
        for stem in stems {
            for ending in endings {
                let word = stem + ending
                XCTAssertEqual(EnglishStemmer.stem(word), Self.stemAsWritten(word), word)
                count += 1
            }
        }
        for word in EnglishWords.words("Use a sheet for a distinct task: people keep their current context instead of being taken elsewhere; progress bars, activity indicators and refresh controls.") {
            XCTAssertEqual(EnglishStemmer.stem(word), Self.stemAsWritten(word), word)
        }
        XCTAssertEqual(count, stems.count * endings.count)
    }
}
