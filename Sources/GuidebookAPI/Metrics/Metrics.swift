import Foundation

/// Counters and histograms for `GET /metrics`, updated by the application as it answers.
public final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    /// Every value, counted in the form `snapshot()` copies.
    private var values = Snapshot(requests: [:], latencyBuckets: Array(repeating: 0, count: Metrics.latencyBounds.count),
                                  latencyCount: 0, latencySum: 0, inFlight: 0, searches: 0, zeroResultSearches: 0, relaxedSearches: 0,
                                  importedGuidelines: 0, importSeconds: 0, authFailures: [:], authDelayed: 0, authDelaySeconds: 0,
                                  gitPublishes: [:])

    /// Upper bounds of the latency histogram, in seconds.
    public static let latencyBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct RequestKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    public init() {}

    func begin() { lock.withLock { values.inFlight += 1 } }

    func end(method: String, route: String, status: Int, seconds: Double) {
        lock.withLock {
            values.inFlight -= 1
            values.requests[RequestKey(method: method, route: route, status: status), default: 0] += 1
            values.latencyCount += 1
            values.latencySum += seconds
            if let bucket = Self.latencyBounds.firstIndex(where: { seconds <= $0 }) { values.latencyBuckets[bucket] += 1 }
        }
    }

    /// What an answer counts besides the request itself (`APIResponse.metricEvents`).
    public enum Event: Sendable, Equatable {
        /// A search answered, with the number of matches; `relaxed` when words were dropped to find them.
        case search(total: Int, relaxed: Bool = false)
    }

    func record(_ events: [Event]) {
        guard !events.isEmpty else { return }
        lock.withLock {
            for event in events {
                switch event {
                case .search(let total, let relaxed):
                    values.searches += 1
                    if total == 0 { values.zeroResultSearches += 1 }
                    if relaxed { values.relaxedSearches += 1 }
                }
            }
        }
    }

    /// Records a finished import: guidelines written and the time it took.
    public func recordImport(guidelines: Int, seconds: Double) {
        lock.withLock {
            values.importedGuidelines += guidelines
            values.importSeconds += seconds
        }
    }

    /// Records a request refused for its token (`reason`: missing, malformed, unknown, forbidden)
    /// and how long its answer was made to wait.
    func recordAuthFailure(reason: String, delay: Duration) {
        lock.withLock {
            values.authFailures[reason, default: 0] += 1
            if delay > .zero {
                values.authDelayed += 1
                values.authDelaySeconds += Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            }
        }
    }

    /// Records one run of the server's Git publisher (`result`: published, unchanged or failed).
    public func recordGitPublish(result: String) {
        lock.withLock { values.gitPublishes[result, default: 0] += 1 }
    }

    /// A consistent copy of every value.
    struct Snapshot {
        var requests: [RequestKey: Int]
        var latencyBuckets: [Int]
        var latencyCount: Int
        var latencySum: Double
        var inFlight: Int
        var searches: Int
        var zeroResultSearches: Int
        var relaxedSearches: Int
        var importedGuidelines: Int
        var importSeconds: Double
        var authFailures: [String: Int]
        var authDelayed: Int
        var authDelaySeconds: Double
        /// The server's own Git publishes (`--publish-git`) by result: published, unchanged, failed.
        var gitPublishes: [String: Int]
    }

    /// A copy of the counters that shares no storage with them: a plain copy would share the
    /// collections' buffers, and once it was released elsewhere, `end()` would change a buffer in
    /// place that the reader of the copy had read outside the lock (ThreadSanitizer reports that).
    func snapshot() -> Snapshot {
        lock.withLock {
            var copy = values
            copy.requests = values.requests.mapValues { $0 }
            copy.latencyBuckets = values.latencyBuckets.map { $0 }
            copy.authFailures = values.authFailures.mapValues { $0 }
            copy.gitPublishes = values.gitPublishes.mapValues { $0 }
            return copy
        }
    }
}
