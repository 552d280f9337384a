/// One file of the Markdown export: where it goes in the tree, its bytes, and when what it shows
/// last changed (an archive entry's modification time).
public struct ExportFile: Sendable, Equatable {
    /// The path relative to the export's root, `/`-separated (`ko/controls/progress-indicators.md`).
    public let path: String
    public let contents: [UInt8]
    /// Seconds since 1970.
    public let modified: Int64

    public init(path: String, contents: [UInt8], modified: Int64) {
        self.path = path
        self.contents = contents
        self.modified = modified
    }
}

/// Why the export could not be written.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// A locale code, category or slug that cannot be a file name (the store validates them, so this means a damaged database).
    case unsafeName(String)
    /// Reading, writing or removing a file failed.
    case io(path: String, reason: String)
    /// A name in the tree that the export will not go through or replace: a symbolic link, or not
    /// what the export writes there (a file where a folder belongs). The export skips it.
    case notFollowed(path: String, reason: String)
    /// Two topics whose file names differ only in case: a Windows or macOS checkout would fold them into one file.
    case pathCollision(first: String, second: String)

    public var description: String {
        switch self {
        case .unsafeName(let name): return "'\(name.prefix(140))' cannot be a file name in the export"
        case .io(let path, let reason): return "\(path): \(reason)"
        case .notFollowed(let path, let reason): return "\(path) \(reason); the export never writes through or replaces it, so it skipped it"
        case .pathCollision(let first, let second):
            return "topics '\(first.prefix(140))' and '\(second.prefix(140))' would get file names that differ only in case, "
                + "which Windows and macOS store as one file; rename one of them (nothing was written)"
        }
    }
}
