import Foundation
import HTTPServer

/// Makes wrong tokens cost time: a client (by address) that sent more than `freeFailures` wrong
/// tokens within `window` waits before each further refusal is answered, `firstDelay` for the
/// first, twice as long for each next one, up to `maxDelay`; a refusal that is not over the limit
/// costs nothing again. The server holds no thread while a client waits (the connection is
/// suspended), and every client waits on its own, so a client cannot slow down others.
///
/// Memory is bounded: at most `capacity` clients are tracked, each with its last `freeFailures`
/// failure times; when the table is full, clients with no failure in the window are forgotten
/// first, then an arbitrary one.
public final class AuthFailureThrottle: @unchecked Sendable {
    /// The throttle's settings.
    public struct Policy: Sendable {
        /// Failures within `window` that cost nothing (0: every failure is delayed).
        public var freeFailures: Int
        public var window: Duration
        public var firstDelay: Duration
        public var maxDelay: Duration
        /// Clients tracked at most.
        public var capacity: Int

        public init(freeFailures: Int = 10, window: Duration = .seconds(60), firstDelay: Duration = .milliseconds(250),
                    maxDelay: Duration = .seconds(4), capacity: Int = 4096) {
            self.freeFailures = freeFailures
            self.window = window
            self.firstDelay = firstDelay
            self.maxDelay = maxDelay
            self.capacity = max(1, capacity)
        }
    }

    private struct Record {
        /// The times of the last failures, at most `freeFailures + 1`, oldest first.
        var failures: [ContinuousClock.Instant] = []
        /// Delayed refusals in a row.
        var delayed = 0
    }

    public let policy: Policy
    private let lock = NSLock()
    /// By client address; nil stands for requests whose address is unknown.
    private var records: [PeerAddress?: Record] = [:]

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// Counts a wrong token from `client` at `now` and returns how long its refusal waits.
    public func failure(from client: PeerAddress?, at now: ContinuousClock.Instant = .now) -> Duration {
        lock.withLock {
            if records[client] == nil && records.count >= policy.capacity { makeRoom(at: now) }
            var record = records[client] ?? Record()
            record.failures.append(now)
            if record.failures.count > policy.freeFailures + 1 { record.failures.removeFirst() }
            let overLimit = record.failures.count > policy.freeFailures && now - record.failures[0] <= policy.window
            var delay = Duration.zero
            if overLimit {
                delay = policy.firstDelay
                for _ in 0..<min(record.delayed, 16) where delay < policy.maxDelay { delay *= 2 }
                delay = min(delay, policy.maxDelay)
                record.delayed += 1
            } else {
                record.delayed = 0
            }
            records[client] = record
            return delay
        }
    }

    /// Clients tracked right now.
    public var trackedClients: Int { lock.withLock { records.count } }

    /// Forgets clients without a failure in the window; if none, one arbitrary client (the lock is held).
    private func makeRoom(at now: ContinuousClock.Instant) {
        let before = records.count
        records = records.filter { now - ($0.value.failures.last ?? now) <= policy.window }
        if records.count == before, let any = records.keys.first { records.removeValue(forKey: any) }
    }
}
