/// Why a publish did not happen. Every message is safe to log: repository addresses in it carry
/// no credentials (they are refused up front, and git's own output is scrubbed of any).
public enum PublishError: Error, Equatable, CustomStringConvertible {
    /// The `--repo`, `--branch` or another option is not acceptable.
    case invalidOption(String)
    /// The repository could not be reached or read (it does not exist, the network, access).
    case unreachable(String)
    /// The working copy holds changes nobody published: a person edited it.
    case localChanges(String)
    /// The remote refused the push (a protected branch, a hook).
    case refused(String)
    /// The remote moved on and the rebase onto it failed, or it kept moving.
    case conflict(String)
    /// Another publish holds the working copy.
    case busy(String)
    /// A git command failed otherwise.
    case git(String)
    /// Writing the layout failed.
    case export(String)
    /// A wiki's API answered with an error.
    case api(String)

    public var description: String {
        switch self {
        case .invalidOption(let text), .unreachable(let text), .localChanges(let text), .refused(let text), .conflict(let text),
             .busy(let text), .git(let text), .export(let text), .api(let text):
            return text
        }
    }
}
