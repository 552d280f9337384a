import Foundation

/// Where a Git publish pushes: a URL (`https://`, `ssh://`, `git://`, `file://`), scp-like
/// (`git@host:team/wiki.git`) or a local path. Checked before git sees it:
/// - credentials in it are refused (`https://user:token@…`, any user name over HTTP, which is how
///   tokens travel there; a password in an `ssh://` URL): they come from the environment or git's
///   credential helper, never from the command line, where logs and `ps` would show them;
/// - transports that run commands (`ext::`) and anything that git could read as an option are refused.
public struct RepositoryAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address as given (safe to log: it holds no credentials).
    public let text: String

    public init(_ text: String) throws {
        guard !text.isEmpty, text.count <= 2048 else { throw PublishError.invalidOption("--repo needs a repository URL or path") }
        guard !text.hasPrefix("-") else { throw PublishError.invalidOption("--repo '\(text.prefix(80))' would be read by git as an option") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw PublishError.invalidOption("--repo holds a control character")
        }
        if text.contains("::") { throw PublishError.invalidOption("--repo: transports like ext:: run commands; give a URL or a path") }
        if let schemeEnd = text.range(of: "://") {
            let scheme = text[..<schemeEnd.lowerBound].lowercased()
            guard ["https", "http", "ssh", "git", "file"].contains(scheme) else {
                throw PublishError.invalidOption("--repo: the scheme '\(scheme.prefix(20))' is not https, http, ssh, git or file")
            }
            let rest = text[schemeEnd.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                if scheme == "https" || scheme == "http" || userinfo.contains(":") {
                    throw PublishError.invalidOption("--repo holds credentials; give them through the environment or git's credential helper "
                        + "(docs/wiki.md), never in the URL")
                }
            }
        }
        self.text = text
    }

    /// True when the address is a path on this machine (no scheme, not scp-like).
    public var isLocalPath: Bool {
        if text.contains("://") { return false }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") { return false }
        return true
    }

    public var description: String { text }

    /// `text` with anything that looks like credentials in a URL replaced (git's messages may
    /// quote a URL a credential helper completed).
    public static func scrub(_ text: String) -> String {
        text.replacingOccurrences(of: #"([a-zA-Z][a-zA-Z0-9+.-]*://)[^/@\s]+@"#, with: "$1***@", options: .regularExpression)
    }
}
