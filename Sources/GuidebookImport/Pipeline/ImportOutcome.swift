import GuidebookCore

/// What an import did.
public struct ImportOutcome: Sendable, Equatable {
    public var counts: ImportCounts
    public var warnings: [ImportWarning]
    /// True when nothing was kept because the import was a dry run.
    public var dryRun: Bool
}
