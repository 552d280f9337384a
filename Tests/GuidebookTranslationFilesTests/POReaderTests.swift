import GuidebookTranslationFiles
import XCTest

/// The PO reader on what Poedit, msgmerge or a hand may leave in a file, and on broken files.
final class POReaderTests: XCTestCase {
    private func units(_ po: String) throws -> (TranslationFileHeader, [OfferedUnit]) {
        let reader = POReader(bytes: Array(po.utf8))
        let header = try reader.header()
        var units: [OfferedUnit] = []
        while let unit = try reader.nextUnit() { units.append(unit) }
        return (header, units)
    }

    private func refusal(_ po: String, file: StaticString = #filePath, line: UInt = #line) -> TranslationFileError? {
        do {
            _ = try units(po)
            XCTFail("read without an error", file: file, line: line)
            return nil
        } catch let error as TranslationFileError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    private static let header = """
        msgid ""
        msgstr ""
        "Language: ko\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=1; plural=0;\\n"

        """

    func testEntriesFlagsCommentsAndObsoleteEntries() throws {
        let po = Self.header + """
            # translator's own comment
            #. English revision 4
            #, fuzzy, c-format
            #| msgid "old"
            msgctxt "guideline:a.b"
            msgid ""
            "Line one\\n"
            "line \\"two\\"\\t\\101\\\\"
            msgstr "번역"

            #~ msgctxt "guideline:gone"
            #~ msgid "Gone"
            #~ msgstr "사라짐"
            msgctxt "section:a:b"
            msgid "Title"
            msgstr ""
            """
        let (header, units) = try units(po)
        XCTAssertEqual(header.targetLanguage, "ko")
        XCTAssertNil(header.sourceLanguage)
        XCTAssertEqual(units.map(\.id), ["guideline:a.b", "section:a:b"])
        XCTAssertEqual(units[0].source, "Line one\nline \"two\"\tA\\")
        XCTAssertEqual(units[0].target, "번역")
        XCTAssertEqual(units[0].revision, 4)
        XCTAssertFalse(units[0].isFinished)
        XCTAssertEqual(units[0].position.line, 6)
        XCTAssertEqual(units[0].targetPosition.line, 14)
        XCTAssertNil(units[1].target)
        XCTAssertTrue(units[1].isFinished)
    }

    /// What gettext's own tools write: octal escapes are bytes of UTF-8 (`msgcat --escape` writes
    /// 시트 as six of them), a byte-order mark may start the file, and only the revision line itself
    /// gives the revision, not a glossary or memory comment that quotes its words.
    func testOctalBytesABOMAndOnlyTheRevisionLineAsGettextToolsWriteThem() throws {
        let po = "\u{FEFF}" + Self.header + """
            #. English revision 3
            #. glossary: sheet → 시트 (Unchanged since English revision 2 of the style guide.)
            #. memory 90%: English revision 9
            msgctxt "guideline:a.b"
            msgid "Sheet\\101"
            msgstr "\\354\\213\\234\\355\\212\\270 \\001\\101\\342\\200\\224"
            """
        let (header, units) = try units(po)
        XCTAssertEqual(header.targetLanguage, "ko", "the header is read after the byte-order mark")
        XCTAssertEqual(units.count, 1)
        XCTAssertEqual(units.first?.source, "SheetA")
        XCTAssertEqual(units.first?.target, "시트 \u{01}A—")
        XCTAssertEqual(units.first?.revision, 3)
        XCTAssertNil(units.first?.problem)

        for (escapes, expected) in [("\\354\\213", "not UTF-8"), ("\\777", "over \\377"), ("\\377", "not UTF-8")] {
            let error = refusal(Self.header + "msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"x\(escapes)y\"\n")
            XCTAssertTrue(error?.message.contains(expected) ?? false, "\(escapes): \(String(describing: error))")
            XCTAssertEqual(error?.position.line, 8, escapes)
        }
    }

    func testAnUnterminatedStringIsRefusedWithItsLineAndColumn() throws {
        let error = try XCTUnwrap(refusal(Self.header + "msgctxt \"guideline:a.b\"\nmsgid \"Open\nmsgstr \"x\"\n"))
        XCTAssertEqual(error.position, FilePosition(line: 7, column: 7))
        XCTAssertTrue(error.message.contains("not closed"), error.message)
    }

    func testABadPluralHeaderIsRefused() throws {
        for forms in ["nplurals=x; plural=0;", "nplurals=2; plural=n != ;", "nplurals=2; plural=(n > 1;", "nplurals=2;", "nplurals=2; plural=n = 1;"] {
            let po = "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: \(forms)\\n\"\n"
            let error = refusal(po)
            XCTAssertTrue(error?.message.contains("Plural-Forms") ?? false, "\(forms): \(String(describing: error))")
            XCTAssertEqual(error?.position.line, 2, forms)
        }
        for forms in ["nplurals=1; plural=0;", "nplurals=2; plural=(n != 1);", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"] {
            XCTAssertNoThrow(try units("msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: \(forms)\\n\"\n"), forms)
        }
    }

    func testBrokenFilesAreRefused() throws {
        let cases: [(String, String, Int)] = [
            ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\" extra\n", "after the closing quote", 3),
            ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"\\q\"\n", "escape", 3),
            ("msgctxt \"a\"\nmsgidd \"b\"\nmsgstr \"c\"\n", "not a PO keyword", 2),
            ("\"orphan\"\n", "belongs to no keyword", 1),
            ("msgctxt \"a\"\nmsgid \"b\"\n", "ends inside an entry", 1),
            ("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n", "UTF-8 only", 2),
        ]
        for (po, expected, line) in cases {
            let error = refusal(po)
            XCTAssertTrue(error?.message.contains(expected) ?? false, "\(po.debugDescription): \(String(describing: error))")
            XCTAssertEqual(error?.position.line, line, po.debugDescription)
        }
    }

    func testEntriesWithoutContextOrWithPluralsAreProblemsNotFailures() throws {
        let (_, units) = try units("msgid \"a\"\nmsgstr \"b\"\n\nmsgctxt \"c\"\nmsgid \"d\"\nmsgid_plural \"ds\"\nmsgstr[0] \"e\"\n")
        XCTAssertEqual(units.count, 2)
        XCTAssertTrue(units[0].problem?.contains("msgctxt") ?? false)
        XCTAssertTrue(units[1].problem?.contains("plural") ?? false)
    }
}
