import Foundation

/// Request ids: honoured when a client or proxy sends a sane one, generated otherwise.
enum RequestID {
    /// The client's id when it is a printable ASCII token of at most 128 bytes.
    static func accept(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= 128,
              header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { return nil }
        return header
    }

    /// A random prefix per process and a counter: unique, cheap (no system call per request).
    static func generate() -> String {
        let value = counter.next()
        let hex = String(value, radix: 16)
        return prefix + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()

    private static let counter = RequestCounter()
}

/// A thread-safe counter for request ids.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    func next() -> UInt64 {
        lock.withLock {
            value &+= 1
            return value
        }
    }
}
