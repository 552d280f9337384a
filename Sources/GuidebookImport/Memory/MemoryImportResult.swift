import GuidebookCore

/// What a TMX import did, as its job keeps it.
public struct MemoryImportResult: Sendable, Codable, Equatable {
    public var dryRun: Bool
    /// The memory as it was recorded (with its id; a dry run's was rolled back).
    public var origin: MemoryOrigin
    /// `<tu>` elements read.
    public var units: Int
    /// Units kept: those with an English variant and one in the memory's locale, both not empty.
    public var kept: Int
    /// Units without both variants.
    public var skipped: Int

    /// One line for people.
    public var summary: String {
        (dryRun ? "dry run, nothing kept; would have kept " : "kept ") + "\(kept) of \(units) units (\(skipped) without an English and a \(origin.targetLocale) text) as memory \"\(origin.name)\""
    }

    enum CodingKeys: String, CodingKey {
        case origin, units, kept, skipped
        case dryRun = "dry_run"
    }
}
