/// Settings of the API layer, read once at start by the executable.
public struct APIConfiguration: Sendable {
    /// Largest request body for ordinary routes (bytes).
    public var bodyLimit: Int
    /// Largest import upload (bytes); imports stream to disk.
    public var importBodyLimit: Int
    /// Where uploads are spooled.
    public var spoolDirectory: String
    /// Whether `/readyz` waits for a non-empty knowledge base (false when started with `--no-seed`).
    public var requiresSeed: Bool
    /// Bytes of rendered knowledge-base reads kept for reuse until the next commit; 0 turns it off.
    public var responseCacheBytes: Int
    /// Tokens: whether reads need one, the configured admin token, the slow-down for wrong ones.
    public var authentication: AuthenticationConfiguration
    /// Webhooks may target loopback, link-local and private addresses (`GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE=true`).
    public var allowsPrivateWebhookTargets: Bool
    /// Origins whose scripts may call the API (`https://wiki.example.com`, or `*`); empty: none.
    public var corsOrigins: [String] = []
    /// The `frame-ancestors` sources of the embed pages (`*`: any page may frame them).
    public var embedAncestors = "*"
    /// `--require-if-match`: a write without `If-Match` is refused with 428.
    public var requireIfMatch: Bool

    public init(bodyLimit: Int = 64 * 1024, importBodyLimit: Int = 512 * 1024 * 1024, spoolDirectory: String = "./data/spool",
                requiresSeed: Bool = true, responseCacheBytes: Int = 16 * 1024 * 1024,
                authentication: AuthenticationConfiguration = AuthenticationConfiguration(), allowsPrivateWebhookTargets: Bool = false,
                requireIfMatch: Bool = false) {
        self.requireIfMatch = requireIfMatch
        self.bodyLimit = bodyLimit
        self.importBodyLimit = importBodyLimit
        self.spoolDirectory = spoolDirectory
        self.requiresSeed = requiresSeed
        self.responseCacheBytes = responseCacheBytes
        self.authentication = authentication
        self.allowsPrivateWebhookTargets = allowsPrivateWebhookTargets
    }
}
