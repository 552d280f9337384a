/// What the API of a read replica needs to know: where the primary is (for refused writes and the
/// page) and how far behind it may fall before `/readyz` says not ready.
public struct ReplicaConfiguration: Sendable, Equatable {
    /// The primary's base URL (`--primary-url`), without a trailing slash; nil when not given.
    public var primaryURL: String?
    /// `--max-lag`: the largest lag, in seconds, at which the replica is still ready.
    public var maxLagSeconds = 10.0

    /// A replica of a primary at `primaryURL`.
    public init(primaryURL: String? = nil, maxLagSeconds: Double = 10.0) {
        self.primaryURL = primaryURL
        self.maxLagSeconds = maxLagSeconds
    }
}
