/// Who a request comes from: the name and role of the token it carried.
public struct Principal: Sendable, Equatable {
    /// The token's name (`bootstrap-admin` for the one set by `GUIDEBOOK_ADMIN_TOKEN`).
    public let name: String
    /// What the token may do.
    public let role: Role

    public init(name: String, role: Role) {
        self.name = name
        self.role = role
    }
}
