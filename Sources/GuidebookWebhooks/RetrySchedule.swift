/// When a failed delivery is tried again: exponential backoff with jitter. With the defaults
/// (5 s, doubling, 15 attempts) the last attempt comes about 23 hours after the first, so an
/// endpoint has about a day to recover before its delivery fails and it is disabled.
public struct RetrySchedule: Sendable, Equatable {
    /// The wait after the first failure (seconds); each further failure doubles it.
    public var baseSeconds: Double
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// Each wait is multiplied by a random factor in 1 ± jitter, so endpoints that failed together
    /// are not all retried at the same moment.
    public var jitter: Double

    public init(baseSeconds: Double = 5, maxAttempts: Int = 15, jitter: Double = 0.2) {
        (self.baseSeconds, self.maxAttempts, self.jitter) = (baseSeconds, maxAttempts, jitter)
    }

    /// The wait (seconds) after `failedAttempts` failures, or nil when there is no attempt left.
    public func delay<Random: RandomNumberGenerator>(afterFailures failedAttempts: Int, using random: inout Random) -> Double? {
        guard failedAttempts >= 1, failedAttempts < maxAttempts else { return nil }
        let factor = jitter > 0 ? Double.random(in: (1 - jitter)...(1 + jitter), using: &random) : 1
        return baseSeconds * Double(1 << min(failedAttempts - 1, 30)) * factor
    }

    /// The wait after `failedAttempts` failures with the system's random numbers.
    public func delay(afterFailures failedAttempts: Int) -> Double? {
        var random = SystemRandomNumberGenerator()
        return delay(afterFailures: failedAttempts, using: &random)
    }
}
