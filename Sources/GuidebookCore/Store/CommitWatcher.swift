import Foundation
import Synchronization
internal import SQLite

/// The store's data generation: a counter that moves whenever anyone has committed to the
/// database, read by every request as one atomic load.
///
/// The store's own commits move it at once (`ownCommitFinished`). Commits by other processes (a
/// `guidebook import`, `guidebook tokens`, or on a replica the Litestream follower) are noticed by
/// one background thread that asks `PRAGMA data_version` on its own connection every
/// `interval`: no request takes a lock or calls SQLite to learn whether its cached answer still holds.
///
/// The connection is also the one `Store.writeUnobserved` writes through: a connection's own
/// commits leave its `data_version` as it is, so those writes do not move the generation.
final class CommitWatcher: @unchecked Sendable {
    /// What the thread does when the data version moved, before the generation moves (on a
    /// replica: read the replicated stamp and heartbeat). Returns false when the change must not
    /// count as a change of the data (only the primary's heartbeat moved).
    typealias Observer = @Sendable (Database) -> Bool

    private let connection: Database
    private let lock = NSLock()
    private var lastDataVersion: Int64 = -1
    private let generation = Atomic<Int64>(1)
    private let stopped = Atomic<Bool>(false)
    private let observer: Observer?
    private let interval: Duration
    /// Signalled when the thread has ended, so `stop` can wait for it.
    private let finished = DispatchSemaphore(value: 0)
    private var started = false

    /// Watches `connection` (opened for this alone) every `interval`.
    init(connection: Database, interval: Duration, observer: Observer? = nil) throws {
        self.connection = connection
        self.interval = interval
        self.observer = observer
        lastDataVersion = try Self.dataVersion(connection)
        if let observer { _ = observer(connection) }
    }

    /// Starts the background thread (once).
    func start() {
        lock.withLock {
            guard !started else { return }
            started = true
            // The thread holds the watcher only while it polls: were it to keep it until the thread
            // object is freed, the last release (and the connection's close) could come after `stop`
            // returned, and the file would still be open when the store's owner thinks it is closed.
            let finished = finished
            let pause = Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds)
            let thread = Thread { [weak self] in
                while let watcher = self, !watcher.stopped.load(ordering: .acquiring) {
                    watcher.poll()
                    Thread.sleep(forTimeInterval: pause)
                }
                finished.signal()
            }
            thread.name = "guidebook-commit-watcher"
            thread.start()
        }
    }

    /// Ends the thread and waits for it.
    func stop() {
        guard lock.withLock({ started }), !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    /// The current generation (one atomic load).
    var current: Int64 { generation.load(ordering: .acquiring) }

    /// Called after the store's own writer committed: moves the generation at once, and takes the
    /// data version that commit left, so the thread does not count it a second time. Taking it is
    /// safe even when another process committed just before: the generation moves after the
    /// version is read, so a request that sees the new generation reads after both commits.
    func ownCommitFinished() {
        lock.withLock {
            if let version = try? Self.dataVersion(connection) { lastDataVersion = version }
            generation.add(1, ordering: .releasing)
        }
    }

    /// Looks once for commits by other connections; moves the generation when there was one.
    /// A failed look (the file is busy) is retried at the next poll.
    func poll() {
        lock.withLock {
            guard let version = try? Self.dataVersion(connection), version != lastDataVersion else { return }
            lastDataVersion = version
            if observer?(connection) ?? true { generation.add(1, ordering: .releasing) }
        }
    }

    /// Runs `body` with the watching connection, for writes that must not count as a change of the data.
    func withConnection<T>(_ body: (Database) throws -> T) rethrows -> T {
        try lock.withLock { try body(connection) }
    }

    private static func dataVersion(_ connection: Database) throws -> Int64 {
        Int64(try connection.scalarInt("PRAGMA data_version") ?? 0)
    }

    // No wait here: when the watcher is freed, its thread holds no reference to it, so the thread
    // is between polls (it ends at the next one) or is the thread freeing it.
    deinit { stopped.store(true, ordering: .releasing) }
}
