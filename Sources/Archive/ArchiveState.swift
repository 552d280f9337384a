/// What the tar and zip writers check alike before they write: that the archive is not finished
/// yet, and that an entry's path is one an archive can hold (relative, not empty, no NUL byte).
struct ArchiveState {
    private(set) var isFinished = false

    /// The bytes of the entry path `path`; throws when the archive is finished or the path is
    /// empty, absolute or holds a NUL byte.
    func entryName(_ path: String) throws -> [UInt8] {
        guard !isFinished else { throw ArchiveError.finished }
        let name = Array(path.utf8)
        guard !name.isEmpty, name.first != UInt8(ascii: "/"), !name.contains(0) else { throw ArchiveError.invalidPath(path) }
        return name
    }

    /// Marks the archive finished; throws when it already was.
    mutating func finish() throws {
        guard !isFinished else { throw ArchiveError.finished }
        isFinished = true
    }
}
