/// A short, stable fingerprint of text (64-bit FNV-1a, hex). Not for security: it tells whether a
/// text changed (translation states, resource versions), where a fixed hash across processes
/// matters and Swift's randomly seeded `Hasher` would not do. Its values are stored (translations'
/// source hashes) and sent (resource versions), so they never change.
public struct ContentHash {
    /// The hash of what was added so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet: add the parts of a text in order, and the result is the text's.
    public init() {}

    /// Adds `bytes` to the text hashed.
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        value = hash
    }

    /// Adds a string's UTF-8 bytes to the text hashed.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    /// The fingerprint so far, as 16 hex digits.
    public var hex: String { Self.hexDigits(value) }

    /// The fingerprint of `bytes` as 16 hex digits.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var hash = ContentHash()
        if bytes.withContiguousStorageIfAvailable({ hash.add($0) }) == nil { Array(bytes).withUnsafeBufferPointer { hash.add($0) } }
        return hash.hex
    }

    /// The fingerprint of a byte array (the hot path), without generic dispatch.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        bytes.withUnsafeBufferPointer { hash.add($0) }
        return hash.hex
    }

    /// The fingerprint of a string's UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        var hash = ContentHash()
        hash.add(text)
        return hash.hex
    }

    /// `value` as 16 lower-case hex digits, zero-padded.
    public static func hexDigits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for index in 0..<16 { buffer[index] = digits[Int(value >> UInt64(60 - 4 * index) & 0xf)] }
            }
            return 16
        }
    }
}
