import CZlib

/// Whole buffers in zlib's own format (RFC 1950: deflate data with an Adler-32 check), compressed or
/// restored in one call. For a blob stored whole and read back whole (the search vocabulary); a
/// stream of unknown length goes through `Deflater` instead.
public enum ZlibBuffer {
    /// `bytes` compressed at `level` (0–9).
    public static func compressed(_ bytes: [UInt8], level: Int32) throws -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else { throw ArchiveError.zlib(function: "compress2", code: status) }
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// The `count` bytes that `data` holds compressed; `ArchiveError.zlib` when `data` is damaged
    /// or restores to any other length (the caller stores the length beside the data).
    public static func restored(_ data: UnsafeRawBufferPointer, count: Int) throws -> [UInt8] {
        // Deflate cannot compress more than 1032:1, so a larger length says the stored one is damaged.
        guard count >= 0, count <= max(data.count, 1) * 1_032 else { throw ArchiveError.zlib(function: "uncompress", code: Z_DATA_ERROR) }
        var output = [UInt8](repeating: 0, count: count)
        var length = uLong(count)
        let status = output.withUnsafeMutableBufferPointer { out in
            uncompress(out.baseAddress, &length, data.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(data.count))
        }
        guard status == Z_OK else { throw ArchiveError.zlib(function: "uncompress", code: status) }
        guard Int(length) == count else { throw ArchiveError.zlib(function: "uncompress", code: Z_DATA_ERROR) }
        return output
    }
}
