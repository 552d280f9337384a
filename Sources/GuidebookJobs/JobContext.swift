import Foundation

/// What a running unit of work reports its progress to and polls for cancellation.
///
/// The runner makes one for each job it starts and cancels it when the job is canceled or the
/// server stops; `guidebook import` makes its own to run an import directly, cancelled by Ctrl-C.
/// The work only ever calls in: it reports, and it checks whether it should stop (at each step,
/// `try context.checkCancellation()`), then stops by throwing `CancellationError` with nothing changed.
public final class JobContext: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private let onReport: (JobProgress) -> Void

    /// `onReport` receives every report, on the thread of the work that reports.
    public init(onReport: @escaping (JobProgress) -> Void = { _ in }) {
        self.onReport = onReport
    }

    /// True once the work has been asked to stop.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Throws `CancellationError` once the work has been asked to stop.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Takes a progress report.
    public func report(_ progress: JobProgress) {
        onReport(progress)
    }

    /// Asks the work to stop at its next check.
    public func cancel() {
        lock.withLock { cancelled = true }
    }
}
