import GuidebookCore

/// The first admin token of a database: without an admin token set by configuration, the first
/// start of a database that holds no admin token makes one, stores its digest and hands its secret
/// to the caller to show once. Later starts find it and make none.
public enum AdminBootstrap {
    /// Names tried for the generated token, in order (the first that is free is used).
    static let names = ["admin"] + (2...9).map { "admin-\($0)" }

    /// Adds a freshly generated admin token to `store` unless it holds an admin token already;
    /// returns its name and secret, or nil when none was added. Of several processes starting on a
    /// new database at once, exactly one adds it.
    public static func addAdminTokenIfNone(to store: Store) throws -> (name: String, secret: String)? {
        let secret = TokenSecret.generate()
        guard let token = try store.addAdminTokenIfNone(names: names, digest: TokenSecret.digest(secret)) else { return nil }
        return (token.name, secret)
    }
}
