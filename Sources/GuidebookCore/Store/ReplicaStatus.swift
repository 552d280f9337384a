import Foundation
internal import SQLite

/// What a read replica knows of how current it is, updated by the commit watcher each time the
/// follower has applied something: the primary's last heartbeat in the file (its lag is that
/// heartbeat's age) and the last Litestream transaction applied (the follower writes it, in
/// hexadecimal, to `<file>-txid`).
///
/// The primary writes its heartbeat every second while replication is on (`Store.writeHeartbeat`),
/// so the lag is the time since the primary's state the replica shows, give or take a second and
/// the clocks' difference. Without a heartbeat in the file (a primary not told it is replicated)
/// the lag is unknown.
public final class ReplicaStatus: @unchecked Sendable {
    private let txidPath: String
    private let lock = NSLock()
    private var stamp: String?
    private var heartbeatMilliseconds: Int64?
    private var txid: UInt64?
    private var seenAt: Date?

    init(path: String) {
        self.txidPath = path + "-txid"
    }

    /// The replica's lag in seconds at `now`: the age of the newest heartbeat it has (nil: none yet).
    public func lagSeconds(now: Date = Date()) -> Double? {
        lock.withLock { heartbeatMilliseconds }.map { max(0, now.timeIntervalSince1970 - Double($0) / 1000) }
    }

    /// The last Litestream transaction id the follower applied (nil until its `-txid` file is there).
    public var lastTXID: UInt64? { lock.withLock { txid } }

    /// When the watcher last saw the file change.
    public var lastChangeSeen: Date? { lock.withLock { seenAt } }

    /// On the watcher's connection after the file changed: reads the stamp (`PRAGMA user_version`, see
    /// `Store.stampDataChange`) and the heartbeat (one snapshot) and the follower's txid. True when the data changed, i.e. the
    /// stamp moved or cannot be told; false when only the heartbeat did.
    func observe(_ database: Database) -> Bool {
        // One read transaction: the stamp and the heartbeat of the same snapshot.
        let row: (String?, String?)? = try? database.transaction(immediate: false) {
            (try database.scalarInt("PRAGMA user_version").map(String.init),
             try database.firstRow("SELECT value FROM meta WHERE key = 'replication_heartbeat'") { $0.text(0) })
        }
        let applied = (try? String(contentsOfFile: txidPath, encoding: .utf8))
            .flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) }
        return lock.withLock {
            seenAt = Date()
            if let applied { txid = applied }
            guard let row else { return true }
            if let beat = row.1.flatMap({ Int64($0) }) { heartbeatMilliseconds = beat }
            defer { stamp = row.0 }
            return row.0 == nil || row.0 != stamp
        }
    }
}
