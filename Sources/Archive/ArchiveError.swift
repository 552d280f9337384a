/// Why writing compressed data or an archive failed.
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
    /// zlib answered `code` to `function`.
    case zlib(function: String, code: Int32)
    /// Brotli's encoder refused or failed in `function` (it gives no code).
    case brotli(function: String)
    /// A path that the archive format cannot hold (empty, absolute, or too long).
    case invalidPath(String)
    /// More entries or bytes than the format can hold without its 64-bit extensions.
    case tooLarge(String)
    /// The writer was used after `finish()`.
    case finished

    public var description: String {
        switch self {
        case .zlib(let function, let code): return "zlib \(function) failed with code \(code)"
        case .brotli(let function): return "brotli \(function) failed"
        case .invalidPath(let path): return "'\(path.prefix(200))' cannot be stored in the archive"
        case .tooLarge(let what): return "the archive is too large: \(what)"
        case .finished: return "the archive was already finished"
        }
    }
}
