/// One field of a request that breaks a rule, and why; a refused write lists every one at once
/// (`StoreError.validation`), so a client can fix them all in one go.
public struct InvalidField: Sendable, Equatable, CustomStringConvertible {
    /// The field's name as the client wrote it (`text`, `title`, `position`, or `body` for the whole).
    public var name: String
    /// What is wrong with it, in words a person can act on.
    public var reason: String

    public init(_ name: String, _ reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name): \(reason)" }
}
