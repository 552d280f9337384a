/// An API token as the store holds it: never its secret, only the secret's SHA-256.
public struct StoredToken: Sendable, Equatable {
    /// The row's id (stable while the token exists).
    public var id: Int64
    /// The name people know it by (unique).
    public var name: String
    /// `reader`, `editor` or `admin`.
    public var role: String
    /// The SHA-256 of the secret (32 bytes).
    public var digest: [UInt8]
    /// When it was created (RFC 3339).
    public var createdAt: String
    /// When it was last used, to the minute at best (nil: never).
    public var lastUsedAt: String?

    public init(id: Int64, name: String, role: String, digest: [UInt8], createdAt: String, lastUsedAt: String?) {
        (self.id, self.name, self.role, self.digest, self.createdAt, self.lastUsedAt) = (id, name, role, digest, createdAt, lastUsedAt)
    }
}
