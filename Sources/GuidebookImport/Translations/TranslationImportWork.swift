import Foundation
import GuidebookCore
import GuidebookJobs
import GuidebookTranslationFiles

/// Translation imports as job work (kind `translation-import`): runs the spooled upload through
/// the `TranslationImporter`, records the job's result with the translations (the same import
/// marker as `ImportWork`'s), and after a restart answers whether an interrupted import committed.
public struct TranslationImportWork: SpooledFileWork {
    public static let kind = "translation-import"

    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ params: TranslationImportParams, jobID: String, context: JobContext) throws -> TranslationImportResult {
        let options = TranslationImporter.Options(format: params.format, locale: params.locale, onConflict: params.onConflict,
                                                  dryRun: params.dryRun, displayName: params.fileName, tokenName: params.tokenName,
                                                  role: params.reviewer == true ? .reviewer : .editor)
        do {
            // After a crash the marker says the translations are in, and with which result.
            return try TranslationImporter(store: store).run(path: params.spoolPath, options: options, observer: JobContextObserver(context: context),
                                                             willCommit: marking(jobID))
        } catch let failure as TranslationImportFailure {
            throw failure.jobError
        }
    }

    public func title(of params: TranslationImportParams) -> String { params.fileName }

    public func summary(of result: TranslationImportResult) -> String { result.summary }

    /// Queues on `runner` an import of the spooled translated file described by `params`.
    public static func submit(_ params: TranslationImportParams, to runner: JobRunner) throws -> Job {
        try runner.submit(params, as: TranslationImportWork.self, unit: "bytes")
    }

}

extension TranslationImportFailure {
    /// The failure as its job's error: the first problem's place, and every problem.
    var jobError: JobError {
        JobError(message: message, line: position?.line, column: position?.column, field: id,
                 problems: problems.isEmpty ? nil : problems.map { JobError.Problem(message: $0.message, line: $0.position.line, column: $0.position.column, field: $0.id) },
                 problemsOmitted: problemsOmitted == 0 ? nil : problemsOmitted)
    }
}
