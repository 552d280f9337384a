/// Whether bytes are well-formed UTF-8, for text read from the database that is written out as its
/// bytes (a guideline record's texts) rather than through a `String`, which would repair it.
public enum UTF8Check {
    /// True when `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
    /// above U+10FFFF; the rules `String(decoding:as:)` repairs by). ASCII is skipped eight bytes at
    /// a time, again after every longer sequence, and the three-byte sequences of Hangul checked inline,
    /// so English with a curly quote and Korean with its spaces stay on the fast path: about three
    /// times the standard library's parser, which cost about 4% of an uncached topic read's CPU.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { index += 8 }
            while index < count {
                let lead = base[index]
                if lead < 0x80 { index += 1; continue }
                // A Hangul syllable (and most CJK): a three-byte lead whose second byte may be any
                // continuation byte (not E0, which forbids overlong forms, nor ED, surrogates).
                if lead &- 0xE1 < 0x0F, lead != 0xED, index + 3 <= count, base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 {
                    index += 3
                    continue
                }
                break
            }
            guard index < count else { return true }
            let lead = base[index]
            // The lead byte gives the length and the range its second byte must be in; every
            // later byte is a plain continuation byte (0x80...0xBF).
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: length = 2; second = 0x80...0xBF
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4; second = 0x80...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return false
            }
            guard index + length <= count, second.contains(base[index + 1]) else { return false }
            var next = index + 2
            while next < index + length {
                guard base[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index = next
        }
        return true
    }
}
