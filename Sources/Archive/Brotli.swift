import CBrotli

/// Brotli (RFC 7932) of bytes held in memory, for answers sent with `Content-Encoding: br`.
public enum Brotli {
    /// `bytes` compressed at `quality` (0–11; the higher, the smaller and the slower) with a
    /// window of 2^22 bytes (the format's default, which every decoder supports).
    public static func compress(_ bytes: [UInt8], quality: Int32 = 5) throws -> [UInt8] {
        let bound = BrotliEncoderMaxCompressedSize(bytes.count)
        // 0 means the input is too large for the one-shot encoder to promise a bound.
        guard bound > 0 else { throw ArchiveError.brotli(function: "BrotliEncoderMaxCompressedSize") }
        var output = [UInt8](repeating: 0, count: bound)
        var size = bound
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, input.count, input.baseAddress, &size, out.baseAddress)
            }
        }
        guard status == BROTLI_TRUE else { throw ArchiveError.brotli(function: "BrotliEncoderCompress") }
        output.removeSubrange(size...)
        return output
    }
}
