/// Writes a POSIX tar archive (ustar, with a pax `path` record for names longer than ustar holds)
/// of regular files to `output`, a file at a time: nothing of the archive is kept once written.
///
/// Entries carry mode 0644, owner 0:0 with no names, and the modification time given, so the same
/// files give the same bytes. GNU tar, bsdtar and Python's tarfile read it.
public final class TarWriter {
    private static let blockSize = 512
    private let output: ([UInt8]) throws -> Void
    private var state = ArchiveState()

    /// A writer that hands the archive's bytes to `output` (for a `.tar.gz`, a gzip `Deflater`'s `write`).
    public init(output: @escaping ([UInt8]) throws -> Void) {
        self.output = output
    }

    /// Adds a regular file at `path` (relative, `/`-separated) with `contents`, modified at
    /// `modified` (seconds since 1970).
    public func addFile(_ path: String, contents: [UInt8], modified: Int64) throws {
        let name = try state.entryName(path)
        guard contents.count < 0o77777777777 else { throw ArchiveError.tooLarge("'\(path)' is over 8 GiB") }
        let (prefix, base) = Self.split(name)
        if prefix == nil && base == nil {
            // Too long for ustar's two fields: a pax extended header carries the whole path.
            let record = Self.paxRecord("path", name)
            try output(Self.header(name: Array("PaxHeader/".utf8) + name.suffix(80), prefix: [], size: record.count, modified: modified, type: "x"))
            try output(record + Self.padding(record.count))
            try output(Self.header(name: Array(name.suffix(100)), prefix: [], size: contents.count, modified: modified, type: "0"))
        } else {
            try output(Self.header(name: base ?? name, prefix: prefix ?? [], size: contents.count, modified: modified, type: "0"))
        }
        try output(contents + Self.padding(contents.count))
    }

    /// Ends the archive (two zero blocks). Adding afterwards throws.
    public func finish() throws {
        try state.finish()
        try output([UInt8](repeating: 0, count: 2 * Self.blockSize))
    }

    /// ustar's split of a path into `prefix` (≤ 155 bytes) and `name` (≤ 100) at a slash: (nil, nil)
    /// when it fits neither way; (nil, name) when the name alone holds it.
    static func split(_ path: [UInt8]) -> (prefix: [UInt8]?, name: [UInt8]?) {
        if path.count <= 100 { return (nil, path) }
        for index in path.indices where path[index] == UInt8(ascii: "/") {
            let prefix = Array(path[..<index]), name = Array(path[(index + 1)...])
            if prefix.count <= 155 && name.count <= 100 && !name.isEmpty { return (prefix, name) }
        }
        return (nil, nil)
    }

    /// A pax record: "LENGTH KEY=VALUE\n", where LENGTH counts the whole record, its own digits included.
    static func paxRecord(_ key: String, _ value: [UInt8]) -> [UInt8] {
        let body = Array(" \(key)=".utf8) + value + [UInt8(ascii: "\n")]
        var length = body.count + 1
        while String(length).utf8.count + body.count != length { length = String(length).utf8.count + body.count }
        return Array(String(length).utf8) + body
    }

    private static func padding(_ count: Int) -> [UInt8] {
        let rest = count % blockSize
        return rest == 0 ? [] : [UInt8](repeating: 0, count: blockSize - rest)
    }

    private static func header(name: [UInt8], prefix: [UInt8], size: Int, modified: Int64, type: Character) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: blockSize)
        func put(_ bytes: [UInt8], at offset: Int) {
            for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int64, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(name, at: 0)
        put(octal(0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(Int64(size), width: 12), at: 124)
        put(octal(max(0, modified), width: 12), at: 136)
        put([UInt8](repeating: UInt8(ascii: " "), count: 8), at: 148)
        block[156] = type.asciiValue ?? UInt8(ascii: "0")
        put(Array("ustar".utf8) + [0], at: 257)
        put(Array("00".utf8), at: 263)
        put(prefix, at: 345)
        let checksum = block.reduce(0) { $0 + Int64($1) }
        put(octal(checksum, width: 7) + [UInt8(ascii: " ")], at: 148)
        return block
    }
}
