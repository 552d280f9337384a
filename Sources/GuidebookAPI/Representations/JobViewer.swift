import GuidebookImport
import GuidebookJobs

/// Who reads a job, as far as its excerpts are concerned. A dry run's warnings quote the uploaded
/// text, and a translation import's conflicts quote the translations offered: those are shown to
/// the role that may submit such a job (an admin for imports, an editor or above for translation
/// imports) and to everyone with `--public-jobs`; others see the counts, the excerpts counted as
/// omitted.
struct JobViewer: Sendable {
    /// `--public-jobs`.
    let isPublic: Bool
    /// The reader's role (nil: no token).
    let role: Role?

    init(isPublic: Bool, role: Role?) {
        (self.isPublic, self.role) = (isPublic, role)
    }

    init(_ request: APIRequest, isPublic: Bool) {
        self.init(isPublic: isPublic, role: request.context.principal?.role)
    }

    /// Whether this reader sees `job`'s excerpts.
    func showsExcerpts(of job: Job) -> Bool {
        if isPublic || role == .admin { return true }
        return job.kind == TranslationImportWork.kind && (role ?? .reader) >= .editor
    }

    /// True when what `job` shows depends on who reads it (so its answer is never shared from
    /// the response cache).
    static func dependsOnViewer(_ job: Job) -> Bool {
        job.kind == TranslationImportWork.kind || (ImportWork.params(of: job)?.dryRun ?? false)
    }
}
