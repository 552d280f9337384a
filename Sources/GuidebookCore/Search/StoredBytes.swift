/// Why a stored form (the row directory's, the vocabulary's) cannot be read: another format, or
/// damaged. Its reader then builds what it holds from the tables instead.
struct StoredFormatError: Error {}

/// Bytes being written: fixed 64-bit numbers, varints (7 bits a byte, low first) and strings.
struct StoredBytes {
    var bytes: [UInt8] = []

    mutating func append(_ other: [UInt8]) { bytes += other }

    mutating func appendFixed(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func appendString(_ text: String) {
        appendVarint(UInt64(text.utf8.count))
        bytes += text.utf8
    }
}

/// Bytes being read back; every read checks it stays within them.
struct StoredReader {
    private let buffer: UnsafeRawBufferPointer
    private var position = 0

    init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    var isAtEnd: Bool { position == buffer.count }

    mutating func bytes(_ count: Int) throws -> UnsafeRawBufferPointer.SubSequence {
        guard count >= 0, count <= buffer.count - position else { throw StoredFormatError() }
        defer { position += count }
        return buffer[position..<(position + count)]
    }

    mutating func fixed() throws -> UInt64 {
        try bytes(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < buffer.count, shift < 64 {
            let byte = buffer[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw StoredFormatError()
    }

    /// A count of things that follow, each taking a byte at least: no more than the bytes left.
    mutating func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(buffer.count) * 8 + 64 else { throw StoredFormatError() }
        return Int(value)
    }

    mutating func string() throws -> String {
        String(decoding: try bytes(count()), as: UTF8.self)
    }
}
