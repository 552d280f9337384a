import GuidebookCore
import GuidebookTranslationFiles
import XCTest

/// Each format written by our writers and read back by our readers gives the units it holds; and
/// what translators' tools may do to a file (segments, inline codes, states) is read as documented.
final class TranslationFileReaderTests: XCTestCase {
    private static let hostile = "]]> <a href=\"x\">&amp;</a> &xxe; 'q'\t\\ \"end\"\nsecond line\r\nthird"

    private static let export = TranslationExport(locale: "ko", cursor: 42, groups: [
        TranslationUnitGroup(topic: "sheets", title: "Sheets", units: [
            TranslationUnit(id: "topic:sheets:title", address: "/v1/topics/sheets", field: .topicTitle, source: "Sheets", target: "시트",
                            state: .current, sourceRevision: 1, translatedRevision: 1, review: .translated),
            TranslationUnit(id: "guideline:sheets.one", address: "/v1/guidelines/sheets.one", field: .guidelineText, source: hostile, target: "번역 " + hostile,
                            state: .outdated, sourceRevision: 3, translatedRevision: 2,
                            terms: [.init(source: "sheet", target: "시트", note: nil)], review: .translated),
        ]),
        TranslationUnitGroup(topic: "popovers", title: "Popovers", units: [
            TranslationUnit(id: "guideline:popovers.two", address: "/v1/guidelines/popovers.two", field: .guidelineText, source: "Use a popover.",
                            target: nil, state: .missing, sourceRevision: 1, translatedRevision: nil),
        ]),
    ])

    private func read(_ reader: any TranslationFileReader) throws -> (TranslationFileHeader, [OfferedUnit]) {
        let header = try reader.header()
        var units: [OfferedUnit] = []
        while let unit = try reader.nextUnit() { units.append(unit) }
        return (header, units)
    }

    private func reader(_ format: TranslationFileFormat, _ text: String) -> any TranslationFileReader {
        switch format {
        case .xliff2: XLIFF2Reader(bytes: Array(text.utf8))
        case .xliff12: XLIFF12Reader(bytes: Array(text.utf8))
        case .po: POReader(bytes: Array(text.utf8))
        }
    }

    func testEveryFormatReadsBackWhatItsWriterWrote() throws {
        for format in TranslationFileFormat.allCases {
            let text = format.render(Self.export)
            let (header, units) = try read(reader(format, text))
            XCTAssertEqual(header.sourceLanguage, "en", "\(format)")
            XCTAssertEqual(header.targetLanguage, "ko", "\(format)")
            XCTAssertEqual(header.cursor, 42, "\(format)")
            XCTAssertEqual(units.map(\.id), ["topic:sheets:title", "guideline:sheets.one", "guideline:popovers.two"], "\(format)")
            XCTAssertEqual(units.map(\.source), ["Sheets", Self.hostile, "Use a popover."], "\(format)")
            XCTAssertEqual(units.map(\.target), ["시트", "번역 " + Self.hostile, nil], "\(format)")
            XCTAssertEqual(units.map(\.revision), [1, 3, 1], "\(format)")
            // Translated is finished; outdated is not (fuzzy, needs-review, initial).
            XCTAssertEqual(units[0].isFinished, true, "\(format)")
            XCTAssertEqual(units[1].isFinished, false, "\(format)")
            XCTAssertEqual(units.map(\.problem), [nil, nil, nil], "\(format)")
            // Each unit is where the file has it.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for unit in units {
                let line = String(lines[unit.position.line - 1])
                XCTAssertTrue(line.contains(unit.id) || format == .po, "\(format) \(unit.id) at \(unit.position): \(line)")
            }
        }
    }

    func testXLIFF2SegmentsInlineMarkupAndStates() throws {
        let xml = """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:gb="urn:guidebook:translation:1" version="2.0" srcLang="en" trgLang="ko">
              <file id="f"><group id="g">
                <unit id="guideline:a.b" gb:revision="2">
                  <notes><note>ignored <b>x</b></note></notes>
                  <segment state="translated"><source>One.</source><target>하나<cp hex="0001"/>.</target></segment>
                  <ignorable><source> </source></ignorable>
                  <segment state="final"><source>Two <pc id="1">bold</pc>.</source><target>둘 <mrk id="m" translate="yes">굵게</mrk>.</target></segment>
                </unit>
                <unit id="guideline:a.c"><segment><source>x</source><target>엑스</target></segment></unit>
                <unit id="guideline:a.d"><segment state="translated"><source>x</source><target>a<ph id="1"/>b</target></segment>
                  <segment><source>y</source></segment></unit>
              </group></file>
            </xliff>
            """
        let (_, units) = try read(XLIFF2Reader(bytes: Array(xml.utf8)))
        XCTAssertEqual(units.count, 3)
        XCTAssertEqual(units[0].source, "One. Two bold.")
        XCTAssertEqual(units[0].target, "하나\u{1}. 둘 굵게.")
        XCTAssertEqual(units[0].revision, 2)
        XCTAssertTrue(units[0].isFinished)
        XCTAssertNil(units[0].problem)
        XCTAssertFalse(units[1].isFinished, "no state is initial")
        XCTAssertEqual(units[1].position, FilePosition(line: 9, column: 5))
        XCTAssertTrue(units[2].problem?.contains("<ph>") ?? false, String(describing: units[2].problem))
    }

    /// XLIFF 2.0's `<cp hex>` is hex digits only (xs:hexBinary): one with a sign, a space, a
    /// prefix or no digits, or naming no Unicode scalar, makes its unit a problem that says which.
    func testACodePointIsHexDigitsOnly() throws {
        func unit(_ hex: String) throws -> OfferedUnit {
            let xml = """
                <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko"><file id="f">
                  <unit id="guideline:a.b"><segment state="translated"><source>x</source><target>a<cp hex="\(hex)"/>b</target></segment></unit>
                </file></xliff>
                """
            let (_, units) = try read(XLIFF2Reader(bytes: Array(xml.utf8)))
            return try XCTUnwrap(units.first)
        }
        for (hex, character) in [("0001", "\u{1}"), ("41", "A"), ("fffe", "\u{FFFE}"), ("10FFFF", "\u{10FFFF}"), ("00000041", "A")] {
            let read = try unit(hex)
            XCTAssertNil(read.problem, hex)
            XCTAssertEqual(read.target, "a\(character)b", hex)
        }
        for hex in ["+41", "-41", " 41", "41 ", "0x41", "", "4G", "D800", "110000", "FFFFFFFFFF"] {
            let read = try unit(hex)
            XCTAssertEqual(read.problem, "<cp hex=\"\(hex)\"> in <target> must name a character in hex digits (hex=\"0001\")", hex.debugDescription)
            XCTAssertEqual(read.position, FilePosition(line: 2, column: 3))
        }
    }

    /// A revision that is written but is not a whole number from 1 up makes its unit a problem
    /// (listed, not imported), in each format; a good one is read, and a unit without one has none.
    func testARevisionThatIsNotANumberIsAProblemInEveryFormat() throws {
        let bad = ["", "1.5", "0x1", " 1", "0", "-2", "99999999999999999999999", "18446744073709551615"]
        for value in bad + ["7"] {
            let xliff2 = """
                <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:gb="urn:guidebook:translation:1" version="2.0" srcLang="en" trgLang="ko">
                  <file id="f"><unit id="guideline:a.b" gb:revision="\(value)"><segment state="translated"><source>x</source><target>엑스</target></segment></unit>
                  <unit id="guideline:a.c"><segment state="translated"><source>y</source><target>와이</target></segment></unit></file>
                </xliff>
                """
            let xliff12 = """
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:gb="urn:guidebook:translation:1" version="1.2">
                  <file original="f" source-language="en" target-language="ko" datatype="plaintext"><body>
                  <trans-unit id="guideline:a.b" gb:revision="\(value)"><source>x</source><target state="translated">엑스</target></trans-unit>
                  <trans-unit id="guideline:a.c"><source>y</source><target state="translated">와이</target></trans-unit>
                  </body></file>
                </xliff>
                """
            let po = "msgctxt \"guideline:a.b\"\n#. English revision \(value)\nmsgid \"x\"\nmsgstr \"엑스\"\n\nmsgctxt \"guideline:a.c\"\nmsgid \"y\"\nmsgstr \"와이\"\n"
            for (format, text) in [(TranslationFileFormat.xliff2, xliff2), (.xliff12, xliff12), (.po, po)] {
                let (_, units) = try read(reader(format, text))
                XCTAssertEqual(units.count, 2, "\(format) \(value)")
                XCTAssertNil(units[1].revision)
                XCTAssertNil(units[1].problem, "\(format): no revision is no problem")
                if value == "7" {
                    XCTAssertEqual(units[0].revision, 7, "\(format)")
                    XCTAssertNil(units[0].problem, "\(format)")
                } else {
                    XCTAssertNil(units[0].revision, "\(format) '\(value)'")
                    XCTAssertEqual(units[0].problem, "its revision '\(value)' is not a revision number", "\(format) '\(value)'")
                }
            }
        }
    }

    func testXLIFF12StatesAltTransAndLanguages() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="a" source-language="en" target-language="ko" datatype="plaintext"><body>
                <trans-unit id="guideline:a.b" approved="no"><source>One</source><target>하나</target>
                  <alt-trans><source>Other</source><target>다른</target></alt-trans></trans-unit>
                <group><trans-unit id="guideline:a.c"><source>Two</source><target state="needs-review-translation">둘</target></trans-unit></group>
                <trans-unit id="guideline:a.d"><source>x</source><target state="translated"><g id="1">굵게</g> <x id="2"/></target></trans-unit>
              </body></file>
              <file original="b" source-language="en" target-language="ja" datatype="plaintext"><body/></file>
            </xliff>
            """
        let reader = XLIFF12Reader(bytes: Array(xml.utf8))
        XCTAssertEqual(try reader.header().targetLanguage, "ko")
        var units: [OfferedUnit] = []
        let error = try XCTUnwrap({ () -> TranslationFileError? in
            do {
                while let unit = try reader.nextUnit() { units.append(unit) }
                return nil
            } catch let error as TranslationFileError { return error }
        }())
        XCTAssertEqual(error.position.line, 9, error.description)
        XCTAssertEqual(units.map(\.target), ["하나", "둘", "굵게 "])
        XCTAssertEqual(units.map(\.isFinished), [true, false, true])
        XCTAssertNil(units[0].problem)
        XCTAssertTrue(units[2].problem?.contains("<x>") ?? false)
    }

    /// The `<file>` elements of one XLIFF 1.2 file may write their languages differently when the
    /// base's locales resolve them alike (`ko` and `ko-KR` where it has `ko`), never when they
    /// resolve to two locales or to none.
    func testXLIFF12FilesWhoseLanguagesResolveToOneLocaleAreOneFile() throws {
        func xliff(_ languages: [(source: String, target: String)]) -> [UInt8] {
            var xml = "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
            for (index, pair) in languages.enumerated() {
                xml += "<file original=\"f\(index)\" source-language=\"\(pair.source)\" target-language=\"\(pair.target)\" datatype=\"plaintext\"><body>"
                xml += "<trans-unit id=\"guideline:a.\(index)\"><source>One</source><target>하나</target></trans-unit></body></file>\n"
            }
            return Array((xml + "</xliff>").utf8)
        }
        let base = ["en", "ko", "pt", "pt-br"]
        for languages in [[("en", "ko"), ("en", "ko-KR")], [("en-US", "ko-KR"), ("EN", "ko_kr"), ("en", "ko")], [("en", "pt-BR"), ("en", "pt_br")]] {
            let (header, units) = try read(XLIFF12Reader(bytes: xliff(languages), locales: base))
            XCTAssertEqual(header.targetLanguage, languages[0].1)
            XCTAssertEqual(units.map(\.id), languages.indices.map { "guideline:a.\($0)" }, "\(languages)")
        }
        for (languages, locales) in [([("en", "ko"), ("en", "ko-KR")], []), ([("en", "pt"), ("en", "pt-BR")], base),
                                     ([("en", "ja"), ("en", "ja-JP")], base), ([("en", "ko"), ("fr", "ko")], base)] {
            let reader = XLIFF12Reader(bytes: xliff(languages), locales: locales)
            XCTAssertThrowsError(try read(reader), "\(languages) in \(locales)") { error in
                let error = error as? TranslationFileError
                XCTAssertEqual(error?.position, FilePosition(line: 3, column: 1))
                XCTAssertTrue(error?.message.contains("one file, one pair of languages") ?? false, String(describing: error))
            }
        }
    }

    func testAFileOfAnotherKindIsNotXLIFF() throws {
        XCTAssertThrowsError(try XLIFF2Reader(bytes: Array("<tmx version=\"1.4\"/>".utf8)).header())
        XCTAssertThrowsError(try XLIFF12Reader(bytes: Array(TranslationFileFormat.xliff2.render(Self.export).utf8)).header())
        XCTAssertThrowsError(try XLIFF2Reader(bytes: Array(TranslationFileFormat.xliff12.render(Self.export).utf8)).header())
    }

    func testTheFormatIsDetectedFromTheFirstBytes() throws {
        let directory = NSTemporaryDirectory() + "detect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for format in TranslationFileFormat.allCases {
            let path = directory + "/file"
            try Data(format.render(Self.export).utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(TranslationFileFormat.detect(path: path), format)
        }
        try Data("<tmx version=\"1.4\"/>".utf8).write(to: URL(fileURLWithPath: directory + "/tmx"))
        XCTAssertNil(TranslationFileFormat.detect(path: directory + "/tmx"))
    }
}
