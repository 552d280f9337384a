/// Writes JSON straight into a byte buffer.
///
/// Responses are written field by field in a fixed order, which is faster than building
/// dictionaries for `JSONEncoder` and gives byte-stable output (so ETags are stable).
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    // Whether each open container already holds an element: bit n for the container at depth n + 1
    // (64 levels in one word, so writing a value touches no array), deeper ones in `deeper`.
    private var hasElement: UInt64 = 0
    private var depth = 0
    private var deeper: [Bool] = []
    private var afterKey = false

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `count` more bytes at once (before appending parts of a known size).
    public mutating func reserveCapacity(more count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if depth <= 64 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            if hasElement & bit != 0 { bytes.append(UInt8(ascii: ",")) } else { hasElement |= bit }
        } else {
            if deeper[deeper.count - 1] { bytes.append(UInt8(ascii: ",")) } else { deeper[deeper.count - 1] = true }
        }
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        depth += 1
        if depth <= 64 { hasElement &= ~(1 << UInt64(depth - 1)) } else { deeper.append(false) }
    }

    private mutating func close(_ bracket: UInt8) {
        if depth > 64 { deeper.removeLast() }
        depth -= 1
        bytes.append(bracket)
    }

    /// Writes an object key; the next value written belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    public mutating func int(_ value: Int) {
        separate()
        // Digits written in place, least significant first, then reversed: no string made.
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    public mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            bytes.append(contentsOf: String(value).utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes pre-encoded JSON as one value (it must be valid JSON).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Writes one string made of `parts` joined, without joining them first (a link from a path
    /// and an id, say).
    public mutating func string(joining parts: String...) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for part in parts { appendEscaped(part) }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Conveniences for `"key": value` pairs

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: String, _ value: Double) { key(name); double(value) }
    public mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }
    public mutating func field(_ name: String, _ value: Int?) {
        key(name)
        if let value { int(value) } else { null() }
    }

    /// Writes an object of string values with keys in sorted order.
    public mutating func field(_ name: String, _ values: [String: String]) {
        object(name, values.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// Writes an object of string values in the order given (such as an item's `links`).
    public mutating func object(_ name: String, _ members: [(String, String)]) {
        key(name)
        beginObject()
        for (k, v) in members { field(k, v) }
        endObject()
    }

    /// Writes an object whose members `members` writes (a nested object of a representation).
    public mutating func object(_ name: String, _ members: (inout JSONWriter) throws -> Void) rethrows {
        key(name)
        beginObject()
        try members(&self)
        endObject()
    }

    /// Writes an array of one object per element of `elements`, whose members `members` writes.
    public mutating func objects<Elements: Sequence>(_ name: String, _ elements: Elements,
                                                     _ members: (inout JSONWriter, Elements.Element) throws -> Void) rethrows {
        key(name)
        beginArray()
        for element in elements {
            beginObject()
            try members(&self, element)
            endObject()
        }
        endArray()
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for a JSON string, without the quotes.
    private mutating func appendEscaped(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            // Copy runs of bytes that need no escaping in one go; escape the rest. Eight bytes at a
            // time are checked at once (`needsEscape`), so a clean run costs a few instructions per
            // word rather than a comparison per byte.
            var runStart = 0
            var index = 0
            let count = utf8.count
            let raw = UnsafeRawBufferPointer(utf8)
            while index < count {
                if index + 8 <= count, !Self.needsEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                let end = min(index + 8, count)
                while index < end {
                    let byte = utf8[index]
                    index += 1
                    guard byte < 0x20 || byte == 0x22 || byte == 0x5c || byte == 0x7f else { continue }
                    if runStart < index - 1 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)])) }
                    runStart = index
                    appendEscape(byte)
                }
            }
            if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        }
    }

    /// True when one of the eight bytes of `word` is below 0x20, a quote, a backslash or DEL: each
    /// test is the "has a zero byte" / "has a byte less than n" bit trick, exact as to whether one
    /// exists (bytes of 0x80 and above, parts of longer UTF-8 sequences, never count).
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let control = (word &- ones &* 0x20) & ~word & high
        return control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5c)) | hasZero(word ^ (ones &* 0x7f)) != 0
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5c, 0x22])
        case 0x5c: bytes.append(contentsOf: [0x5c, 0x5c])
        case 0x0a: bytes.append(contentsOf: [0x5c, UInt8(ascii: "n")])
        case 0x0d: bytes.append(contentsOf: [0x5c, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5c, UInt8(ascii: "t")])
        default:
            let hex: StaticString = "0123456789abcdef"
            let (high, low) = hex.withUTF8Buffer { ($0[Int(byte >> 4)], $0[Int(byte & 0xf)]) }
            bytes.append(contentsOf: [0x5c, UInt8(ascii: "u"), 0x30, 0x30, high, low])
        }
    }
}
