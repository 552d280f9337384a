/// A short, stable fingerprint of text (64-bit FNV-1a, hex). Not for security: it tells whether a
/// text changed (translation states, ETags), where a fixed hash across processes matters and
/// Swift's randomly seeded `Hasher` would not do.
public enum ContentHash {
    /// The fingerprint of `bytes` as 16 hex digits.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return format(hash)
    }

    /// The fingerprint of a byte array (the hot path: response ETags), without generic dispatch.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            return format(hash)
        }
    }

    /// The fingerprint of a string's UTF-8 bytes.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    private static func format(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
