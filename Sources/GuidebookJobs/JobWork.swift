/// One kind of job: how its jobs run, and what became of one that a crash interrupted.
///
/// The runner owns the queue, the job records and their progress; the work owns everything about
/// what a job does. It is given its parameters and a `JobContext`, reports progress to the
/// context, polls it for cancellation, and returns its result.
public protocol JobWork: Sendable {
    /// What a job of this kind is asked to do; stored with the job as JSON.
    associatedtype Params: Codable & Sendable
    /// What a job of this kind did; stored with the job as JSON.
    associatedtype Result: Codable & Sendable

    /// The kind of job this work does ("import"): the runner hands it the jobs of that kind.
    static var kind: String { get }

    /// Does the work of job `jobID`, reporting to `context` and stopping soon after it is cancelled. All or nothing: when it throws, it has changed nothing. It throws
    /// `CancellationError` when it stopped because it was asked to, a `JobError` for a failure of
    /// its input (with the line and field that caused it), anything else for a failure of its own.
    func run(_ params: Params, jobID: String, context: JobContext) throws -> Result

    /// Asked at start about a job that was running when the process died: the result the job's
    /// work committed with, or nil when nothing of it was committed (the job then runs again).
    /// Work that commits must therefore record its result in the same transaction as its effect.
    func committedResult(ofJob id: String) throws -> Result?

    /// Why a job cannot run (again) — its input is gone —, or nil when it can. `interrupted`: the job
    /// was running when the process stopped (otherwise it was waiting in the queue).
    func unavailableReason(_ params: Params, interrupted: Bool) -> String?

    /// Frees what a job holds once it will not run again (an import's spooled upload).
    func release(_ params: Params)

    /// What a job is about, for messages: "starting \(title)".
    func title(of params: Params) -> String

    /// The message of a job that succeeded with `result`.
    func summary(of result: Result) -> String

    /// `result` as the job keeps it. The default encodes it; work that encoded it already (to
    /// record it with its effect) hands back that JSON instead of encoding it again.
    func payload(of result: Result) throws -> JobPayload
}

extension JobWork {
    public func payload(of result: Result) throws -> JobPayload { try JobPayload(encoding: result) }
    public func unavailableReason(_ params: Params, interrupted: Bool) -> String? { nil }
    public func release(_ params: Params) {}
}
