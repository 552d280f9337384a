import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file line by line in fixed-size chunks, so a large NDJSON upload never sits in memory.
enum LineReader {
    static let chunkSize = 256 * 1024
    /// Longest line accepted (one topic with its guidelines).
    static let maxLineLength = 16 * 1024 * 1024

    /// Counts lines (a last line without a newline counts).
    static func countLines(path: String) throws -> Int {
        var count = 0
        var lastByte: UInt8 = 0x0a
        try forEachChunk(path: path) { chunk in
            for byte in chunk where byte == 0x0a { count += 1 }
            if let last = chunk.last { lastByte = last }
        }
        return lastByte == 0x0a ? count : count + 1
    }

    /// Calls `body` with each line's number (from 1) and bytes, without the newline.
    static func forEachLine(path: String, _ body: (Int, [UInt8]) throws -> Void) throws {
        var pending: [UInt8] = []
        var number = 0
        try forEachChunk(path: path) { chunk in
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: 0x0a) {
                pending.append(contentsOf: chunk[start..<newline])
                number += 1
                try body(number, pending)
                pending.removeAll(keepingCapacity: true)
                start = chunk.index(after: newline)
            }
            pending.append(contentsOf: chunk[start...])
            if pending.count > maxLineLength {
                throw ImportFailure(message: "line is longer than \(maxLineLength) bytes", line: number + 1)
            }
        }
        if !pending.isEmpty {
            number += 1
            try body(number, pending)
        }
    }

    private static func forEachChunk(path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ImportFailure(message: "the upload cannot be opened") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportFailure(message: "the upload cannot be read")
            }
            if n == 0 { return }
            try body(buffer[0..<n])
        }
    }
}
