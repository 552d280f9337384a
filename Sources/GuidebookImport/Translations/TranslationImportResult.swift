/// What a translation import did, as its job keeps it: counts for every outcome, each conflict with
/// the old English, the new English and the translation offered, and every unit that did not stay
/// as it was, with its place in the file.
public struct TranslationImportResult: Sendable, Codable, Equatable {
    public var dryRun: Bool
    public var format: String
    public var locale: String
    public var onConflict: ConflictPolicy
    /// Units read from the file.
    public var units: Int
    /// How many units had each outcome (every outcome is present, 0 included).
    public var counts: [String: Int]
    public var conflicts: [Conflict]
    public var conflictsOmitted: Int
    /// Each unit whose outcome is not `unchanged` or `untranslated`, in file order.
    public var changes: [Change]
    public var changesOmitted: Int

    /// Conflicts kept in a result; the rest are counted (each holds three texts).
    public static let maxConflicts = 500
    /// Changed units kept in a result; the rest are counted.
    public static let maxChanges = 10_000

    /// A unit whose English changed since the file's revision.
    public struct Conflict: Sendable, Codable, Equatable {
        public var id: String
        public var line: Int
        public var column: Int
        /// The English the translation was made from (the file's).
        public var oldSource: String
        public var oldRevision: Int?
        /// The English as it is now.
        public var newSource: String
        public var newRevision: Int
        /// The translation the file offers.
        public var offered: String
        /// `conflict-draft` or `conflict-skipped`.
        public var outcome: UnitOutcome

        enum CodingKeys: String, CodingKey {
            case id, line, column, offered, outcome
            case oldSource = "old_source", oldRevision = "old_revision", newSource = "new_source", newRevision = "new_revision"
        }
    }

    /// One unit and what happened to it.
    public struct Change: Sendable, Codable, Equatable {
        public var id: String
        public var line: Int
        public var column: Int
        public var outcome: UnitOutcome
    }

    init(dryRun: Bool, format: String, locale: String, onConflict: ConflictPolicy) {
        self.dryRun = dryRun
        self.format = format
        self.locale = locale
        self.onConflict = onConflict
        units = 0
        counts = Dictionary(uniqueKeysWithValues: UnitOutcome.allCases.map { ($0.rawValue, 0) })
        conflicts = []
        conflictsOmitted = 0
        changes = []
        changesOmitted = 0
    }

    /// How many units had `outcome`.
    public func count(_ outcome: UnitOutcome) -> Int { counts[outcome.rawValue] ?? 0 }

    mutating func record(_ change: Change) {
        units += 1
        counts[change.outcome.rawValue, default: 0] += 1
        guard change.outcome != .unchanged, change.outcome != .untranslated else { return }
        if changes.count < Self.maxChanges { changes.append(change) } else { changesOmitted += 1 }
    }

    mutating func record(_ conflict: Conflict) {
        if conflicts.count < Self.maxConflicts { conflicts.append(conflict) } else { conflictsOmitted += 1 }
    }

    /// One line for people: "12 written, 1 confirmed, 2 conflicts applied as drafts, …".
    public var summary: String {
        let parts = [(UnitOutcome.written, "written"), (.confirmed, "confirmed"), (.draft, "written as drafts"),
                     (.conflictDraft, "conflicts applied as drafts"), (.conflictSkipped, "conflicts skipped"), (.keptApproved, "approved kept"),
                     (.unchanged, "unchanged"), (.untranslated, "untranslated")]
            .map { "\(count($0.0)) \($0.1)" }
        return (dryRun ? "dry run, nothing applied; of \(units) units would have " : "of \(units) units ") + parts.joined(separator: ", ")
    }

    enum CodingKeys: String, CodingKey {
        case format, locale, units, counts, conflicts, changes
        case dryRun = "dry_run", onConflict = "on_conflict", conflictsOmitted = "conflicts_omitted", changesOmitted = "changes_omitted"
    }
}
