import GuidebookChecks
import GuidebookText
import XCTest

/// How Latin words and numbers end when read in Korean, and where the reading is not known.
final class ReadingTests: XCTestCase {
    func testLatinWordsAreReadByTheirEndings() {
        let cases: [(String, FinalSound?)] = [
            ("Button", .consonant), ("icon", .consonant), ("item", .consonant), ("loading", .consonant), ("session", .consonant),
            ("panel", .rieul), ("Label", .rieul), ("title", .rieul), ("file", .rieul), ("scroll", .rieul),
            ("slider", .vowel), ("Toolbar", .vowel), ("display", .vowel), ("menu", .vowel), ("card", .vowel), ("box", .vowel),
            ("text", .vowel), ("font", .vowel), ("light", .vowel), ("switch", .vowel), ("flash", .vowel), ("slide", .vowel),
            ("page", .vowel), ("name", .consonant), ("line", .consonant), ("store", .vowel), ("type", .consonant), ("swipe", .vowel),
            ("app", .consonant), ("tap", .consonant), ("popup", .consonant), ("help", .vowel), ("loop", .vowel), ("web", .consonant),
            ("stack", .consonant), ("click", .consonant), ("check", .vowel), ("link", .vowel), ("book", .consonant), ("graphic", .consonant),
            ("widget", .consonant), ("layout", .consonant), ("sheet", .vowel), ("Kit", .consonant),
            // Read both ways, or not by a rule: nothing is said.
            ("set", nil), ("note", nil), ("dot", nil), ("edit", nil), ("bulb", nil), ("halo", .vowel),
        ]
        for (word, sound) in cases { XCTAssertEqual(LatinReading.finalSound(of: word), sound, word) }
    }

    func testCamelCaseAndCapitalsReadTheirLastPart() {
        let cases: [(String, FinalSound?)] = [
            ("UIVisualEffectView", .vowel), ("UIKit", .consonant), ("iPad", .vowel), ("iOS", .vowel), ("macOS", .vowel),
            ("SwiftUI", .vowel), ("API", .vowel), ("URL", .rieul), ("HTML", .rieul), ("JSON", .consonant), ("RAM", .consonant),
            ("JPEG", .consonant), ("PNG", nil), ("VoiceOver", .vowel), ("FaceTime", .consonant), ("A", .vowel), ("iPhone15", .vowel),
        ]
        for (word, sound) in cases { XCTAssertEqual(LatinReading.finalSound(of: word), sound, word) }
    }

    func testNumbersAreReadAsSinoKoreanNumerals() {
        let cases: [(String, FinalSound?)] = [
            ("0", .consonant), ("1", .rieul), ("2", .vowel), ("3", .consonant), ("4", .vowel), ("5", .vowel), ("6", .consonant),
            ("7", .rieul), ("8", .rieul), ("9", .vowel), ("10", .consonant), ("12", .vowel), ("13", .consonant), ("100", .consonant),
            ("1,000", .consonant), ("10000", .consonant), ("100000000", .consonant), ("1000000000000", .vowel), ("2.5", .vowel),
            ("3.0", .consonant), ("007", .rieul), ("1.", nil), ("x1", nil),
        ]
        for (number, sound) in cases { XCTAssertEqual(NumberReading.finalSound(of: number), sound, number) }
        XCTAssertEqual(LatinReading.finalSound(ofUnit: "px"), .rieul)
        XCTAssertEqual(LatinReading.finalSound(ofUnit: "%"), .vowel)
        XCTAssertNil(LatinReading.finalSound(ofUnit: "fps"))
    }

    func testEachPairTakesItsFormFromTheFinalSound() {
        let forms = ParticlePair.all.map { ($0.form(after: .consonant), $0.form(after: .vowel), $0.form(after: .rieul)) }
        XCTAssertEqual(forms.map(\.0), ["을", "이", "은", "과", "으로", "이나", "이랑", "아"])
        XCTAssertEqual(forms.map(\.1), ["를", "가", "는", "와", "로", "나", "랑", "야"])
        XCTAssertEqual(forms.map(\.2), ["을", "이", "은", "과", "로", "이나", "이랑", "아"])
    }
}
