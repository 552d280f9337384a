import Crypto
import Foundation
import GuidebookBase
import GuidebookCore

/// Knows every valid token and says whose a presented one is.
///
/// The tokens table is held in memory, by the first eight bytes of each digest, and read again
/// whenever the database has changed (`Store.dataGeneration`, one `PRAGMA data_version`): a token
/// created or revoked by this server, by `guidebook tokens` or by another process is seen by the
/// next request. A presented token is hashed (SHA-256) and compared with the stored digests in
/// constant time. The admin token given by `GUIDEBOOK_ADMIN_TOKEN` (or `--admin-token-file`) is
/// held here as its digest only, never written anywhere.
///
/// When a token was last used is kept in memory and written at most once a minute per token, with
/// a write that neither waits for the database's lock nor counts as a change of the data
/// (`Store.recordTokenUse`). A write that fails (a read-only copy of the database) is logged once
/// and otherwise ignored: no request fails for it.
public final class TokenAuthenticator: @unchecked Sendable {
    /// The principal name of the admin token set by configuration (reserved: no stored token can take it).
    public static let bootstrapName = "bootstrap-admin"
    /// How often, at most, a token's last use is written.
    static let useWriteInterval: Duration = .seconds(60)
    /// How long to wait before writing again after the database was busy.
    static let busyRetry: Duration = .seconds(5)

    private struct Entry {
        /// The row id; nil for the configured admin token.
        let id: Int64?
        let principal: Principal
        let digest: [UInt8]
    }

    private let store: Store
    private let logger: Logger
    private let bootstrap: Entry?
    private let lock = NSLock()
    private var entries: [UInt64: [Entry]] = [:]
    private var loadedGeneration: Int64?
    /// When each stored token was last seen (in memory), and when its last use was last written.
    private var lastSeen: [Int64: Date] = [:]
    private var lastWritten: [Int64: ContinuousClock.Instant] = [:]
    private var reportedWriteFailure = false

    /// Authenticates against `store`'s tokens and, when given, the admin token whose SHA-256 is
    /// `adminTokenDigest`. Logs a failure to record last uses to `logger`, once.
    public init(store: Store, adminTokenDigest: [UInt8]?, logger: Logger) {
        self.store = store
        self.logger = logger
        self.bootstrap = adminTokenDigest.map { Entry(id: nil, principal: Principal(name: Self.bootstrapName, role: .admin), digest: $0) }
    }

    /// The principal whose token `secret` is, or nil when no valid token is. Throws when the
    /// tokens cannot be read (the database is busy or broken).
    public func authenticate<Text: StringProtocol>(_ secret: Text) throws -> Principal? {
        let digest = TokenSecret.digest(secret)
        let generation = try store.dataGeneration()
        if lock.withLock({ loadedGeneration != generation }) {
            let tokens = try store.tokens()
            lock.withLock { load(tokens, generation: generation) }
        }
        let found: Entry? = lock.withLock {
            var match: Entry?
            for entry in entries[Self.bucket(digest)] ?? [] where Digest.constantTimeEquals(entry.digest, digest) { match = entry }
            if let bootstrap, Digest.constantTimeEquals(bootstrap.digest, digest) { match = bootstrap }
            return match
        }
        guard let found else { return nil }
        if let id = found.id { recordUse(of: id) }
        return found.principal
    }

    /// When the token `id` was last used: the later of what is stored and what was seen since.
    public func lastUsed(_ token: StoredToken) -> String? {
        guard let seen = lock.withLock({ lastSeen[token.id] }) else { return token.lastUsedAt }
        let text = Timestamp.format(seen)
        return max(text, token.lastUsedAt ?? "")
    }

    /// Replaces the tokens held in memory (the lock is held).
    private func load(_ tokens: [StoredToken], generation: Int64) {
        entries.removeAll(keepingCapacity: true)
        for token in tokens {
            // Names are unique and roles checked by the table; a role this version does not know is skipped.
            guard let role = Role(rawValue: token.role), token.digest.count == 32, token.name != Self.bootstrapName else { continue }
            entries[Self.bucket(token.digest), default: []].append(Entry(id: token.id, principal: Principal(name: token.name, role: role), digest: token.digest))
        }
        let ids = Set(tokens.map(\.id))
        lastSeen = lastSeen.filter { ids.contains($0.key) }
        lastWritten = lastWritten.filter { ids.contains($0.key) }
        loadedGeneration = generation
    }

    /// The digest's first eight bytes: where its entry is filed (not a secret: the full digest is
    /// still compared, in constant time).
    private static func bucket(_ digest: [UInt8]) -> UInt64 {
        digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Notes a use of the token `id` and writes it when the last write is a minute old.
    private func recordUse(of id: Int64) {
        let now = ContinuousClock.now
        let seen = Date()
        let due: Bool = lock.withLock {
            lastSeen[id] = seen
            if let written = lastWritten[id], now - written < Self.useWriteInterval { return false }
            lastWritten[id] = now
            return true
        }
        guard due else { return }
        do {
            if try !store.recordTokenUse([(id: id, at: Timestamp.format(seen))]) {
                // Another writer holds the lock (an import): try again in a few seconds, not on every request.
                lock.withLock { lastWritten[id] = now - Self.useWriteInterval + Self.busyRetry }
            }
        } catch {
            let first = lock.withLock {
                defer { reportedWriteFailure = true }
                return !reportedWriteFailure
            }
            if first {
                logger.warning("cannot record when tokens were last used; requests are served all the same (logged once)",
                               [("error", .string(String(describing: error)))])
            }
        }
    }
}
