/// What a write requires of the resource's current version (`If-Match`), checked inside the
/// write's transaction so that no other write can come between the check and the change.
public enum WritePrecondition: Sendable, Equatable {
    /// Nothing: the write applies to whatever is there.
    case none
    /// The resource must exist (`If-Match: *`).
    case exists
    /// The resource's current version must be one of these (`ResourceVersion`).
    case version(in: Set<String>)

    /// True when a resource at `version` (nil: there is none) satisfies the precondition.
    public func isSatisfied(byVersion version: String?) -> Bool {
        switch self {
        case .none: return true
        case .exists: return version != nil
        case .version(let accepted): return version.map(accepted.contains) ?? false
        }
    }
}
