import GuidebookJobs

/// An importer's observer made of its job's context: progress to the job, cancellation from it.
/// (`ImportWork` adds the import marker to the same two in an observer of its own.)
struct JobContextObserver: ImportObserver {
    let context: JobContext

    func report(_ progress: ImportProgress) {
        context.report(JobProgress(progress))
    }

    var isCancelled: Bool { context.isCancelled }
}

extension JobProgress {
    /// An importer's progress as its job reports it.
    init(_ progress: ImportProgress) {
        self.init(phase: progress.phase.rawValue, message: progress.message, completed: progress.completed, total: progress.total, unit: progress.unit)
    }
}
