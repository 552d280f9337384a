/// What a translation import does with a conflict: a unit whose English changed since the file
/// was exported, offered with a new translation of the old English.
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable {
    /// Write it in review state `draft`: it is never shown to readers and waits in the work list
    /// until someone finishes it against the new English (the default).
    case draft
    /// Leave the unit as it is.
    case skip
}
