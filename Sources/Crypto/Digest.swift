internal import CGnuTLS

/// SHA-256 and HMAC-SHA256, computed by GnuTLS (already linked through libmicrohttpd).
public enum Digest {
    /// The SHA-256 of `bytes` (32 bytes).
    public static func sha256<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        let status = withContiguousBytes(bytes) { input in
            output.withUnsafeMutableBytes { gnutls_hash_fast(GNUTLS_DIG_SHA256, input.baseAddress, input.count, $0.baseAddress) }
        }
        // GnuTLS fails here only if SHA-256 itself is unavailable: the process cannot work without it.
        precondition(status == 0, "gnutls_hash_fast(SHA-256) failed: \(status)")
        return output
    }

    /// The SHA-256 of a string's UTF-8 bytes.
    public static func sha256(_ text: String) -> [UInt8] { sha256(Array(text.utf8)) }

    /// HMAC-SHA256 of `message` under `key` (32 bytes).
    public static func hmacSHA256<Key: Collection<UInt8>, Message: Collection<UInt8>>(key: Key, message: Message) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        let status = withContiguousBytes(key) { key in
            withContiguousBytes(message) { message in
                output.withUnsafeMutableBytes {
                    gnutls_hmac_fast(GNUTLS_MAC_SHA256, key.baseAddress, key.count, message.baseAddress, message.count, $0.baseAddress)
                }
            }
        }
        precondition(status == 0, "gnutls_hmac_fast(SHA-256) failed: \(status)")
        return output
    }

    /// Compares two byte strings in time that depends only on their lengths, never on where they
    /// differ, so a secret compared with a guess leaks nothing through timing.
    public static func constantTimeEquals<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// The same for two byte arrays (digests), without the generic iteration: called from another
    /// module the generic form is not specialised, and its `zip` costs microseconds a call, on
    /// every authenticated request.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for index in 0..<x.count { difference |= x[index] ^ y[index] }
            }
        }
        return difference == 0
    }

    private static func withContiguousBytes<Bytes: Collection<UInt8>, R>(_ bytes: Bytes, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = bytes.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        return Array(bytes).withUnsafeBytes(body)
    }
}
