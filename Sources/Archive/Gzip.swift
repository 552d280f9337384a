/// gzip of bytes held in memory (the web page's files, gzipped once at start; gzip answers).
public enum Gzip {
    /// `bytes` as one gzip member at compression `level`, produced `chunkSize` bytes at a time.
    public static func compress(_ bytes: [UInt8], level: Int32 = 9, chunkSize: Int = 64 * 1024) throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count / 3 + 64)
        let deflater = try Deflater(.gzip, level: level, chunkSize: chunkSize) { result += $0 }
        try deflater.write(bytes)
        try deflater.finish()
        return result
    }
}
