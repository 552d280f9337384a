import Synchronization

/// Request ids: honoured when a client or proxy sends a sane one, generated otherwise.
enum RequestID {
    /// The client's id when it is a printable ASCII token of at most 128 bytes.
    static func accept(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= 128,
              header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { return nil }
        return header
    }

    /// A random prefix per process and a counter, 16 hex digits: unique, cheap (one atomic
    /// increment, no lock, no system call per request).
    static func generate() -> String {
        let value = counter.add(1, ordering: .relaxed).newValue
        // Past 2^32 requests the counter takes more digits, as many as it needs.
        guard value >> 32 == 0 else { return hex(UInt64(prefix), digits: 8) + String(value, radix: 16) }
        return hex(UInt64(prefix) << 32 | value, digits: 16)
    }

    /// `number`'s last `digits` hex digits, zero-padded.
    private static func hex(_ number: UInt64, digits count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for index in 0..<count { buffer[index] = digits[Int(number >> UInt64(4 * (count - 1 - index)) & 0xf)] }
            }
            return count
        }
    }

    private static let prefix: UInt32 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    private static let counter = Atomic<UInt64>(0)
}
