import Foundation
import GuidebookText
import XCTest

/// Text as it is stored and searched (issue 23 item 5): NFC, fullwidth Latin as ASCII, no
/// zero-width spaces. Compared scalar by scalar, since Swift's == calls NFD and NFC equal.
final class TextNormalizationTests: XCTestCase {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testDecomposedHangulAndCombiningAccentsAreComposed() {
        let nfd = "진행률을 보여 주세요".decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(scalars(nfd), scalars("진행률을 보여 주세요"))
        XCTAssertEqual(scalars(TextNormalization.stored(nfd)), scalars("진행률을 보여 주세요"))
        XCTAssertEqual(scalars(TextNormalization.stored("cafe\u{301} re\u{301}sume\u{301}")), scalars("café résumé"))
        XCTAssertEqual(scalars(TextNormalization.query(nfd)), scalars("진행률을 보여 주세요"))
    }

    func testFullwidthLettersAndDigitsBecomeASCIIAndQueriesAlsoFoldSigns() {
        XCTAssertEqual(TextNormalization.stored("ｓｈｅｅｔ ＵＩ １２"), "sheet UI 12")
        // Stored text keeps fullwidth signs and the ideographic space (how the author set it).
        XCTAssertEqual(scalars(TextNormalization.stored("（ＵＩ）\u{3000}！")), scalars("（UI）\u{3000}！"))
        XCTAssertEqual(TextNormalization.query("＂ｓｈｅｅｔ＂\u{3000}－ｍｏｄａｌ"), "\"sheet\" -modal")
    }

    func testZeroWidthCharactersNeitherSplitNorJoinWords() {
        XCTAssertEqual(TextNormalization.stored("sh\u{200B}eet pro\u{AD}gress\u{FEFF} word\u{2060}joiner"), "sheet progress wordjoiner")
        XCTAssertEqual(TextNormalization.stored("sh\u{200D}eet 시\u{200C}트"), "sheet 시트", "joiners between letters that never join go")
        // In an emoji sequence, or a script that uses them, joiners stay.
        for kept in ["\u{1F469}\u{200D}\u{1F4BB}", "\u{0645}\u{200C}\u{0627}", "a\u{200D} b"] {
            XCTAssertEqual(scalars(TextNormalization.stored(kept)), scalars(kept), kept)
        }
        XCTAssertTrue(TextNormalization.isBlank("\u{200B}\u{FEFF} \u{AD}"))
        XCTAssertFalse(TextNormalization.isBlank("\u{200B}a"))
    }

    /// Blank is what shows nothing: white space and every invisible character, whether storing
    /// drops it (U+200B) or keeps it (a lone U+200D, U+034F, U+2061), in any mix.
    func testTextOfInvisibleCharactersIsBlank() {
        for text in ["\u{200D}", "\u{200D}\u{200D}", "\u{200C}", "\u{034F}", "\u{180E}", "\u{2061}", "\u{00AD}\u{200D}",
                     "\u{FE0F}", "\u{202E} \u{3000}", "\u{E0001}", "\u{200B}", "\u{FEFF}", " \t\n", "\u{3000}"] {
            XCTAssertTrue(TextNormalization.isBlank(text), text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        for text in ["a\u{200D}", "\u{0600}", "👩\u{200D}💻", "\u{2764}\u{FE0F}", "한\u{200C}", "\u{0301}"] {
            XCTAssertFalse(TextNormalization.isBlank(text), text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    func testTextThatNeedsNothingIsReturnedAsItIs() {
        for text in ["Use a sheet.", "시트를 쓰세요 — “quotes”, 1…2 → ㅋㅋ", "", "漢字 かな"] {
            XCTAssertEqual(scalars(TextNormalization.stored(text)), scalars(text))
            XCTAssertNil(TextNormalization.storedIfChanged(text), text)
        }
        XCTAssertEqual(TextNormalization.storedIfChanged("ｓｈｅｅｔ"), "sheet")
        XCTAssertNotNil(TextNormalization.storedIfChanged("시트".decomposedStringWithCanonicalMapping))
    }

    /// The scalars the fast path leaves alone must be ones NFC leaves alone wherever they stand:
    /// for every scalar up to the emoji blocks, stored text equals Foundation's NFC of it (beside
    /// a letter and a syllable), unless it is one the rules fold or drop.
    func testEveryScalarIsStoredAsNFCWouldWriteIt() {
        let folded: Set<UInt32> = [0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]
        var checked = 0
        for value in UInt32(0x80)...0x1FAFF {
            guard let scalar = Unicode.Scalar(value), !folded.contains(value), !(0xFF10...0xFF5A).contains(value) else { continue }
            let text = "a\(scalar)가\(scalar)"
            if scalars(TextNormalization.stored(text)) != scalars(text.precomposedStringWithCanonicalMapping) {
                return XCTFail("U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100_000)
    }
}
