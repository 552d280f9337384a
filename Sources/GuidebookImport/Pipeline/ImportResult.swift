import GuidebookCore

/// What a finished import job did: the result as the job keeps it (and as the import's marker
/// records it with the data).
public struct ImportResult: Sendable, Codable, Equatable {
    public var counts: ImportCounts
    public var warnings: [ImportWarning]
    /// Warnings beyond those kept.
    public var warningsOmitted: Int
    public var dryRun: Bool

    /// Warnings kept with a job; the rest are counted.
    public static let maxWarnings = 500

    /// The result of `outcome`, its warnings cut to `maxWarnings`.
    public init(_ outcome: ImportOutcome) {
        counts = outcome.counts
        warnings = Array(outcome.warnings.prefix(Self.maxWarnings))
        warningsOmitted = max(0, outcome.warnings.count - Self.maxWarnings)
        dryRun = outcome.dryRun
    }

    /// One line for people: "topics 1 created, 0 updated, 0 unchanged; guidelines 8 created, ...".
    public var summary: String {
        let c = counts
        let prefix = dryRun ? "dry run, nothing applied; would have " : ""
        return "\(prefix)topics \(c.topics.created) created, \(c.topics.updated) updated, \(c.topics.unchanged) unchanged; "
            + "guidelines \(c.guidelines.created) created, \(c.guidelines.updated) updated, \(c.guidelines.unchanged) unchanged"
    }

    enum CodingKeys: String, CodingKey {
        case counts, warnings
        case warningsOmitted = "warnings_omitted"
        case dryRun = "dry_run"
    }
}
