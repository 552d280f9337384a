import GuidebookCore
import GuidebookJobs

extension JobRunner {
    /// The server's runner: import jobs into `knowledge`, recorded in `jobs`.
    public convenience init(jobs: JobStore, knowledge: Store, maxQueued: Int = 16,
                            onFinished: @escaping @Sendable (Job, Double) -> Void = { _, _ in }) {
        self.init(jobs: jobs, works: [ImportWork(store: knowledge)], maxQueued: maxQueued, onFinished: onFinished)
    }

    /// Queues an import of the spooled upload described by `params`.
    public func submitImport(_ params: ImportParams) throws -> Job {
        try submit(params, as: ImportWork.self, unit: ImportWork.unit(for: params.format))
    }
}

extension Job {
    /// An import job's parameters (nil for a job of another kind).
    public var importParams: ImportParams? {
        kind == ImportWork.kind ? try? params.decode(ImportParams.self) : nil
    }

    /// A succeeded import job's result (nil before, and for a job of another kind).
    public var importResult: ImportResult? {
        kind == ImportWork.kind ? result.flatMap { try? $0.decode(ImportResult.self) } : nil
    }
}
