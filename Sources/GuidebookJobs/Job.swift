/// A unit of server-side work as clients see it: its kind (`import`), where it stands, and its
/// kind's own parameters and result, which the runner keeps without reading them.
public struct Job: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        case queued, running, succeeded, failed, canceled

        /// True once the job can change no more.
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .canceled }
    }

    public var id: String
    /// Creation order; newest first in lists.
    public var seq: Int64
    /// What the job does; the `JobWork` of that kind runs it.
    public var kind: String
    public var status: Status
    public var phase: String
    public var message: String
    public var completed: Int
    /// Nil while the amount of work is unknown.
    public var total: Int?
    public var unit: String
    /// What the job was asked to do, as its kind encodes it (`JobWork.Params`).
    public var params: JobPayload
    /// What the job did once it succeeded, as its kind encodes it (`JobWork.Result`).
    public var result: JobPayload?
    public var error: JobError?
    /// Increases with every change; the event stream's ids.
    public var revision: Int
    public var createdAt: String
    public var startedAt: String?
    public var updatedAt: String
    public var finishedAt: String?

    /// Whole percent done, nil while the total is unknown. Reaches 100 only when the job succeeded.
    public var percent: Int? {
        if status == .succeeded { return 100 }
        guard let total, total > 0 else { return nil }
        return min(99, completed * 100 / total)
    }
}
