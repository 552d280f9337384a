import GuidebookCore

/// What an `Importer` reports to while it runs, and asks whether it should stop.
///
/// The importer knows nothing of who runs it: a job (`ImportWork` adapts the job's context) or
/// `guidebook import` on the command line (Ctrl-C cancels). It calls in on its own thread only.
public protocol ImportObserver {
    /// Takes a progress report; called at every step.
    func report(_ progress: ImportProgress)

    /// True once the import should stop: its next step throws `CancellationError` and everything
    /// is rolled back.
    var isCancelled: Bool { get }

    /// Called inside the import's transaction just before it commits (never for a dry run):
    /// what is written here commits with the data or not at all.
    func willCommit(_ outcome: ImportOutcome, in writer: KnowledgeWriter) throws
}

extension ImportObserver {
    /// Nothing to record with the data.
    public func willCommit(_ outcome: ImportOutcome, in writer: KnowledgeWriter) throws {}
}

/// An observer that listens to nothing and never cancels: an import nobody watches.
public struct UnobservedImport: ImportObserver {
    public init() {}
    public func report(_ progress: ImportProgress) {}
    public var isCancelled: Bool { false }
}
