import Foundation
import GuidebookBase
import GuidebookCore

/// The server's own Git publisher (`--publish-git`): after a write commits, it waits until writes
/// have been quiet for the debounce (at most ten debounces after the first), publishes, and on a
/// failure tries again later (5 s, 30 s, 2 min, then every 10 min) until a publish succeeds. It
/// runs on its own thread and only reads the store: a failure is logged and counted
/// (`onResult`, the `/metrics` counter), never seen by a write.
public final class GitAutoPublisher: Service, TransactionObserver, @unchecked Sendable {
    public var serviceName: String { "git publisher" }

    private let publisher: GitPublisher
    private let store: Store
    private let debounce: Double
    private let logger: Logger
    private let onResult: @Sendable (String) -> Void
    /// Waits before each retry after a failure, the last repeated.
    private let retryDelays: [Double]

    private let condition = NSCondition()
    private var pendingSince: Date?
    private var lastCommit = Date.distantPast
    private var failures = 0
    private var stopping = false
    private var running = false
    private var thread: Thread?

    public init(publisher: GitPublisher, store: Store, debounceSeconds: Double, logger: Logger, retryDelays: [Double] = [5, 30, 120, 600],
                onResult: @escaping @Sendable (String) -> Void) {
        self.publisher = publisher
        self.store = store
        self.debounce = debounceSeconds
        self.logger = logger
        self.retryDelays = retryDelays
        self.onResult = onResult
    }

    public func start() throws {
        store.addObserver(self)
        condition.withLock {
            // A publish at start brings the repository up to what the database holds.
            pendingSince = Date.distantPast
            running = true
        }
        let thread = Thread { [self] in loop() }
        thread.name = "git publisher"
        self.thread = thread
        thread.start()
    }

    public func stop(deadline: ContinuousClock.Instant) {
        store.removeObserver(self)
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        // A publish in flight finishes (git runs to its end); wait for the thread until the deadline.
        while condition.withLock({ running }) && ContinuousClock.now < deadline { usleep(10_000) }
    }

    // MARK: TransactionObserver

    public func databaseDidCommit(_ commit: CommittedTransaction) {
        condition.withLock {
            if pendingSince == nil { pendingSince = Date() }
            lastCommit = Date()
            condition.broadcast()
        }
    }

    // MARK: The loop

    private func loop() {
        defer { condition.withLock { running = false } }
        while true {
            condition.lock()
            while !stopping && pendingSince == nil { condition.wait() }
            if stopping { condition.unlock(); return }
            // Quiet for the debounce, or ten debounces since the first write waiting.
            while !stopping, let since = pendingSince {
                let due = since == .distantPast ? Date() : min(lastCommit.addingTimeInterval(debounce), since.addingTimeInterval(10 * debounce))
                if Date() >= due { break }
                _ = condition.wait(until: due)
            }
            if stopping { condition.unlock(); return }
            pendingSince = nil
            condition.unlock()

            do {
                let outcome = try publisher.publish(store)
                failures = 0
                if let commit = outcome.commit {
                    onResult("published")
                    logger.info("published to git", [("commit", .string(commit)), ("cursor", .int(Int(outcome.cursor))),
                                                      ("written", .int(outcome.written)), ("removed", .int(outcome.removed))])
                } else {
                    onResult("unchanged")
                }
            } catch {
                failures += 1
                onResult("failed")
                let delay = retryDelays[min(failures - 1, retryDelays.count - 1)]
                logger.error("git publish failed", [("error", .string(RepositoryAddress.scrub("\(error)"))), ("retry_seconds", .double(delay))])
                condition.lock()
                let retryAt = Date().addingTimeInterval(delay)
                while !stopping && Date() < retryAt { _ = condition.wait(until: retryAt) }
                if pendingSince == nil { pendingSince = Date.distantPast }
                condition.unlock()
            }
        }
    }
}
