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
    /// library is the oracle), for every byte pair, ill-formed sequences among ASCII and after
    /// longer ones, and every three- and four-byte lead with the edges of its ranges.
    func testBytesAreWrittenAsTheirStringAndCheckedAsTheStandardLibraryDecodesThem() {
        var samples: [[UInt8]] = [[], Array("plain ascii text, long enough for words".utf8), Array("진행률 \"표시\"\n".utf8),
                                  [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x91], [0xC0, 0xAF], [0xE0, 0x80, 0xAF]]
        for first in 0...255 { for second in stride(from: 0, through: 255, by: 3) { samples.append([UInt8(first), UInt8(second)]) } }
        for bad in samples.suffix(from: 3).prefix(6) { samples.append(Array("abcdefghijk".utf8) + bad + Array("lmnopqrstu".utf8)) }
        // Longer sequences then ASCII then a fault (the check goes back to ASCII after each), or a
        // fault cut short by the end.
        let mixed = Array("진행률 표시기는 작업이 얼마나 남았는지 “보여” 줍니다. Progress indicators 🙂".utf8)
        samples += [mixed, mixed + [0xED, 0xA0, 0x80], mixed + [0xE0, 0x80], mixed + [0xF0, 0x9F, 0x91] + mixed, mixed + [0x80] + mixed]
        // Three- and four-byte sequences: every lead byte from 0xE0 with second bytes around each
        // range's edges and third and fourth bytes in and out of the continuation range, cut short too.
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xE0...0xFF {
            for second in edges {
                for third in [0x80, 0xBF, 0x41, 0xC0] as [UInt8] {
                    samples.append([UInt8(lead), second, third])
                    samples.append([UInt8(lead), second, third, 0x80])
                    samples.append([UInt8(lead), second, third, 0x7A])
                    samples.append(Array("12345678".utf8) + [UInt8(lead), second, third, 0xBF] + Array("z".utf8))
                }
                samples.append([UInt8(lead), second])
            }
        }
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

    /// `decimal(tenths:)` writes what `double` writes for the same value (the standard library's
    /// shortest form is the oracle), as a lone value and inside an object and an array.
    func testTenthsAreWrittenAsTheirDouble() {
        for tenths in Array(-2_005...2_005) + [123_456_789, -987_654_321] {
            var fromTenths = JSONWriter()
            fromTenths.beginObject()
            fromTenths.field("a", tenths: tenths)
            fromTenths.key("b")
            fromTenths.beginArray()
            fromTenths.decimal(tenths: tenths)
            fromTenths.decimal(tenths: tenths)
            fromTenths.endArray()
            fromTenths.endObject()
            var fromDouble = JSONWriter()
            fromDouble.beginObject()
            fromDouble.field("a", Double(tenths) / 10)
            fromDouble.key("b")
            fromDouble.beginArray()
            fromDouble.double(Double(tenths) / 10)
            fromDouble.double(Double(tenths) / 10)
            fromDouble.endArray()
            fromDouble.endObject()
            XCTAssertEqual(String(decoding: fromTenths.bytes, as: UTF8.self), String(decoding: fromDouble.bytes, as: UTF8.self), "\(tenths)")
        }
    }

    /// `int` writes an integer's description, for every number of digits and both ends of `Int`.
    func testIntegersAreWrittenAsTheirDescription() {
        var values = [0, -1, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        for value in values {
            var writer = JSONWriter()
            writer.beginArray()
            writer.int(value)
            writer.int(value)
            writer.endArray()
            XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), "[\(value),\(value)]")
        }
    }

    /// Members written with prepared keys read as those written with their names: separators,
    /// escaped keys, integers of every length and one-decimal values; keys that fit the key's
    /// inline bytes exactly (29 characters, quoted with a colon: 32 bytes), one byte past them, and
    /// far past them.
    func testPreparedKeysWriteWhatNamedKeysWrite() {
        let names = ["total", "a \"quoted\" key", "키", "", String(repeating: "k", count: 29), String(repeating: "k", count: 30),
                     String(repeating: "설명", count: 40)]
        let keys = names.map { JSONWriter.Key($0) }
        for value in [0, 7, -7, 10, 99, 1_000, -123_456, Int.max, Int.min + 1] {
            var prepared = JSONWriter()
            var named = JSONWriter()
            prepared.beginObject()
            named.beginObject()
            for (name, key) in zip(names, keys) {
                prepared.field(key, value)
                named.field(name, value)
                prepared.field(key, tenths: value)
                named.field(name, tenths: value)
                prepared.field(key, "\(value)")
                named.field(name, "\(value)")
            }
            prepared.endObject()
            named.endObject()
            XCTAssertEqual(String(decoding: prepared.bytes, as: UTF8.self), String(decoding: named.bytes, as: UTF8.self), "\(value)")
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(prepared.bytes)), "\(value)")
        }
    }

    func testElementsCopiedFromAnEarlierAnswerReadAsIfWrittenOneByOne() throws {
        // Written one by one, noting where each object starts and ends.
        var original = JSONWriter()
        original.beginArray()
        var spans: [Range<Int>] = []
        for n in 1...4 {
            let start = original.beginObject()
            original.field("n", n)
            original.endObject()
            spans.append(start..<original.bytes.count)
        }
        original.endArray()
        XCTAssertEqual(spans.map { original.bytes[$0.lowerBound] }, Array(repeating: UInt8(ascii: "{"), count: 4), "each span starts at its brace, after the comma")
        // The middle two copied as one run between two written afresh: the same text.
        var copied = JSONWriter()
        copied.beginArray()
        copied.beginObject()
        copied.field("n", 1)
        copied.endObject()
        let start = copied.elements(original.bytes[spans[1].lowerBound..<spans[2].upperBound])
        XCTAssertEqual(copied.bytes[start], UInt8(ascii: "{"))
        copied.beginObject()
        copied.field("n", 4)
        copied.endObject()
        copied.endArray()
        XCTAssertEqual(String(decoding: copied.bytes, as: UTF8.self), String(decoding: original.bytes, as: UTF8.self))
        XCTAssertEqual(String(decoding: copied.bytes, as: UTF8.self), #"[{"n":1},{"n":2},{"n":3},{"n":4}]"#)
    }

    func testACopiedWriterKeepsWhatItHeldWhenEitherWritesOn() {
        // The writer owns its buffer as a value: a copy shares it until one of them writes.
        var first = JSONWriter(capacity: 1)
        first.beginArray()
        first.string("shared")
        var second = first
        second.string(String(repeating: "둘", count: 1000))
        second.endArray()
        first.int(1)
        first.endArray()
        XCTAssertEqual(String(decoding: first.bytes, as: UTF8.self), #"["shared",1]"#)
        XCTAssertEqual(String(decoding: second.bytes, as: UTF8.self), #"["shared",""# + String(repeating: "둘", count: 1000) + #""]"#)
        XCTAssertEqual(first.count, first.bytes.count)
        XCTAssertEqual(second.count, second.bytes.count)
    }

    func testAnotherWritersJSONIsWrittenWholeAsOneValue() throws {
        // Parts written apart (as a topic's sections are) and joined, each larger than the
        // joined writer's first capacity, so joining grows it.
        var part = JSONWriter(capacity: 1)
        part.beginObject()
        part.field("text", String(repeating: "a\"진\n", count: 3000))
        part.endObject()
        var whole = JSONWriter(capacity: 1)
        whole.beginArray()
        whole.raw(part)
        whole.raw(part)
        whole.endArray()
        XCTAssertEqual(whole.count, 2 * part.count + 3)
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(whole.bytes)) as? [[String: String]])
        XCTAssertEqual(read.count, 2)
        XCTAssertEqual(read.map { $0["text"] }, Array(repeating: String(repeating: "a\"진\n", count: 3000), count: 2))
    }
}
