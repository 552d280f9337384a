import Foundation
import GuidebookCore
import GuidebookJobs

/// Imports as job work, the one place where imports meet the job runner: runs an import job's
/// spooled upload through the `Importer`, records in the import's own transaction that the job
/// committed, and after a restart answers whether an interrupted import committed (from that
/// marker). The importer itself knows nothing of jobs.
public struct ImportWork: JobWork {
    public static let kind = "import"

    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ params: ImportParams, jobID: String, context: JobContext) throws -> Recorded {
        let options = Importer.Options(format: params.format, mode: params.mode, dryRun: params.dryRun,
                                       displayName: params.fileName, jobID: jobID)
        let observer = JobObserver(context: context, jobID: jobID)
        do {
            let outcome = try Importer(store: store).run(path: params.spoolPath, options: options, observer: observer)
            // The marker's result is the job's (a dry run has none, and is encoded here).
            return try observer.recorded ?? Recorded(ImportResult(outcome))
        } catch let failure as ImportFailure {
            // The job's error is the import's failure, line and field included.
            throw JobError(message: failure.message, line: failure.line, field: failure.field)
        }
    }

    public func committedResult(ofJob id: String) throws -> Recorded? {
        // A marker that cannot be read back counts as no marker: the job runs again, and importing
        // the same payload twice changes nothing the second time.
        try store.committedImport(job: id).flatMap { try? Recorded(payload: JobPayload(json: $0)) }
    }

    public func unavailableReason(_ params: ImportParams, interrupted: Bool) -> String? {
        SpooledUpload.unavailableReason(path: params.spoolPath, interrupted: interrupted)
    }

    public func release(_ params: ImportParams) {
        SpooledUpload.release(path: params.spoolPath)
    }

    public func title(of params: ImportParams) -> String { params.fileName }

    public func summary(of recorded: Recorded) -> String { recorded.result.summary }

    public func payload(of recorded: Recorded) throws -> JobPayload { recorded.payload }

    /// An import job's result with the JSON it is kept as, encoded once: the same text goes into
    /// the import marker (with the data) and into the job's record.
    public struct Recorded: Codable, Sendable {
        public let result: ImportResult
        let payload: JobPayload

        init(_ result: ImportResult) throws {
            self.result = result
            payload = try JobPayload(encoding: result)
        }

        init(payload: JobPayload) throws {
            result = try payload.decode(ImportResult.self)
            self.payload = payload
        }

        public init(from decoder: any Decoder) throws {
            try self.init(ImportResult(from: decoder))
        }

        public func encode(to encoder: any Encoder) throws {
            try result.encode(to: encoder)
        }
    }

    // MARK: Import jobs

    /// Queues on `runner` an import of the spooled upload described by `params`.
    public static func submit(_ params: ImportParams, to runner: JobRunner) throws -> Job {
        try runner.submit(params, as: ImportWork.self, unit: unit(for: params.format))
    }

    /// An import job's parameters (nil for a job of another kind).
    public static func params(of job: Job) -> ImportParams? {
        job.kind == kind ? try? job.params.decode(ImportParams.self) : nil
    }

    /// A succeeded import job's result (nil before, and for a job of another kind).
    public static func result(of job: Job) -> ImportResult? {
        job.kind == kind ? job.result.flatMap { try? $0.decode(ImportResult.self) } : nil
    }

    /// What an import of `format` counts until it reports otherwise.
    static func unit(for format: ImportFormat) -> String {
        switch format {
        case .ndjson: return "records"
        case .bundle, .notes: return "topics"
        }
    }

    /// An import's observer made of its job's context: progress goes to the job, cancellation
    /// comes from it, and the job's result is recorded with the data (the import marker).
    private final class JobObserver: ImportObserver {
        let context: JobContext
        let jobID: String
        /// What `willCommit` recorded in the marker.
        private(set) var recorded: Recorded?

        init(context: JobContext, jobID: String) {
            (self.context, self.jobID) = (context, jobID)
        }

        func report(_ progress: ImportProgress) {
            context.report(JobProgress(progress))
        }

        var isCancelled: Bool { context.isCancelled }

        func willCommit(_ outcome: ImportOutcome, in writer: KnowledgeWriter) throws {
            // After a crash this says the data is in, and with which result.
            let recorded = try Recorded(ImportResult(outcome))
            try writer.markImportCommitted(job: jobID, result: recorded.payload.json)
            self.recorded = recorded
        }
    }
}
