import Foundation

/// Settings of the API layer, read once at start by the executable.
public struct APIConfiguration: Sendable {
    /// Largest request body for ordinary routes (bytes).
    public var bodyLimit = 64 * 1024
    /// Largest import upload (bytes); imports stream to disk.
    public var importBodyLimit = 512 * 1024 * 1024
    /// Where uploads are spooled (by default beside the default database).
    public var spoolDirectory = APIConfiguration.spoolDirectory(besides: "./data/guidebook.sqlite")
    /// Whether `/readyz` waits for a non-empty knowledge base (false when started with `--no-seed`).
    public var requiresSeed = true
    /// Bytes of rendered knowledge-base reads kept for reuse until the next commit; 0 turns it off.
    public var responseCacheBytes = 16 * 1024 * 1024
    /// Tokens: whether reads need one, the configured admin token, the slow-down for wrong ones.
    public var authentication = AuthenticationConfiguration()
    /// Webhooks may target loopback, link-local and private addresses (`GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE=true`).
    public var allowsPrivateWebhookTargets = false
    /// Origins whose scripts may call the API (`https://wiki.example.com`, or `*`); empty: none.
    public var corsOrigins: [String] = []
    /// The `frame-ancestors` sources of the embed pages (`*`: any page may frame them).
    public var embedAncestors = "*"
    /// The origin wikis reach Guidebook at (`https://guidebook.example.com`, `GUIDEBOOK_PUBLIC_URL`),
    /// for the absolute URLs of link previews and oEmbed; nil: `http://` and the request's `Host`.
    public var publicURL: String?
    /// `--require-if-match`: a write without `If-Match` is refused with 428.
    public var requireIfMatch = false
    /// `--public-jobs`: job resources are read like the knowledge base (public unless
    /// `--auth-reads`), dry-run excerpts included. Off: reading a job needs a reader token, and a
    /// dry run's warnings (excerpts of the uploaded text) an admin's.
    public var publicJobs = false

    /// Set on a read replica (`serve --replica`): writes are refused, `/readyz` watches the lag.
    public var replica: ReplicaConfiguration?

    /// The defaults, each written beside its setting above; the executable sets what its options say.
    public init() {}

    /// The spool folder of a database at `databasePath`: `spool` beside it (`./spool` for a bare file name).
    public static func spoolDirectory(besides databasePath: String) -> String {
        let folder = (databasePath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "./spool" : folder + "/spool"
    }
}
