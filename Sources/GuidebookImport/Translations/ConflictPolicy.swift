/// What a translation import does with a conflict: a unit whose English changed since the file
/// was exported, offered with a new translation of the old English.
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable {
    /// Write it, marked as a draft of the old English: it shows as outdated until someone reviews
    /// it against the new English (the default).
    case draft
    /// Leave the unit as it is.
    case skip
}
