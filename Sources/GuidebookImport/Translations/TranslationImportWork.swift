import Foundation
import GuidebookCore
import GuidebookJobs
import GuidebookTranslationFiles

/// Translation imports as job work (kind `translation-import`): runs the spooled upload through
/// the `TranslationImporter`, records the job's result with the translations (the same import
/// marker as `ImportWork`'s), and after a restart answers whether an interrupted import committed.
public struct TranslationImportWork: JobWork {
    public static let kind = "translation-import"

    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ params: TranslationImportParams, jobID: String, context: JobContext) throws -> TranslationImportResult {
        let options = TranslationImporter.Options(format: params.format, locale: params.locale, onConflict: params.onConflict,
                                                  dryRun: params.dryRun, displayName: params.fileName, tokenName: params.tokenName)
        do {
            return try TranslationImporter(store: store).run(path: params.spoolPath, options: options, observer: ContextObserver(context: context)) { result, writer in
                // After a crash this says the translations are in, and with which result.
                try writer.markImportCommitted(job: jobID, result: try JobPayload(encoding: result).json)
            }
        } catch let failure as TranslationImportFailure {
            throw JobError(message: failure.message, line: failure.position?.line, column: failure.position?.column, field: failure.id,
                           problems: failure.problems.isEmpty ? nil : failure.problems.map {
                               JobError.Problem(message: $0.message, line: $0.position.line, column: $0.position.column, field: $0.id)
                           },
                           problemsOmitted: failure.problemsOmitted == 0 ? nil : failure.problemsOmitted)
        }
    }

    public func committedResult(ofJob id: String) throws -> TranslationImportResult? {
        try store.committedImport(job: id).flatMap { try? JobPayload(json: $0).decode(TranslationImportResult.self) }
    }

    public func unavailableReason(_ params: TranslationImportParams, interrupted: Bool) -> String? {
        SpooledUpload.unavailableReason(path: params.spoolPath, interrupted: interrupted)
    }

    public func release(_ params: TranslationImportParams) {
        SpooledUpload.release(path: params.spoolPath)
    }

    public func title(of params: TranslationImportParams) -> String { params.fileName }

    public func summary(of result: TranslationImportResult) -> String { result.summary }

    /// Queues on `runner` an import of the spooled translated file described by `params`.
    public static func submit(_ params: TranslationImportParams, to runner: JobRunner) throws -> Job {
        try runner.submit(params, as: TranslationImportWork.self, unit: "bytes")
    }

    /// A translation import job's parameters (nil for a job of another kind).
    public static func params(of job: Job) -> TranslationImportParams? {
        job.kind == kind ? try? job.params.decode(TranslationImportParams.self) : nil
    }

    /// A succeeded translation import job's result (nil before, and for a job of another kind).
    public static func result(of job: Job) -> TranslationImportResult? {
        job.kind == kind ? job.result.flatMap { try? $0.decode(TranslationImportResult.self) } : nil
    }

    /// The importer's observer made of the job's context: progress to the job, cancellation from it.
    private struct ContextObserver: ImportObserver {
        let context: JobContext

        func report(_ progress: ImportProgress) {
            context.report(JobProgress(progress))
        }

        var isCancelled: Bool { context.isCancelled }
    }
}
