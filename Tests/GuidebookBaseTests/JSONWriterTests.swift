import Foundation
import GuidebookBase
import XCTest

/// The writer's strings are valid JSON that reads back as the text written, whatever the text
/// holds, wherever the characters to escape fall among the eight-byte words it checks at once;
/// Foundation's `JSONSerialization` is the reader.
final class JSONWriterTests: XCTestCase {
    func testEveryCharacterToEscapeAtEveryPositionReadsBack() throws {
        let specials: [Character] = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "/", "é", "진", "👍🏽"]
        var texts = [""]
        for special in specials {
            for length in 0..<20 {
                for position in 0...length {
                    var text = String(repeating: "a", count: length)
                    text.insert(special, at: text.index(text.startIndex, offsetBy: position))
                    texts.append(text)
                }
            }
        }
        texts.append(String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }))
        texts.append(String(repeating: "진행률 표시줄은 \"작업\"의 \\진행\\ 상황을\n보여 줍니다.\t", count: 40))
        var json = JSONWriter()
        json.beginArray()
        for text in texts { json.string(text) }
        json.endArray()
        let read = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        XCTAssertEqual(read, texts)
    }

    func testOnlyWhatMustBeEscapedIsEscaped() {
        var json = JSONWriter()
        json.string("a\"b\\c\nd\u{1}e\u{7F}f/진")
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #""a\"b\\c\nd\u0001e\u007ff/진""#)
    }

    func testContainersNestedBeyondSixtyFourLevelsKeepTheirCommas() throws {
        // Each level holds a number, a nested container and another number: the commas of every
        // level must survive the levels inside it (the writer keeps 64 levels in one word).
        var json = JSONWriter()
        for level in 0..<99 {
            if level % 2 == 0 { json.beginArray() } else { json.beginObject(); json.key("next") }
            if level % 2 == 0 { json.int(level) }
        }
        for level in (0..<99).reversed() {
            if level % 2 == 0 { json.int(-level); json.endArray() } else { json.endObject() }
        }
        var value: Any? = try JSONSerialization.jsonObject(with: Data(json.bytes), options: [.fragmentsAllowed])
        for level in 0..<99 {
            if level % 2 == 0 {
                let array = try XCTUnwrap(value as? [Any], "level \(level)")
                XCTAssertEqual(array.count, level == 98 ? 2 : 3, "level \(level)")
                XCTAssertEqual(array.first as? Int, level)
                XCTAssertEqual(array.last as? Int, -level)
                if level < 98 { value = array[1] }
            } else {
                let object = try XCTUnwrap(value as? [String: Any], "level \(level)")
                value = object["next"]
            }
        }
    }

    /// `string(utf8:)` writes what `string(_:)` writes for the same text, and `UTF8Check` calls
    /// bytes valid exactly when `String(decoding:as:)` keeps them as they are (the standard
    /// library is the oracle), for every byte pair and ill-formed sequences among ASCII.
    func testBytesAreWrittenAsTheirStringAndCheckedAsTheStandardLibraryDecodesThem() {
        var samples: [[UInt8]] = [[], Array("plain ascii text, long enough for words".utf8), Array("진행률 \"표시\"\n".utf8),
                                  [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x91], [0xC0, 0xAF], [0xE0, 0x80, 0xAF]]
        for first in 0...255 { for second in stride(from: 0, through: 255, by: 3) { samples.append([UInt8(first), UInt8(second)]) } }
        for bad in samples.suffix(from: 3).prefix(6) { samples.append(Array("abcdefghijk".utf8) + bad + Array("lmnopqrstu".utf8)) }
        for sample in samples {
            let decoded = String(decoding: sample, as: UTF8.self)
            let valid = sample.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            XCTAssertEqual(valid, Array(decoded.utf8) == sample, "\(sample)")
            guard valid else { continue }
            var fromBytes = JSONWriter()
            sample.withUnsafeBufferPointer { fromBytes.string(utf8: $0) }
            var fromString = JSONWriter()
            fromString.string(decoded)
            XCTAssertEqual(fromBytes.bytes, fromString.bytes, "\(sample)")
        }
    }
}
