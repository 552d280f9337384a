import CZlib

/// The CRC-32 of bytes (as zip and gzip use it), computed by zlib.
public struct CRC32: Sendable {
    /// The checksum of what was given so far.
    public private(set) var value: UInt32 = 0

    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        var crc = uLong(value)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            // crc32 takes a 32-bit length: large inputs go in slices.
            while offset < buffer.count {
                let count = min(buffer.count - offset, 1 << 30)
                crc = crc32(crc, buffer.baseAddress! + offset, uInt(count))
                offset += count
            }
        }
        value = UInt32(truncatingIfNeeded: crc)
    }

    /// The checksum of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
