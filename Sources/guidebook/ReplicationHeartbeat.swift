import Foundation
import GuidebookBase
import GuidebookCore

/// On a primary that Litestream replicates: writes the time into the file once a second
/// (`Store.writeHeartbeat`, which does not count as a change of the data), so a replica can tell
/// its lag even while nobody edits. It looks each beat whether the file is replicated, since
/// Litestream may start after the server.
final class ReplicationHeartbeat: Service, @unchecked Sendable {
    let serviceName = "replication heartbeat"
    private let store: Store
    private let logger: Logger
    private let interval: Double
    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(store: Store, logger: Logger, intervalSeconds: Double = 1) {
        self.store = store
        self.logger = logger
        self.interval = intervalSeconds
    }

    func start() {
        let thread = Thread { [self] in
            var reported = false
            while stopping.wait(timeout: .now() + interval) == .timedOut {
                do {
                    if try store.isReplicated() { _ = try store.writeHeartbeat() }
                } catch where !reported {
                    reported = true
                    logger.warning("replication heartbeat not written; replicas cannot tell their lag", [("error", .string(String(describing: error)))])
                } catch {}
            }
            finished.signal()
        }
        thread.name = "guidebook-heartbeat"
        thread.start()
    }

    /// Ends the thread after its current beat (one write at most: the deadline is not needed).
    func stop(deadline: ContinuousClock.Instant) {
        stopping.signal()
        finished.wait()
    }
}
