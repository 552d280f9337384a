/// What a translation import did with one unit of the file.
public enum UnitOutcome: String, Sendable, Codable, CaseIterable {
    /// A new or changed translation, written as current.
    case written
    /// The same text as stored, whose English had changed: the file marks it finished, so it was
    /// written again as a translation of the current English.
    case confirmed
    /// A changed translation the file marks unfinished (`fuzzy`, `initial`, `needs-…`): written as
    /// a draft.
    case draft
    /// A conflict (the English changed since the file's revision) written as a draft of the old English.
    case conflictDraft = "conflict-draft"
    /// A conflict left alone (`on_conflict=skip`).
    case conflictSkipped = "conflict-skipped"
    /// The same text as stored: nothing to write.
    case unchanged
    /// The file offers no translation for it.
    case untranslated

    /// True when the unit's translation is written.
    public var writes: Bool { self == .written || self == .confirmed || self == .draft || self == .conflictDraft }
}
