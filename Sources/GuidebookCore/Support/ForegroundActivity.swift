import Dispatch
import Synchronization

/// When the process last began to serve someone who waits for the answer (a request), so that
/// background work able to spread over several threads keeps to one while requests come in.
///
/// In the server, an import's writer and the threads that decode its lines and make its checks
/// all run at SCHED_IDLE, yet on a two-core machine two busy threads still kept requests waiting
/// for a core (up to 3 ms in the run queue, under `perf sched`): during a 100,000-guideline import
/// the p99 of paced reads was 3–10x the idle one, against 1–2x with that work kept to the writer
/// (docs/benchmarks.md, "Reads during an import"). The pipeline notes each request; the checks
/// (`TranslationChecks.workers`) and the line reader (`PrefetchedLines`) ask `isRecent` before
/// each batch or line. Nothing notes activity in a CLI import, which uses every thread it is given.
public final class ForegroundActivity: Sendable {
    /// `DispatchTime` uptime of the last note, in nanoseconds; 0: none yet.
    private let last = Atomic<UInt64>(0)
    private let windowNanoseconds: UInt64

    /// Activity counts as recent for `window` after it was noted.
    public init(window: Duration = ForegroundActivity.defaultWindow) {
        let (seconds, attoseconds) = window.components
        windowNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
    }

    /// Long enough to span a few of an import's batches (20–40 ms each), short enough that an
    /// import's own upload and event stream stop counting soon after it starts.
    public static let defaultWindow: Duration = .milliseconds(250)

    /// Notes activity now (about 25 ns: the clock, and a store only when the last note is a
    /// millisecond old, so the threads serving requests seldom write the same cache line).
    public func note() {
        let now = DispatchTime.now().uptimeNanoseconds
        if now &- last.load(ordering: .relaxed) > 1_000_000 { last.store(now, ordering: .relaxed) }
    }

    /// True when activity was noted within the window.
    public var isRecent: Bool {
        let noted = last.load(ordering: .relaxed)
        return noted != 0 && DispatchTime.now().uptimeNanoseconds &- noted < windowNanoseconds
    }
}
