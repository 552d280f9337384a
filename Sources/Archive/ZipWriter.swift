import Foundation

/// Writes a zip archive of regular files to `output`, a file at a time: each entry deflated
/// (stored when that would not be smaller), with UTF-8 names, then the central directory.
///
/// Without the 64-bit extensions: at most 65,535 entries and 4 GiB in all (beyond, it throws).
/// Entries carry mode 0644 and the modification time given, so the same files give the same bytes.
public final class ZipWriter {
    private struct Entry {
        let name: [UInt8]
        let method: UInt16
        let time: UInt16, date: UInt16
        let crc: UInt32
        let compressedSize: Int, size: Int
        let offset: Int
    }

    private let output: ([UInt8]) throws -> Void
    private var entries: [Entry] = []
    private var offset = 0
    private var state = ArchiveState()

    /// A writer that hands the archive's bytes to `output`.
    public init(output: @escaping ([UInt8]) throws -> Void) {
        self.output = output
    }

    /// Adds a regular file at `path` (relative, `/`-separated) with `contents`, modified at
    /// `modified` (seconds since 1970, kept to the 2 seconds zip records, from 1980 on).
    public func addFile(_ path: String, contents: [UInt8], modified: Int64) throws {
        let name = try state.entryName(path)
        guard name.count <= Int(UInt16.max) else { throw ArchiveError.invalidPath(path) }
        guard entries.count < Int(UInt16.max) else { throw ArchiveError.tooLarge("more than 65,535 entries") }
        var deflated: [UInt8] = []
        let deflater = try Deflater(.raw) { deflated += $0 }
        try deflater.write(contents)
        try deflater.finish()
        let stored = deflated.count >= contents.count
        let data = stored ? contents : deflated
        guard offset + 30 + name.count + data.count < Int(UInt32.max), contents.count < Int(UInt32.max) else {
            throw ArchiveError.tooLarge("over 4 GiB")
        }
        let (time, date) = Self.dosTime(modified)
        let entry = Entry(name: name, method: stored ? 0 : 8, time: time, date: date, crc: CRC32.of(contents),
                          compressedSize: data.count, size: contents.count, offset: offset)
        var header = ByteWriter()
        header.u32(0x0403_4b50)
        Self.writeSharedFields(of: entry, into: &header)
        header.u16(0)                  // no extra field
        header.bytes += name
        try emit(header.bytes)
        try emit(data)
        entries.append(entry)
    }

    /// Writes the central directory and its end record. Adding afterwards throws.
    public func finish() throws {
        try state.finish()
        let start = offset
        var directory = ByteWriter()
        for entry in entries {
            directory.u32(0x0201_4b50)
            directory.u16(0x0314)      // made by: Unix (3), version 2.0
            Self.writeSharedFields(of: entry, into: &directory)
            directory.u16(0)           // extra field
            directory.u16(0)           // comment
            directory.u16(0)           // disk
            directory.u16(0)           // internal attributes
            directory.u32(0o100644 << 16) // external attributes: a regular file, rw-r--r--
            directory.u32(UInt32(entry.offset))
            directory.bytes += entry.name
        }
        guard start + directory.bytes.count < Int(UInt32.max) else { throw ArchiveError.tooLarge("over 4 GiB") }
        var end = ByteWriter()
        end.u32(0x0605_4b50)
        end.u16(0)
        end.u16(0)
        end.u16(UInt16(entries.count))
        end.u16(UInt16(entries.count))
        end.u32(UInt32(directory.bytes.count))
        end.u32(UInt32(start))
        end.u16(0)                     // no comment
        try emit(directory.bytes)
        try emit(end.bytes)
    }

    /// The fields that an entry's local header and its central directory record both hold, in the
    /// same order: from the version needed to the name's length.
    private static func writeSharedFields(of entry: Entry, into record: inout ByteWriter) {
        record.u16(20)                 // version needed: 2.0 (deflate)
        record.u16(0x0800)             // flags: names are UTF-8
        record.u16(entry.method)
        record.u16(entry.time)
        record.u16(entry.date)
        record.u32(entry.crc)
        record.u32(UInt32(entry.compressedSize))
        record.u32(UInt32(entry.size))
        record.u16(UInt16(entry.name.count))
    }

    private func emit(_ bytes: [UInt8]) throws {
        try output(bytes)
        offset += bytes.count
    }

    /// MS-DOS time and date (UTC) of a Unix time; times before 1980 become 1980-01-01 00:00.
    static func dosTime(_ seconds: Int64) -> (time: UInt16, date: UInt16) {
        var value = time_t(max(seconds, 315_532_800))
        var parts = tm()
        guard gmtime_r(&value, &parts) != nil else { return (0, 0x21) }
        let year = min(max(Int(parts.tm_year) + 1900, 1980), 2107)
        let time = UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2)
        let date = UInt16(year - 1980) << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday)
        return (time, date)
    }
}

/// Little-endian fields, as zip records hold them.
private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(value & 0xff))
        bytes.append(UInt8(value >> 8))
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xff)) }
    }
}
