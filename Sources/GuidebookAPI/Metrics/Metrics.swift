import Foundation

/// Counters and histograms for `GET /metrics`, updated by the application as it answers.
public final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [RequestKey: Int] = [:]
    private var latencyBuckets: [Int]
    private var latencyCount = 0
    private var latencySum = 0.0
    private var inFlight = 0
    private var searches = 0
    private var zeroResultSearches = 0
    private var importedGuidelines = 0
    private var importSeconds = 0.0
    private var authFailures: [String: Int] = [:]
    private var authDelayed = 0
    private var authDelaySeconds = 0.0

    /// Upper bounds of the latency histogram, in seconds.
    public static let latencyBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct RequestKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    public init() {
        latencyBuckets = Array(repeating: 0, count: Self.latencyBounds.count)
    }

    func begin() { lock.withLock { inFlight += 1 } }

    func end(method: String, route: String, status: Int, seconds: Double) {
        lock.withLock {
            inFlight -= 1
            requests[RequestKey(method: method, route: route, status: status), default: 0] += 1
            latencyCount += 1
            latencySum += seconds
            if let bucket = Self.latencyBounds.firstIndex(where: { seconds <= $0 }) { latencyBuckets[bucket] += 1 }
        }
    }

    /// What an answer counts besides the request itself (`APIResponse.metricEvents`).
    public enum Event: Sendable, Equatable {
        /// A search answered, with the number of matches.
        case search(total: Int)
    }

    func record(_ events: [Event]) {
        guard !events.isEmpty else { return }
        lock.withLock {
            for event in events {
                switch event {
                case .search(let total):
                    searches += 1
                    if total == 0 { zeroResultSearches += 1 }
                }
            }
        }
    }

    /// Records a finished import: guidelines written and the time it took.
    public func recordImport(guidelines: Int, seconds: Double) {
        lock.withLock {
            importedGuidelines += guidelines
            importSeconds += seconds
        }
    }

    /// Records a request refused for its token (`reason`: missing, malformed, unknown, forbidden)
    /// and how long its answer was made to wait.
    func recordAuthFailure(reason: String, delay: Duration) {
        lock.withLock {
            authFailures[reason, default: 0] += 1
            if delay > .zero {
                authDelayed += 1
                authDelaySeconds += Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            }
        }
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
        var importedGuidelines: Int
        var importSeconds: Double
        var authFailures: [String: Int]
        var authDelayed: Int
        var authDelaySeconds: Double
    }

    func snapshot() -> Snapshot {
        lock.withLock {
            Snapshot(requests: requests, latencyBuckets: latencyBuckets, latencyCount: latencyCount, latencySum: latencySum,
                     inFlight: inFlight, searches: searches, zeroResultSearches: zeroResultSearches,
                     importedGuidelines: importedGuidelines, importSeconds: importSeconds,
                     authFailures: authFailures, authDelayed: authDelayed, authDelaySeconds: authDelaySeconds)
        }
    }
}
