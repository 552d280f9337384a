import GuidebookTranslationFiles
import XCTest

/// The strict XML reader: what it reads, and every construct it refuses, with the line and column.
final class XMLPullReaderTests: XCTestCase {
    /// Every event of `xml`, as short strings: "<name", ">name", "'text'".
    private func events(_ xml: String) throws -> [String] {
        let reader = XMLPullReader(bytes: Array(xml.utf8))
        var out: [String] = []
        while let event = try reader.next() {
            switch event {
            case .start(let element):
                out.append("<" + element.name.description + element.attributes.map { " \($0.name)=\($0.value)" }.joined())
            case .end(let name, _): out.append(">" + name.description)
            case .text(let text, _): out.append("'\(text)'")
            }
        }
        return out
    }

    /// The error reading `xml` ends with.
    private func refusal(_ xml: String, limits: XMLPullReader.Limits = .init(), file: StaticString = #filePath, line: UInt = #line) -> TranslationFileError? {
        let reader = XMLPullReader(bytes: Array(xml.utf8), limits: limits)
        do {
            while try reader.next() != nil {}
            XCTFail("read without an error: \(xml.prefix(80))", file: file, line: line)
            return nil
        } catch let error as TranslationFileError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testReferencesCDATANamespacesAndLineBreaks() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!-- a comment -->\n<r xmlns=\"urn:a\" xmlns:b=\"urn:b\" b:x='1 &amp; 2'>"
            + "a&lt;b&gt;&quot;&apos;&#x1F600;&#65;<![CDATA[<raw> & ]]>\r\nline&#13;<b:c/></r>\n"
        XCTAssertEqual(try events(xml), ["<{urn:a}r {urn:b}x=1 & 2", "'a<b>\"'😀A'", "'<raw> & '", "'\nline\r'", "<{urn:b}c", ">{urn:b}c", ">{urn:a}r"])
    }

    func testADoctypeIsRefusedWhereItIsAndNothingIsExpanded() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 { laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }
        laughs += "]>\n<lolz>&lol9;</lolz>"
        let error = try XCTUnwrap(refusal(laughs))
        XCTAssertEqual(error.position, FilePosition(line: 2, column: 1))
        XCTAssertTrue(error.message.contains("DOCTYPE"), error.message)

        let xxe = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY s SYSTEM \"file:///etc/passwd\">]><x>&s;</x>"
        XCTAssertEqual(refusal(xxe)?.position, FilePosition(line: 1, column: 22))
        // A reference to an entity that no DOCTYPE declared is refused too, never dropped.
        let undeclared = try XCTUnwrap(refusal("<x>\n  ab&s;</x>"))
        XCTAssertEqual(undeclared.position, FilePosition(line: 2, column: 5))
        XCTAssertTrue(undeclared.message.contains("&s;"), undeclared.message)
        XCTAssertNotNil(refusal("<x><!ENTITY a \"b\"></x>"))
    }

    func testOnlyAnExternalDoctypeOfAnAllowedRootIsLetThroughAndNothingItNamesIsRead() throws {
        var limits = XMLPullReader.Limits()
        limits.externalDoctypes = ["tmx"]
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE tmx SYSTEM \"tmx14.dtd\">\n<tmx version=\"1.4\"/>"
        let reader = XMLPullReader(bytes: Array(external.utf8), limits: limits)
        var names: [String] = []
        while let event = try reader.next() { if case .start(let element) = event { names.append(element.name.local) } }
        XCTAssertEqual(names, ["tmx"])
        // Without the permission, with an internal subset, for another root, or after the root: refused.
        XCTAssertNotNil(refusal(external))
        XCTAssertEqual(refusal("<!DOCTYPE tmx SYSTEM \"x.dtd\" [<!ENTITY e \"x\">]><tmx/>", limits: limits)?.position, FilePosition(line: 1, column: 1))
        XCTAssertNotNil(refusal("<!DOCTYPE xliff SYSTEM \"x.dtd\"><xliff/>", limits: limits))
        XCTAssertNotNil(refusal("<!DOCTYPE tmx><tmx/>", limits: limits))
        // Entities are still never declared: a reference is refused.
        XCTAssertTrue(refusal("<!DOCTYPE tmx SYSTEM \"tmx14.dtd\"><tmx>&e;</tmx>", limits: limits)?.message.contains("&e;") ?? false)
    }

    func testColumnsCountCharactersNotBytes() throws {
        let error = try XCTUnwrap(refusal("<x>\n한국어 <y></z></x>"))
        XCTAssertEqual(error.position, FilePosition(line: 2, column: 8))
        XCTAssertTrue(error.message.contains("</z>"), error.message)
    }

    func testMalformedDocumentsAreRefused() throws {
        let cases: [(String, String)] = [
            ("", "no XML element"),
            ("<x>", "not closed"),
            ("<x></x><y/>", "second root"),
            ("<x></x>tail", "after the root"),
            ("<x a=\"1\" a=\"2\"/>", "twice"),
            ("<x p:a=\"1\"/>", "not declared"),
            ("<x a=1/>", "quoted"),
            ("<x>\u{1}</x>", "control character"),
            ("<x>&#0;</x>", "not a character"),
            ("<x>&#xFFFE;</x>", "not a character"),
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><x/>", "UTF-8 only"),
            ("<x a=\"<\"/>", "'<'"),
        ]
        for (xml, expected) in cases {
            let error = refusal(xml)
            XCTAssertTrue(error?.message.contains(expected) ?? false, "\(xml.debugDescription): \(String(describing: error))")
        }
        XCTAssertNotNil(refusal("\u{FEFF}<x>\u{FFFF}</x>"))
        let notUTF8 = XMLPullReader(bytes: Array("<x>".utf8) + [0xC3, 0x28] + Array("</x>".utf8))
        XCTAssertThrowsError(try { while try notUTF8.next() != nil {} }())
        let utf16 = XMLPullReader(bytes: [0xFF, 0xFE, 0x3C, 0x00])
        XCTAssertThrowsError(try utf16.next())
    }

    /// A character reference is `&#` and decimal digits or `&#x` and hex digits, and nothing else
    /// (Swift's integer parsing would take a sign), naming a character XML can carry; in text and
    /// in attribute values alike, refused at its `&`.
    func testCharacterReferencesAreDigitsOnlyAndNameACharacterXMLCanCarry() throws {
        XCTAssertEqual(try events("<x a=\"&#65;&#x41;&#x0041;&#x6a;\">&#0065;&#x4A;&#x10FFFF;</x>"), ["<x a=AAAj", "'AJ\u{10FFFF}'", ">x"])
        let notReferences = ["&#+65;", "&#x+41;", "&#-65;", "&#;", "&#x;", "&# 65;", "&#65 ;", "&#x 41;", "&#X41;", "&#6.5;", "&#x4G;", "&#1e2;"]
        for reference in notReferences {
            for xml in ["<x>\n ab\(reference)</x>", "<x>\n <y a=\"\(reference)\"/></x>"] {
                let error = refusal(xml)
                XCTAssertTrue(error?.message.contains("is not a character reference") ?? false, "\(xml.debugDescription): \(String(describing: error))")
                XCTAssertEqual(error?.position, FilePosition(line: 2, column: xml.contains("<y") ? 8 : 4), xml.debugDescription)
            }
        }
        for reference in ["&#0;", "&#x0;", "&#8;", "&#xD800;", "&#xDFFF;", "&#xFFFE;", "&#xFFFF;", "&#x110000;", "&#1114112;", "&#99999999999;", "&#xFFFFFFFFFF;"] {
            let error = refusal("<x>\(reference)</x>")
            XCTAssertTrue(error?.message.contains("not a character XML can carry") ?? false, "\(reference): \(String(describing: error))")
            XCTAssertEqual(error?.position, FilePosition(line: 1, column: 4), reference)
        }
    }

    /// `]]>` ends a CDATA section, so in text it is not well-formed (XML 1.0 §2.4); written with a
    /// reference, or split by one, it is only text.
    func testAClosingCDATAMarkerInTextIsRefused() throws {
        let error = try XCTUnwrap(refusal("<x>\n a]]]> b</x>"))
        XCTAssertEqual(error.position, FilePosition(line: 2, column: 4))
        XCTAssertTrue(error.message.contains("']]>'"), error.message)
        XCTAssertNotNil(refusal("<x>]]></x>"))
        XCTAssertNotNil(refusal("<x><![CDATA[a]]>]]></x>"), "after a CDATA section the text is character data again")
        XCTAssertEqual(try events("<x a=\"]]>\">]]&gt; ]&#93;> &#93;]> ] ]> ]]</x>"), ["<x a=]]>", "']]> ]]> ]]> ] ]> ]]'", ">x"])
    }

    /// Even where an external DOCTYPE is let through, a second one is refused where it starts.
    func testASecondDoctypeIsRefused() throws {
        var limits = XMLPullReader.Limits()
        limits.externalDoctypes = ["tmx"]
        let twice = "<!DOCTYPE tmx SYSTEM \"tmx14.dtd\">\n<!DOCTYPE tmx SYSTEM \"other.dtd\">\n<tmx version=\"1.4\"/>"
        let error = try XCTUnwrap(refusal(twice, limits: limits))
        XCTAssertEqual(error.position, FilePosition(line: 2, column: 1))
        XCTAssertTrue(error.message.contains("second DOCTYPE"), error.message)
    }

    func testLimitsStopTheReadingWhereTheyAreExceeded() throws {
        var limits = XMLPullReader.Limits()
        limits.maxDepth = 4
        limits.maxTextBytes = 10
        XCTAssertTrue(refusal("<a><b><c><d><e/></d></c></b></a>", limits: limits)?.message.contains("deeper") ?? false)
        let long = try XCTUnwrap(refusal("<a>\n<b>0123456789ab</b></a>", limits: limits))
        XCTAssertEqual(long.position, FilePosition(line: 2, column: 4))
        XCTAssertTrue(long.message.contains("longer than 10 bytes"), long.message)
    }

    func testAFileIsReadInChunks() throws {
        // Bigger than a chunk, with a multibyte character across each chunk boundary.
        let count = 30_000
        var xml = "<r>"
        for index in 0..<count { xml += "<u i=\"\(index)\">한국어 &amp; \(index)</u>\n" }
        xml += "</r>"
        let path = NSTemporaryDirectory() + "xml-chunks-\(UUID().uuidString).xml"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try XMLPullReader(path: path)
        var texts = 0
        var lastLine = 0
        while let event = try reader.next() {
            if case .start(let element) = event, element.name.local == "u" {
                XCTAssertEqual(element.position.line, texts + 1)
                lastLine = element.position.line
            }
            if case .text(let text, _) = event, text.hasPrefix("한국어") {
                XCTAssertEqual(text, "한국어 & \(texts)")
                texts += 1
            }
        }
        XCTAssertEqual(texts, count)
        XCTAssertEqual(lastLine, count)
        XCTAssertEqual(reader.bytesRead, xml.utf8.count)
    }
}
