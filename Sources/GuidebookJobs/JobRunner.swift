import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GuidebookCore
import GuidebookImport
import SQLite

/// Runs import jobs one at a time on a worker thread, in the order they were submitted.
///
/// Jobs are recorded in the `JobStore` before they are acknowledged, so queued jobs survive a
/// restart. A running job's progress is kept in memory (clients read it live) and written to the
/// store at most once a second. An import commits its data together with a marker row in the
/// knowledge base, so after a crash the runner can tell whether the data is in (the job succeeded)
/// or not (the job is run again from its spooled upload).
public final class JobRunner: @unchecked Sendable {
    /// Why a job request was refused.
    public enum Refusal: Error, Equatable {
        case queueFull(retryAfterSeconds: Int)
        case notFound(String)
        case notFinished(String)
        case alreadyFinished(String, Job.Status)
    }

    private let jobs: JobStore
    private let knowledge: Store
    private let maxQueued: Int
    private let onFinished: @Sendable (Job, Double) -> Void
    private let condition = NSCondition()
    private var queue: [String] = []
    private var live: [String: Job] = [:]
    private var cancelRequested: Set<String> = []
    private var lastPersisted: [String: Date] = [:]
    private var stopping = false
    private var workerDone = false
    private var worker: Thread?

    /// `onFinished` is told of each finished job and how long it ran (for metrics and logs).
    public init(jobs: JobStore, knowledge: Store, maxQueued: Int = 16,
                onFinished: @escaping @Sendable (Job, Double) -> Void = { _, _ in }) {
        self.jobs = jobs
        self.knowledge = knowledge
        self.maxQueued = maxQueued
        self.onFinished = onFinished
    }

    // MARK: Life cycle

    /// Recovers jobs a previous process left unfinished, then starts the worker.
    public func start() throws {
        try recover()
        let thread = Thread { [weak self] in
            // Imports run under SCHED_IDLE: a request thread that wakes up preempts the import at
            // once instead of waiting out the scheduler's wake-up granularity, which a plain nice
            // value does not change; that wait was the read tail during imports on a small machine.
            // The import still gets every cycle requests leave. (On Linux the policy belongs to the
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

    /// Stops taking work. A running import is rolled back and put back in the queue, so the next
    /// start runs it again from its spooled upload. Waits at most `graceSeconds`.
    public func stop(graceSeconds: Double = 10) {
        condition.lock()
        stopping = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(graceSeconds)
        while worker != nil && !workerDone && Date() < deadline {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        condition.unlock()
    }

    private func recover() throws {
        for var job in try jobs.unfinished() {
            let now = Timestamp.now()
            if job.status == .running {
                if let marker = try knowledge.meta(Self.markerKey(job.id)),
                   let result = try? JSONDecoder().decode(ImportResult.self, from: Data(marker.utf8)) {
                    // The data was committed just before the process died.
                    finish(&job, status: .succeeded, result: result, message: Self.summary(result), now: now)
                    try jobs.save(job)
                    continue
                }
                guard FileManager.default.fileExists(atPath: job.params.spoolPath) else {
                    job.error = JobError(message: "the server stopped during the import and its upload is gone; nothing was applied", line: nil, field: nil)
                    finish(&job, status: .failed, message: "interrupted by a restart; nothing was applied", now: now)
                    try jobs.save(job)
                    continue
                }
                // Nothing of the interrupted attempt was committed: run it again from the start.
                requeue(&job, message: "resumed after a restart; nothing of the interrupted attempt was applied", now: now)
                try jobs.save(job)
            } else if !FileManager.default.fileExists(atPath: job.params.spoolPath) {
                job.error = JobError(message: "the upload of this queued job is gone", line: nil, field: nil)
                finish(&job, status: .failed, message: "the upload of this queued job is gone; nothing was applied", now: now)
                try jobs.save(job)
                continue
            }
            condition.withLock {
                live[job.id] = job
                queue.append(job.id)
            }
        }
    }

    // MARK: Requests

    /// Queues an import of the spooled upload described by `params`.
    public func submitImport(_ params: ImportParams) throws -> Job {
        let now = Timestamp.now()
        var job = Job(id: Self.makeID(), seq: 0, kind: "import", status: .queued, phase: "queued",
                      message: "waiting for earlier imports", completed: 0, total: nil, unit: Self.unit(for: params.format),
                      params: params, result: nil, error: nil, revision: 1, createdAt: now, startedAt: nil, updatedAt: now, finishedAt: nil)
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

    /// Cancels a queued job at once, or asks a running one to stop at its next progress step.
    public func cancel(id: String) throws -> Job {
        try condition.withLock {
            guard var job = live[id] else {
                guard let stored = try jobs.job(id: id) else { throw Refusal.notFound(id) }
                throw Refusal.alreadyFinished(id, stored.status)
            }
            if job.status == .queued {
                queue.removeAll { $0 == id }
                finish(&job, status: .canceled, message: "canceled before it started; nothing was applied", now: Timestamp.now())
                try jobs.save(job)
                live[id] = nil
                try? FileManager.default.removeItem(atPath: job.params.spoolPath)
                return job
            }
            cancelRequested.insert(id)
            job.message = "canceling…"
            job.revision += 1
            live[id] = job
            return job
        }
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
            job.message = "starting \(job.params.fileName)"
            job.startedAt = now
            job.updatedAt = now
            job.revision += 1
            live[id] = job
            condition.unlock()
            try? jobs.save(job)
            run(job)
        }
    }

    private func run(_ started: Job) {
        let id = started.id
        let began = Date()
        let importer = Importer(store: knowledge)
        let options = Importer.Options(format: started.params.format, mode: started.params.mode, dryRun: started.params.dryRun,
                                       displayName: started.params.fileName)
        var final: Job
        do {
            let outcome = try importer.run(path: started.params.spoolPath, options: options, progress: { progress in
                try self.report(id: id, progress)
            }, beforeCommit: { database, outcome in
                // Recorded in the same transaction as the data: after a crash this says the data is in.
                let result = Self.result(from: outcome)
                let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
                try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(Self.markerKey(id)), .text(json)])
            })
            final = condition.withLock { live[id] ?? started }
            let result = Self.result(from: outcome)
            finish(&final, status: .succeeded, result: result, message: Self.summary(result), now: Timestamp.now())
        } catch {
            final = condition.withLock { live[id] ?? started }
            let now = Timestamp.now()
            if error is CancellationError {
                if condition.withLock({ stopping && !cancelRequested.contains(id) }) {
                    // Shutting down: roll back and leave the job queued for the next start.
                    requeue(&final, message: "interrupted by a shutdown; it will run again at the next start", now: now)
                    try? jobs.save(final)
                    condition.withLock { live[id] = nil }
                    return
                }
                finish(&final, status: .canceled, message: "canceled; nothing was applied", now: now)
            } else if let failure = error as? ImportFailure {
                final.error = JobError(message: failure.message, line: failure.line, field: failure.field)
                finish(&final, status: .failed, message: "failed: \(failure.description); nothing was applied", now: now)
            } else {
                final.error = JobError(message: "the import could not be completed: \(error)", line: nil, field: nil)
                finish(&final, status: .failed, message: "failed; nothing was applied", now: now)
            }
        }
        try? jobs.save(final)
        try? FileManager.default.removeItem(atPath: started.params.spoolPath)
        condition.withLock {
            live[id] = nil
            cancelRequested.remove(id)
            lastPersisted[id] = nil
        }
        onFinished(final, Date().timeIntervalSince(began))
    }

    /// Takes a progress report: keeps it monotonic, makes it visible, persists it now and then,
    /// and throws when the job should stop.
    private func report(id: String, _ progress: ImportProgress) throws {
        var snapshot: Job?
        let shouldStop: Bool = condition.withLock {
            guard var job = live[id] else { return false }
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
            let last = lastPersisted[id] ?? .distantPast
            if Date().timeIntervalSince(last) >= 1 {
                lastPersisted[id] = Date()
                snapshot = job
            }
            return stopping || cancelRequested.contains(id)
        }
        if let snapshot { try? jobs.save(snapshot) }
        if shouldStop { throw CancellationError() }
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

    private func finish(_ job: inout Job, status: Job.Status, result: ImportResult? = nil, message: String, now: String) {
        job.status = status
        job.phase = status.rawValue
        job.message = message
        job.result = result ?? job.result
        if status == .succeeded, let total = job.total { job.completed = total }
        job.finishedAt = now
        job.updatedAt = now
        job.revision += 1
    }

    // MARK: Helpers

    static func markerKey(_ id: String) -> String { "import:" + id }

    static func unit(for format: ImportFormat) -> String {
        switch format {
        case .ndjson: return "records"
        case .bundle, .notes: return "topics"
        }
    }

    static func result(from outcome: ImportOutcome) -> ImportResult {
        ImportResult(counts: outcome.counts, warnings: Array(outcome.warnings.prefix(ImportResult.maxWarnings)),
                     warningsOmitted: max(0, outcome.warnings.count - ImportResult.maxWarnings), dryRun: outcome.dryRun)
    }

    static func summary(_ result: ImportResult) -> String {
        let c = result.counts
        let prefix = result.dryRun ? "dry run, nothing applied; would have " : ""
        return "\(prefix)topics \(c.topics.created) created, \(c.topics.updated) updated, \(c.topics.unchanged) unchanged; "
            + "guidelines \(c.guidelines.created) created, \(c.guidelines.updated) updated, \(c.guidelines.unchanged) unchanged"
    }

    static func makeID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return "job_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
