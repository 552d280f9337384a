import Foundation
import GuidebookCore
import GuidebookJobs

/// Imports as job work: runs an import job's spooled upload through the `Importer`, and after a
/// restart answers whether an interrupted import committed (from the marker the import writes in
/// the same transaction as its data).
public struct ImportWork: JobWork {
    public static let kind = "import"

    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ params: ImportParams, jobID: String, context: JobContext) throws -> ImportResult {
        let options = Importer.Options(format: params.format, mode: params.mode, dryRun: params.dryRun,
                                       displayName: params.fileName, jobID: jobID)
        return ImportResult(try Importer(store: store).run(path: params.spoolPath, options: options, context: context))
    }

    public func committedResult(ofJob id: String) throws -> ImportResult? {
        // A marker that cannot be read back counts as no marker: the job runs again, and importing
        // the same payload twice changes nothing the second time.
        try store.committedImport(job: id).flatMap { try? JobPayload(json: $0).decode(ImportResult.self) }
    }

    public func unavailableReason(_ params: ImportParams, interrupted: Bool) -> String? {
        guard !FileManager.default.fileExists(atPath: params.spoolPath) else { return nil }
        return interrupted ? "the server stopped during the import and its upload is gone; nothing was applied"
                           : "the upload of this queued job is gone"
    }

    public func release(_ params: ImportParams) {
        try? FileManager.default.removeItem(atPath: params.spoolPath)
    }

    public func title(of params: ImportParams) -> String { params.fileName }

    public func summary(of result: ImportResult) -> String { result.summary }

    /// What an import of `format` counts until it reports otherwise.
    public static func unit(for format: ImportFormat) -> String {
        switch format {
        case .ndjson: return "records"
        case .bundle, .notes: return "topics"
        }
    }
}
