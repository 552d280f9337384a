import GuidebookCore
import GuidebookJobs

/// The parameters of a job whose input is an upload waiting in the spool.
public protocol SpooledParams: Codable, Sendable {
    /// Where the upload waits on disk until the job is done.
    var spoolPath: String { get }
}

/// Job work that imports a spooled file in one store transaction and records its result there
/// (the import marker): a translated file, a TMX memory. What such works share is here: the
/// upload's life, the marker read back after a crash, and reading a job's own parameters and result.
public protocol SpooledFileWork: JobWork where Params: SpooledParams {
    var store: Store { get }
}

extension SpooledFileWork {
    public func committedResult(ofJob id: String) throws -> Result? {
        // A marker that cannot be read back counts as no marker: the job runs again.
        try store.committedImport(job: id).flatMap { try? JobPayload(json: $0).decode(Result.self) }
    }

    public func unavailableReason(_ params: Params, interrupted: Bool) -> String? {
        SpooledUpload.unavailableReason(path: params.spoolPath, interrupted: interrupted)
    }

    public func release(_ params: Params) {
        SpooledUpload.release(path: params.spoolPath)
    }

    /// What `willCommit` does for job `jobID`: records the result with the data.
    func marking(_ jobID: String) -> (Result, KnowledgeWriter) throws -> Void {
        { result, writer in try writer.markImportCommitted(job: jobID, result: try JobPayload(encoding: result).json) }
    }

    /// A job's parameters, when it is of this kind.
    public static func params(of job: Job) -> Params? {
        job.kind == kind ? try? job.params.decode(Params.self) : nil
    }

    /// A succeeded job's result, when it is of this kind.
    public static func result(of job: Job) -> Result? {
        job.kind == kind ? job.result.flatMap { try? $0.decode(Result.self) } : nil
    }
}
