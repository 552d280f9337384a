import HTTPServer

/// How the API asks for tokens, read once at start.
public struct AuthenticationConfiguration: Sendable {
    /// Reads (`.role(.reader)` routes) need a token too (`--auth-reads`); otherwise they are public.
    public var readsNeedToken: Bool
    /// The SHA-256 of the admin token set by `GUIDEBOOK_ADMIN_TOKEN` or `--admin-token-file`.
    public var adminTokenDigest: [UInt8]?
    /// When wrong tokens start costing a client time.
    public var throttle: AuthFailureThrottle.Policy
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`); the header of anyone
    /// else is ignored, so a client cannot pass itself off as another.
    public var trustedProxies: Set<PeerAddress>

    public init(readsNeedToken: Bool = false, adminTokenDigest: [UInt8]? = nil, throttle: AuthFailureThrottle.Policy = .init(),
                trustedProxies: Set<PeerAddress> = []) {
        self.readsNeedToken = readsNeedToken
        self.adminTokenDigest = adminTokenDigest
        self.throttle = throttle
        self.trustedProxies = trustedProxies
    }
}
