import GuidebookCore
import GuidebookJobs

/// TMX imports as job work (kind `memory-import`): runs the spooled upload through the
/// `MemoryImporter` and records the job's result with the memory (the import marker).
public struct MemoryImportWork: SpooledFileWork {
    public static let kind = "memory-import"

    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ params: MemoryImportParams, jobID: String, context: JobContext) throws -> MemoryImportResult {
        let options = MemoryImporter.Options(locale: params.locale, dryRun: params.dryRun, displayName: params.fileName, tokenName: params.tokenName)
        do {
            return try MemoryImporter(store: store).run(path: params.spoolPath, options: options, observer: JobContextObserver(context: context),
                                                        willCommit: marking(jobID))
        } catch let failure as TranslationImportFailure {
            throw failure.jobError
        }
    }

    public func title(of params: MemoryImportParams) -> String { params.fileName }

    public func summary(of result: MemoryImportResult) -> String { result.summary }

    /// Queues on `runner` an import of the spooled TMX file described by `params`.
    public static func submit(_ params: MemoryImportParams, to runner: JobRunner) throws -> Job {
        try runner.submit(params, as: MemoryImportWork.self, unit: "bytes")
    }

}
