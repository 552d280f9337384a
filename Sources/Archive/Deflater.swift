import CZlib

/// A zlib deflate stream: bytes in, compressed bytes out to `output` in chunks, never the whole
/// result at once. It owns its `z_stream` (allocated once, so it never moves, as zlib requires)
/// and frees it when it goes; every zlib return code is checked.
public final class Deflater {
    /// What frames the compressed data.
    public enum Framing: Sendable {
        /// One gzip member (RFC 1952): header (modification time 0, so equal input gives equal
        /// bytes), data, CRC-32 and size.
        case gzip
        /// Raw deflate data (RFC 1951), as zip entries hold it.
        case raw
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let output: ([UInt8]) throws -> Void
    private var chunk: [UInt8]
    private var isFinished = false

    /// A stream at compression `level` (0–9) that hands what it produces to `output`.
    public init(_ framing: Framing, level: Int32 = 6, chunkSize: Int = 64 * 1024, output: @escaping ([UInt8]) throws -> Void) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = guidebook_deflate_init(stream, level, framing == .gzip ? 31 : -15)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw ArchiveError.zlib(function: "deflateInit2", code: status)
        }
        self.output = output
        self.chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit {
        // Z_DATA_ERROR here only says the stream was freed before it finished, which is fine.
        _ = deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `bytes` (output may lag behind until `finish()`).
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Compresses the bytes in `buffer`.
    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        guard !isFinished else { throw ArchiveError.finished }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        // avail_in is 32 bits wide: feed larger inputs in slices.
        var offset = 0
        while offset < buffer.count {
            let count = min(buffer.count - offset, 1 << 30)
            try run(input: base + offset, count: count, flush: Z_NO_FLUSH)
            offset += count
        }
    }

    /// Flushes what is left and ends the stream (the gzip trailer). Writing afterwards throws.
    public func finish() throws {
        guard !isFinished else { throw ArchiveError.finished }
        isFinished = true
        try run(input: nil, count: 0, flush: Z_FINISH)
    }

    private func run(input: UnsafeRawPointer?, count: Int, flush: Int32) throws {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(count)
        let size = chunk.count
        while true {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(size)
                let status = deflate(stream, flush)
                return (status, size - Int(stream.pointee.avail_out))
            }
            // Z_BUF_ERROR means no progress was possible (nothing in, no room needed): not an error.
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw ArchiveError.zlib(function: "deflate", code: status)
            }
            if produced > 0 { try output(Array(chunk[0..<produced])) }
            if flush == Z_FINISH {
                if status == Z_STREAM_END { break }
                guard status == Z_OK || produced > 0 else { throw ArchiveError.zlib(function: "deflate", code: status) }
            } else if stream.pointee.avail_in == 0 && produced < size {
                break
            }
        }
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
    }
}
