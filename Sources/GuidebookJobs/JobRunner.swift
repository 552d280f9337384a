import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GuidebookBase
import GuidebookCore

/// Runs jobs one at a time on a worker thread, in the order they were submitted, each by the
/// `JobWork` of its kind.
///
/// The runner owns the queue and the job records: jobs are recorded in the `JobStore` before they
/// are acknowledged, so queued jobs survive a restart. A running job's progress is kept in memory
/// (clients read it live) and written to the store at most once a second. What a job does is its
/// work's business: the runner hands the work a `JobContext` to report to and to poll for
/// cancellation, and after a crash asks the work whether a job that was running committed (it
/// then succeeded) or not (it runs again).
public final class JobRunner: @unchecked Sendable {
    /// Why a job request was refused.
    public enum Refusal: Error, Equatable {
        case queueFull(retryAfterSeconds: Int)
        case notFound(String)
        case notFinished(String)
        case alreadyFinished(String, Job.Status)
    }

    /// A job of a kind no work was given to this runner for.
    public struct UnknownKind: Error, Equatable, CustomStringConvertible {
        public let kind: String
        public var description: String { "no work runs jobs of kind '\(kind)'" }
    }

    private let jobs: JobStore
    private let works: [String: any JobWork]
    private let maxQueued: Int
    private let clock: @Sendable () -> Date
    private let onFinished: @Sendable (Job, Double) -> Void
    private let logger: Logger
    private let condition = NSCondition()
    private var queue: [String] = []
    private var live: [String: Job] = [:]
    /// The contexts of running jobs, to cancel them.
    private var contexts: [String: JobContext] = [:]
    private var cancelRequested: Set<String> = []
    private var lastPersisted: [String: Date] = [:]
    /// Who waits for a job to change (a parked event stream), told once at its next change.
    private var waiters: [String: [@Sendable () -> Void]] = [:]
    private var stopping = false
    private var workerDone = false
    private var worker: Thread?

    /// A runner of the jobs of each work's kind (one work per kind), recorded in `jobs`, with at
    /// most `maxQueued` waiting. `clock` tells the time progress is persisted by (tests set it).
    /// Each finished job is logged to `logger`; `onFinished` is told of it and how long it ran (for metrics).
    public init(jobs: JobStore, works: [any JobWork], maxQueued: Int = 16, clock: @escaping @Sendable () -> Date = { Date() },
                logger: Logger = Logger(level: .critical), onFinished: @escaping @Sendable (Job, Double) -> Void = { _, _ in }) {
        var byKind: [String: any JobWork] = [:]
        for work in works {
            let kind = type(of: work).kind
            precondition(byKind[kind] == nil, "two works for job kind '\(kind)'")
            byKind[kind] = work
        }
        self.jobs = jobs
        self.works = byKind
        self.maxQueued = maxQueued
        self.clock = clock
        self.onFinished = onFinished
        self.logger = logger
    }

    // MARK: Life cycle

    /// Recovers jobs a previous process left unfinished, then starts the worker.
    public func start() throws {
        try recover()
        let thread = Thread { [weak self] in
            // Jobs run under SCHED_IDLE: a request thread that wakes up preempts the job at once
            // instead of waiting out the scheduler's wake-up granularity, which a plain nice value
            // does not change; that wait was the read tail during imports on a small machine. The
            // job still gets every cycle requests leave. (On Linux the policy belongs to the
            // thread, and pid 0 names the calling thread.) If the policy is refused, nice 10 is the fallback.
            var parameters = sched_param(sched_priority: 0)
            let schedIdle: Int32 = 5  // SCHED_IDLE from <sched.h>; Glibc hides it behind _GNU_SOURCE
            if sched_setscheduler(0, schedIdle, &parameters) != 0 {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            }
            self?.work()
        }
        thread.name = "job-runner"
        thread.start()
        worker = thread
    }

    /// Stops taking work. A running job is asked to stop (its work rolls back) and put back in the
    /// queue, so the next start runs it again. Waits at most `graceSeconds`.
    public func stop(graceSeconds: Double = 10) {
        condition.lock()
        stopping = true
        for context in contexts.values { context.cancel() }
        condition.broadcast()
        let deadline = Date().addingTimeInterval(graceSeconds)
        while worker != nil && !workerDone && Date() < deadline {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        condition.unlock()
    }

    /// What becomes of a job a previous process left unfinished, as the work of its kind says.
    private enum Recovery {
        /// It was running and its work committed, with this result.
        case committed(JobPayload, summary: String)
        /// It cannot run again, for this reason.
        case unavailable(String)
        case runAgain
    }

    /// More reports than a job makes in the second between two saves of its progress.
    static let unsavedRevisionsBound = 1_000_000

    private func recover() throws {
        for var job in try jobs.unfinished() {
            let now = Timestamp.now()
            let wasRunning = job.status == .running
            guard let work = works[job.kind] else {
                job.error = JobError(message: UnknownKind(kind: job.kind).description)
                finish(&job, status: .failed, message: "failed: this server does not run jobs of kind '\(job.kind)'", now: now)
                try jobs.save(job)
                continue
            }
            switch try recovery(of: job, by: work) {
            case .committed(let result, let summary):
                // The work's data was committed just before the process died.
                finish(&job, status: .succeeded, result: result, message: summary, now: now)
                try jobs.save(job)
                continue
            case .unavailable(let reason):
                job.error = JobError(message: reason)
                finish(&job, status: .failed, message: wasRunning ? "interrupted by a restart; nothing was applied" : reason + "; nothing was applied",
                       now: now)
                try jobs.save(job)
                continue
            case .runAgain:
                if wasRunning {
                    // Nothing of the interrupted attempt was committed: run it again from the start.
                    requeue(&job, message: "resumed after a restart; nothing of the interrupted attempt was applied", now: now)
                    // Progress is saved at most once a second, so events past the saved revision may
                    // have been sent: the new attempt's revisions (event ids) start above any of them,
                    // and a client resuming with `Last-Event-ID` is told of the restart at once.
                    job.revision += Self.unsavedRevisionsBound
                    try jobs.save(job)
                }
            }
            condition.withLock {
                live[job.id] = job
                queue.append(job.id)
            }
        }
    }

    private func recovery<Work: JobWork>(of job: Job, by work: Work) throws -> Recovery {
        let params = try job.params.decode(Work.Params.self)
        if job.status == .running, let result = try work.committedResult(ofJob: job.id) {
            return .committed(try work.payload(of: result), summary: work.summary(of: result))
        }
        if let reason = work.unavailableReason(params, interrupted: job.status == .running) { return .unavailable(reason) }
        return .runAgain
    }

    // MARK: Requests

    /// Queues a job of `work`'s kind with `params`, counting its progress in `unit` until the work
    /// reports otherwise.
    public func submit<Work: JobWork>(_ params: Work.Params, as work: Work.Type, unit: String) throws -> Job {
        guard works[Work.kind] != nil else { throw UnknownKind(kind: Work.kind) }
        let now = Timestamp.now()
        var job = Job(id: Self.makeID(), seq: 0, kind: Work.kind, status: .queued, phase: "queued",
                      message: "waiting for earlier \(Work.kind)s", completed: 0, total: nil, unit: unit,
                      params: try JobPayload(encoding: params), result: nil, error: nil, revision: 1,
                      createdAt: now, startedAt: nil, updatedAt: now, finishedAt: nil)
        try condition.withLock {
            guard !stopping else { throw Refusal.queueFull(retryAfterSeconds: 10) }
            let waiting = queue.count
            guard waiting < maxQueued else { throw Refusal.queueFull(retryAfterSeconds: 5 * max(1, waiting)) }
            job.seq = try jobs.nextSeq()
            if waiting == 0 && live.values.allSatisfy({ $0.status != .running }) { job.message = "starting soon" }
            try jobs.save(job)
            live[job.id] = job
            queue.append(job.id)
            condition.broadcast()
        }
        return job
    }

    /// The current state of a job (live while it is unfinished).
    public func job(id: String) throws -> Job? {
        if let job = condition.withLock({ live[id] }) { return job }
        return try jobs.job(id: id)
    }

    /// Jobs newest first, with live progress for unfinished ones.
    public func list(status: Job.Status?, kind: String?, before: Int64?, limit: Int) throws -> [Job] {
        let stored = try jobs.list(status: status, kind: kind, before: before, limit: limit)
        return condition.withLock { stored.map { live[$0.id] ?? $0 } }
    }

    /// Counts per status (for metrics).
    public func countsByStatus() throws -> [String: Int] { try jobs.countsByStatus() }

    /// Cancels a queued job at once, or asks a running one to stop at its work's next check.
    public func cancel(id: String) throws -> Job {
        defer { announceChange(of: id) }
        return try condition.withLock {
            guard var job = live[id] else {
                guard let stored = try jobs.job(id: id) else { throw Refusal.notFound(id) }
                throw Refusal.alreadyFinished(id, stored.status)
            }
            if job.status == .queued {
                queue.removeAll { $0 == id }
                finish(&job, status: .canceled, message: "canceled before it started; nothing was applied", now: Timestamp.now())
                try jobs.save(job)
                live[id] = nil
                release(job)
                return job
            }
            cancelRequested.insert(id)
            contexts[id]?.cancel()
            job.message = "canceling…"
            job.revision += 1
            live[id] = job
            return job
        }
    }

    /// Calls `body` once, as soon as job `id` changes past `revision`: at once when it already has
    /// or is not unfinished here (it ended, or it is gone), otherwise on the thread that changes it
    /// next (progress, start, cancel, end). An event stream parks on it instead of polling.
    public func whenJobChanges(id: String, after revision: Int, _ body: @escaping @Sendable () -> Void) {
        let waits: Bool = condition.withLock {
            guard let job = live[id], job.revision <= revision else { return false }
            waiters[id, default: []].append(body)
            return true
        }
        if !waits { body() }
    }

    /// Tells those waiting for job `id` that it changed (never under the lock: they may read the job).
    private func announceChange(of id: String) {
        let due = condition.withLock { waiters.removeValue(forKey: id) ?? [] }
        for body in due { body() }
    }

    /// Deletes a finished job's record.
    public func delete(id: String) throws {
        guard let job = try job(id: id) else { throw Refusal.notFound(id) }
        guard job.status.isFinished else { throw Refusal.notFinished(id) }
        try jobs.delete(id: id)
    }

    // MARK: The worker

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            if stopping {
                workerDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let id = queue.removeFirst()
            guard var job = live[id] else {
                condition.unlock()
                continue
            }
            let now = Timestamp.now()
            job.status = .running
            job.phase = "starting"
            job.message = "starting \(title(of: job))"
            job.startedAt = now
            job.updatedAt = now
            job.revision += 1
            live[id] = job
            let context = JobContext { [weak self] progress in self?.report(id: id, progress) }
            contexts[id] = context
            condition.unlock()
            try? jobs.save(job)
            announceChange(of: id)
            run(job, context: context)
        }
    }

    private func run(_ started: Job, context: JobContext) {
        let id = started.id
        let began = Date()
        var final: Job
        do {
            let (result, summary) = try perform(started, context: context)
            final = condition.withLock { live[id] ?? started }
            finish(&final, status: .succeeded, result: result, message: summary, now: Timestamp.now())
        } catch {
            final = condition.withLock { live[id] ?? started }
            let now = Timestamp.now()
            if error is CancellationError {
                if condition.withLock({ stopping && !cancelRequested.contains(id) }) {
                    // Shutting down: rolled back, and left queued for the next start.
                    requeue(&final, message: "interrupted by a shutdown; it will run again at the next start", now: now)
                    try? jobs.save(final)
                    condition.withLock {
                        live[id] = nil
                        contexts[id] = nil
                    }
                    announceChange(of: id)
                    return
                }
                finish(&final, status: .canceled, message: "canceled; nothing was applied", now: now)
            } else if let failure = error as? JobError {
                final.error = failure
                finish(&final, status: .failed, message: "failed: \(failure.description); nothing was applied", now: now)
            } else {
                // Never SQL in a job's error: SQLite's errors keep their code and message only.
                final.error = JobError(message: "the \(started.kind) could not be completed: \(StoreError.describingWithoutSQL(error))")
                finish(&final, status: .failed, message: "failed; nothing was applied", now: now)
            }
        }
        try? jobs.save(final)
        release(started)
        condition.withLock {
            live[id] = nil
            contexts[id] = nil
            cancelRequested.remove(id)
            lastPersisted[id] = nil
        }
        announceChange(of: id)
        let seconds = Date().timeIntervalSince(began)
        logger.info("job finished", [("job_id", .string(final.id)), ("status", .string(final.status.rawValue)),
                                     ("seconds", .double(seconds)), ("message", .string(final.message))])
        onFinished(final, seconds)
    }

    /// Runs a job by the work of its kind: its result, and the message that says what it did.
    private func perform(_ job: Job, context: JobContext) throws -> (JobPayload, String) {
        guard let work = works[job.kind] else { throw UnknownKind(kind: job.kind) }
        return try perform(job, context: context, by: work)
    }

    private func perform<Work: JobWork>(_ job: Job, context: JobContext, by work: Work) throws -> (JobPayload, String) {
        let result = try work.run(try job.params.decode(Work.Params.self), jobID: job.id, context: context)
        return (try work.payload(of: result), work.summary(of: result))
    }

    /// Takes a progress report from a job's context: keeps it monotonic, makes it visible, and
    /// persists it at most once a second.
    private func report(id: String, _ progress: JobProgress) {
        var snapshot: Job?
        condition.withLock {
            guard var job = live[id] else { return }
            let totalChanged = job.total != progress.total
            job.phase = progress.phase
            if !cancelRequested.contains(id) { job.message = progress.message }
            job.unit = progress.unit
            if totalChanged {
                // A new unit of work (counting, then applying) starts its count anew; percent stays
                // nil until a total is known, so nothing visible goes backwards.
                job.total = progress.total
                job.completed = progress.total == nil ? 0 : progress.completed
            } else {
                job.completed = max(job.completed, progress.completed)
            }
            job.updatedAt = Timestamp.now()
            job.revision += 1
            live[id] = job
            let now = clock()
            if now.timeIntervalSince(lastPersisted[id] ?? .distantPast) >= 1 {
                lastPersisted[id] = now
                snapshot = job
            }
        }
        if let snapshot { try? jobs.save(snapshot) }
        announceChange(of: id)
    }

    /// Puts a job whose attempt was rolled back back in the queue, its progress reset.
    private func requeue(_ job: inout Job, message: String, now: String) {
        job.status = .queued
        job.phase = "queued"
        job.message = message
        job.completed = 0
        job.total = nil
        job.startedAt = nil
        job.revision += 1
        job.updatedAt = now
    }

    private func finish(_ job: inout Job, status: Job.Status, result: JobPayload? = nil, message: String, now: String) {
        job.status = status
        job.phase = status.rawValue
        job.message = message
        job.result = result ?? job.result
        if status == .succeeded, let total = job.total { job.completed = total }
        job.finishedAt = now
        job.updatedAt = now
        job.revision += 1
    }

    // MARK: Asking the work

    /// What the job is about, as its work names it (its kind when its parameters cannot be read).
    private func title(of job: Job) -> String {
        guard let work = works[job.kind] else { return job.kind }
        return title(of: job, by: work) ?? job.kind
    }

    private func title<Work: JobWork>(of job: Job, by work: Work) -> String? {
        (try? job.params.decode(Work.Params.self)).map(work.title)
    }

    /// Lets the job's work free what the job holds (it will not run again).
    private func release(_ job: Job) {
        guard let work = works[job.kind] else { return }
        release(job, by: work)
    }

    private func release<Work: JobWork>(_ job: Job, by work: Work) {
        if let params = try? job.params.decode(Work.Params.self) { work.release(params) }
    }

    static func makeID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return "job_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
