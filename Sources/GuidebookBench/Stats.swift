#if canImport(Glibc)
import Glibc
#endif

/// Latency samples (nanoseconds) and the percentiles the benchmark reports.
struct LatencyStats {
    private(set) var samples: [UInt64] = []
    private var isSorted = true

    init() {}

    init(merging parts: [LatencyStats]) {
        samples = parts.flatMap(\.samples)
        isSorted = false
    }

    var count: Int { samples.count }

    mutating func add(_ nanoseconds: UInt64) {
        samples.append(nanoseconds)
        isSorted = false
    }

    /// Nearest-rank percentile in milliseconds (`p` from 0 to 100); nil without samples.
    mutating func percentileMs(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        if !isSorted {
            samples.sort()
            isSorted = true
        }
        let rank = Int((p / 100 * Double(samples.count)).rounded(.up))
        let index = min(max(rank - 1, 0), samples.count - 1)
        return Double(samples[index]) / 1e6
    }

    /// The monotonic clock in nanoseconds.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time (user + system) this process has used, in seconds (getrusage).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Peak resident set of this process in kB (getrusage).
    static func peakRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss)
    }
}

/// Formats a millisecond value for the tab-separated output.
func formatMs(_ value: Double?) -> String {
    guard let value else { return "-" }
    return String(format: "%.3f", value)
}
