import CZlib

/// gzip compression of the page's files, done once when they are first served.
enum Gzip {
    /// `bytes` as one gzip member, or nil when compressing fails or does not make them smaller.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        // deflate's worst case is a little over the input; this leaves room for that and the header.
        var output = [UInt8](repeating: 0, count: bytes.count + bytes.count / 1000 + 64)
        var size = output.count
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                guidebook_gzip(input.baseAddress, input.count, buffer.baseAddress, &size)
            }
        }
        guard status == Z_OK, size < bytes.count else { return nil }
        return Array(output.prefix(size))
    }
}
