/// Writes JSON straight into a byte buffer.
///
/// Responses are written field by field in a fixed order, which is faster than building
/// dictionaries for `JSONEncoder` and gives byte-stable output (so ETags are stable).
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    // One entry per open container: whether it already holds an element.
    private var hasElement: [Bool] = []
    private var afterKey = false

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = hasElement.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            hasElement[hasElement.count - 1] = true
        }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        hasElement.append(false)
    }

    public mutating func endObject() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        hasElement.append(false)
    }

    public mutating func endArray() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "]"))
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
        bytes.append(contentsOf: String(value).utf8)
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
        key(name)
        beginObject()
        for (k, v) in values.sorted(by: { $0.key < $1.key }) { field(k, v) }
        endObject()
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5c, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5c, 0x5c])
            case 0x0a: bytes.append(contentsOf: [0x5c, UInt8(ascii: "n")])
            case 0x0d: bytes.append(contentsOf: [0x5c, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5c, UInt8(ascii: "t")])
            case 0..<0x20, 0x7f:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5c, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xf)]])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
