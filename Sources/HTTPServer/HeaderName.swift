/// Header names compared and folded as HTTP defines them: ASCII, case-insensitive (RFC 9110 5.1).
///
/// Every request answers several header lookups on its way through the server and the pipeline;
/// `String.lowercased()` is Unicode-aware and allocates a new string each time, so these compare
/// and fold byte by byte instead, allocating nothing for names already in lower case (a name with
/// a byte outside ASCII is folded as `lowercased()` folds it).
package enum HeaderName {
    /// True when `a` and `b` are the same name, ASCII case aside.
    package static func equal(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                var index = 0
                while index < x.count {
                    let p = x[index], q = y[index]
                    index += 1
                    if p == q { continue }
                    guard p | 0x20 == q | 0x20, (p | 0x20) >= UInt8(ascii: "a"), (p | 0x20) <= UInt8(ascii: "z") else {
                        // Not an ASCII letter's two cases: the same only when both fold alike beyond ASCII.
                        return (p >= 0x80 || q >= 0x80) && String(decoding: x, as: UTF8.self).lowercased() == String(decoding: y, as: UTF8.self).lowercased()
                    }
                }
                return true
            }
        }
    }

    /// `name` in lower case; the same string (no copy) when it has no upper-case letter.
    package static func lowercased(_ name: String) -> String {
        var name = name
        let plain = name.withUTF8 { bytes in !bytes.contains { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 >= 0x80 } }
        if plain { return name }
        let ascii = name.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
        guard ascii else { return name.lowercased() }
        return name.withUTF8 { lowercased(UnsafeRawBufferPointer($0)) }
    }

    /// The ASCII bytes of a name, lower-cased, as a string (bytes beyond ASCII are folded as
    /// `lowercased()` folds them).
    package static func lowercased(_ bytes: UnsafeRawBufferPointer) -> String {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }
}
