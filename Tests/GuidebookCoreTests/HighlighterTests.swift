import GuidebookCore
import XCTest

/// The highlighter that marks search terms in snippets.
final class HighlighterTests: XCTestCase {
    /// With markers that are not HTML, the text's own copies of them are written as U+FFFD, so a
    /// client that finds matches by the markers sees only the search's.
    func testTheTextsOwnMarkersAreNotTakenForMatches() {
        let page = Highlighter(terms: [.word("zibbet", prefix: false)], markStart: "\u{E000}", markEnd: "\u{E001}")
        XCTAssertEqual(page.snippet("A zibbet sheet with \u{E000}forged\u{E001} marks and an \u{E000}unclosed one."),
                       "A \u{E000}zibbet\u{E001} sheet with \u{FFFD}forged\u{FFFD} marks and an \u{FFFD}unclosed one.")
        let brackets = Highlighter(terms: [.cjk("시트")], markStart: "[[", markEnd: "]]")
        XCTAssertEqual(brackets.snippet("[[가짜]] 시트 [x] ]]"), "\u{FFFD}가짜\u{FFFD} [[시트]] [x] \u{FFFD}")
        XCTAssertEqual(Highlighter(terms: [.cjk("시트")], markStart: "", markEnd: "").snippet("a 시트 b"), "a 시트 b", "empty markers")
    }

    func testHighlighterMarksAndCutsWholeCharacters() throws {
        // A decomposed é (e + U+0301) belongs inside the mark of "cafe"; Hangul stays whole.
        let highlighter = Highlighter(terms: [.word("cafe", prefix: false), .cjk("시트")])
        let text = "A cafe\u{301} sheet: 시트에서 & more"
        let snippet = highlighter.snippet(text)
        XCTAssertEqual(snippet, "A <mark>cafe\u{301}</mark> sheet: <mark>시트</mark>에서 &amp; more")
        XCTAssertTrue(highlighter.matches(text))
        XCTAssertFalse(highlighter.matches("nothing here"))

        // A cut never falls between a letter and its accents, whatever the window length.
        let accented = String(repeating: "e\u{301}\u{302} ", count: 40) + "cafe"
        for length in 1...30 {
            let cut = highlighter.snippet(accented, length: length)
            XCTAssertFalse(cut.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } ?? false, "\(length)")
            let accentedPart = cut.components(separatedBy: "<mark>")[0]
            for character in accentedPart where character.unicodeScalars.first == "e" {
                XCTAssertEqual(character.unicodeScalars.count, 3, "length \(length): \(cut.debugDescription)")
            }
        }
        // Words are matched by stem family and prefix, case-insensitively.
        XCTAssertEqual(Highlighter(terms: [.word("indicator", prefix: false)]).snippet("Indicators show it"), "<mark>Indicators</mark> show it")
        XCTAssertEqual(Highlighter(terms: [.word("prog", prefix: true)]).snippet("A progress bar"), "A <mark>progress</mark> bar")
    }

    /// A text where no term can start (most often the hit's text in the other language) is passed
    /// over without being searched; what can start a match still matches, and the snippet of a
    /// text without one is still its opening.
    func testATextNoTermCanStartInIsPassedOverAndStillGivesItsOpening() {
        let korean = Highlighter(terms: [.cjk("시트")])
        XCTAssertFalse(korean.mark("Sheets slide up over the content.").matches)
        XCTAssertEqual(korean.snippet("Sheets slide up over the content."), "Sheets slide up over the content.")
        XCTAssertTrue(korean.mark("모달 시트를 쓰세요.").matches)

        let english = Highlighter(terms: [.word("sheet", prefix: false), .word("pop", prefix: true)])
        XCTAssertFalse(english.mark("시트는 내용 위로 올라옵니다.").matches)
        XCTAssertFalse(english.matches("Dashes and washes"), "an s inside a word starts no word")
        XCTAssertEqual(english.snippet("시트에서 Sheet를 엽니다."), "시트에서 <mark>Sheet</mark>를 엽니다.")
        XCTAssertEqual(english.snippet("A (popover) over it"), "A (<mark>popover</mark>) over it")
        // Scalars outside ASCII that lowercase to an ASCII letter start a word as that letter does:
        // the Kelvin sign is a k, the dotted capital I an i.
        let kit = Highlighter(terms: [.word("kit", prefix: false), .word("item", prefix: false)])
        XCTAssertTrue(kit.matches("The \u{212A}it"))
        XCTAssertTrue(kit.matches("An \u{130}tem"))
        XCTAssertEqual(kit.snippet("\u{212A}it"), "<mark>\u{212A}it</mark>")
    }

    /// The text is read as UTF-8 to find where a match can start: sequences of two, three and four
    /// bytes are decoded whole, so what follows them is still seen, and a word's first letter
    /// written outside ASCII (É) still starts it.
    func testEveryLengthOfUTF8SequenceIsReadWhole() {
        let korean = Highlighter(terms: [.cjk("시트")])
        for prefix in ["é", "한", "🙂", "𠀀", "é한🙂"] {
            XCTAssertTrue(korean.mark(prefix + "시트").matches, prefix)
            XCTAssertFalse(korean.mark(prefix + "시").matches, prefix)
        }
        let english = Highlighter(terms: [.word("eclair", prefix: false), .word("émigré", prefix: false)])
        XCTAssertTrue(english.matches("🙂 eclair"))
        XCTAssertTrue(english.matches("Les Émigrés"))
        XCTAssertFalse(english.matches("🙂 éclat 한 émi"))
    }

    /// Lengths are counted in scalars whatever their UTF-8 length: a cut falls after exactly
    /// `length` of them from every starting alignment, and the window opens `length / 4` scalars
    /// before the first match.
    func testACutCountsScalarsNotBytes() {
        let unit = "aé한b가"  // one, two, three, one and three bytes
        let text = String(repeating: unit, count: 40)
        let scalars = Array(text.unicodeScalars)
        let none = Highlighter(terms: [.word("zzz", prefix: false)])
        for length in 1...60 {
            var expected = String.UnicodeScalarView()
            expected.append(contentsOf: scalars.prefix(length))
            XCTAssertEqual(none.snippet(text, length: length), String(expected) + "…", "length \(length)")
        }
        let marked = Highlighter(terms: [.cjk("시트")])
        for before in [0, 5, 11, 12, 13, 50] {
            let prefix = String(String(repeating: unit, count: 20).unicodeScalars.prefix(before))
            let snippet = marked.snippet(prefix + "시트" + text, length: 48)
            let opening = before > 12 ? "…" + String(prefix.unicodeScalars.suffix(12)) : prefix
            XCTAssertTrue(snippet.hasPrefix(opening + "<mark>시트</mark>"), "\(before): \(snippet)")
            // The window holds 48 scalars of the text: those before the mark, its two, the rest after.
            let kept = snippet.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
                .replacingOccurrences(of: "…", with: "").unicodeScalars.count
            XCTAssertEqual(kept, 48, "\(before): \(snippet)")
        }
    }

    /// The snippet's bytes fit however much each character grows: every character an HTML escape,
    /// or four bytes of UTF-8, with marks longer than the text around them.
    func testASnippetOfTheLargestExpansionIsWrittenWhole() {
        let escapes = String(repeating: "&", count: 300) + " cafe " + String(repeating: "<>", count: 200)
        let marked = Highlighter(terms: [.word("cafe", prefix: false)], markStart: "<strong class=\"hit\">", markEnd: "</strong>")
        let snippet = marked.snippet(escapes)
        // The window: 44 ampersands, the word with its spaces, then 130 of the angle brackets.
        XCTAssertEqual(snippet, "…" + String(repeating: "&amp;", count: 44) + " <strong class=\"hit\">cafe</strong> "
                       + String(repeating: "&lt;&gt;", count: 65) + "…")
        let wide = String(repeating: "🙂", count: 300) + "시트" + String(repeating: "🙂시트", count: 100)
        let korean = Highlighter(terms: [.cjk("시트")], markStart: "[[", markEnd: "]]")
        let cut = korean.snippet(wide)
        XCTAssertTrue(cut.hasPrefix("…"))
        XCTAssertTrue(cut.hasSuffix("…"))
        // From 45 characters before the first match, 180 characters: it and the next 44.
        XCTAssertEqual(cut.components(separatedBy: "[[시트]]").count - 1, 45, cut)
    }
}
