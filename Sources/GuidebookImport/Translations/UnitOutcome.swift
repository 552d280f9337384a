/// What a translation import did with one unit of the file.
public enum UnitOutcome: String, Sendable, Codable, CaseIterable {
    /// A new or changed translation the file marks finished, written `translated`.
    case written
    /// The same text as stored, outdated or a draft: the file marks it finished, so it was written
    /// again, `translated`, as a translation of the current English.
    case confirmed
    /// A changed translation the file marks unfinished (`fuzzy`, `initial`, `needs-…`): written as
    /// a `draft`.
    case draft
    /// A conflict (the English changed since the file's revision) written as a `draft`, for review
    /// against the new English.
    case conflictDraft = "conflict-draft"
    /// A conflict left alone (`on_conflict=skip`, or the base has a finished translation of the new English).
    case conflictSkipped = "conflict-skipped"
    /// A change to an approved, current translation in an editor's import: left alone, since only a
    /// reviewer changes an approved translation.
    case keptApproved = "kept-approved"
    /// The same text as stored: nothing to write.
    case unchanged
    /// The file offers no translation for it.
    case untranslated

    /// True when the unit's translation is written.
    public var writes: Bool { self == .written || self == .confirmed || self == .draft || self == .conflictDraft }
}
