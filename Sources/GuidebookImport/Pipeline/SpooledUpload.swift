import Foundation

/// An import job's upload, waiting on disk (the spool) until its job is done: what the job works
/// of both kinds (`ImportWork`, `TranslationImportWork`) say when it is gone, and how they free it.
enum SpooledUpload {
    /// Why a job whose upload is at `path` cannot run (again), or nil when the upload is there.
    /// `interrupted`: the job was running when the process stopped.
    static func unavailableReason(path: String, interrupted: Bool) -> String? {
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        return interrupted ? "the server stopped during the import and its upload is gone; nothing was applied"
                           : "the upload of this queued job is gone"
    }

    /// Removes the upload once its job will not run again.
    static func release(path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
