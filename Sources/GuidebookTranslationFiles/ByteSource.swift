import Foundation

/// The bytes of a file (or of an array), read in chunks as they are needed, with the line and the
/// column of the next byte: memory stays one chunk however large the file is.
///
/// Lines count line feeds, a carriage return alone and a CR LF pair as one; columns count Unicode
/// scalars (UTF-8 lead bytes), both from 1.
final class ByteSource {
    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var index = 0
    private var isExhausted: Bool
    /// The byte before the current one was a carriage return (a following line feed is the same line break).
    private var afterCarriageReturn = false
    private(set) var line = 1
    private(set) var column = 1
    /// Bytes consumed so far.
    private(set) var offset = 0

    static let chunkSize = 64 * 1024

    /// Reads `path` chunk by chunk.
    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TranslationFileError("the file cannot be read", at: FilePosition(line: 1, column: 1))
        }
        self.handle = handle
        buffer = []
        isExhausted = false
    }

    /// Reads `bytes`, all in memory already.
    init(bytes: [UInt8]) {
        handle = nil
        buffer = bytes
        isExhausted = true
    }

    deinit {
        try? handle?.close()
    }

    /// The byte `ahead` places after the next one (0: the next), or nil past the end.
    @inline(__always)
    func peek(_ ahead: Int = 0) -> UInt8? {
        if index + ahead < buffer.count { return buffer[index + ahead] }
        refill(keeping: ahead + 1)
        return index + ahead < buffer.count ? buffer[index + ahead] : nil
    }

    /// Consumes the next byte and returns it (nil at the end), moving the line and column.
    @inline(__always)
    func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        index += 1
        offset += 1
        switch byte {
        case 0x0A:
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        case 0x0D:
            line += 1
            column = 1
            afterCarriageReturn = true
        default:
            afterCarriageReturn = false
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return byte
    }

    /// Consumes the bytes before the first one `stops` accepts (or the end of the file) and
    /// appends them to `bytes`, at most `limit` of them in all; a byte of a line break must stop
    /// the run (the caller moves the line). The fast path of character data: one pass over the
    /// buffer, no call per byte.
    func takeRun(into bytes: inout [UInt8], limit: Int, stoppingAt stops: (UInt8) -> Bool) {
        while bytes.count < limit {
            if index >= buffer.count {
                refill(keeping: 1)
                if index >= buffer.count { return }
            }
            var end = index
            let stop = min(buffer.count, index + (limit - bytes.count))
            var scalars = 0
            buffer.withUnsafeBufferPointer { chunk in
                while end < stop {
                    let byte = chunk[end]
                    if stops(byte) { break }
                    if byte & 0xC0 != 0x80 { scalars += 1 }
                    end += 1
                }
            }
            guard end > index else { return }
            bytes.append(contentsOf: buffer[index..<end])
            offset += end - index
            column += scalars
            afterCarriageReturn = false
            index = end
            if end < stop { return }
        }
    }

    /// True when the next bytes are `literal` (nothing is consumed).
    func startsWith(_ literal: [UInt8]) -> Bool {
        for (i, byte) in literal.enumerated() where peek(i) != byte { return false }
        return true
    }

    /// Consumes `count` bytes.
    func skip(_ count: Int) {
        for _ in 0..<count { _ = next() }
    }

    /// Keeps at least `needed` unread bytes in the buffer when the file has them, dropping what was read.
    private func refill(keeping needed: Int) {
        guard !isExhausted, let handle else { return }
        if index > 0 {
            buffer.removeFirst(index)
            index = 0
        }
        while buffer.count < needed {
            let chunk = (try? handle.read(upToCount: Self.chunkSize)) ?? nil
            guard let chunk, !chunk.isEmpty else {
                isExhausted = true
                return
            }
            buffer.append(contentsOf: chunk)
        }
    }
}

extension ByteSource {
    /// Where the next byte is.
    var position: FilePosition { FilePosition(line: line, column: column) }
}

extension ByteSource {
    /// The next line without its line break, with where it starts; nil at the end of the file.
    /// A line longer than `limit` bytes is refused.
    func nextLine(limit: Int) throws -> (bytes: [UInt8], position: FilePosition)? {
        guard peek() != nil else { return nil }
        let position = self.position
        var bytes: [UInt8] = []
        takeRun(into: &bytes, limit: limit + 1) { $0 == 0x0A || $0 == 0x0D }
        guard bytes.count <= limit else { throw TranslationFileError("a line longer than \(limit) bytes", at: position) }
        if peek() == 0x0D { _ = next() }
        if peek() == 0x0A { _ = next() }
        return (bytes, position)
    }
}
