/// gzip of bytes held in memory (the web page's files, gzipped once at start).
public enum Gzip {
    /// `bytes` as one gzip member at compression `level`.
    public static func compress(_ bytes: [UInt8], level: Int32 = 9) throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count / 3 + 64)
        let deflater = try Deflater(.gzip, level: level) { result += $0 }
        try deflater.write(bytes)
        try deflater.finish()
        return result
    }
}
