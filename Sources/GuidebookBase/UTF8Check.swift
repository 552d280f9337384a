/// Whether bytes are well-formed UTF-8, for text read from the database that is written out as its
/// bytes (a guideline record's texts) rather than through a `String`, which would repair it.
public enum UTF8Check {
    /// True when `bytes` are well-formed UTF-8: ASCII eight bytes at a time, anything else through
    /// the standard library's UTF-8 parser (the rules `String(decoding:as:)` repairs by).
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { index += 8 }
        while index < count, base[index] < 0x80 { index += 1 }
        guard index < count else { return true }
        var iterator = UnsafeBufferPointer(start: base + index, count: count - index).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
