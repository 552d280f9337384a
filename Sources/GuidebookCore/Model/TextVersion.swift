/// One version of a text (the English source or one translation) as its history lists it.
public struct TextVersion: Sendable, Equatable {
    /// 1, then one more for every change of the text or its state.
    public var number: Int
    /// The texts by field name (`text`; `title` and `summary`; `title`); nil for the version that
    /// records the translation's removal.
    public var fields: [String: String]?
    /// A translation's review state in this version (nil for the English and for a removal).
    public var review: ReviewState?
    /// For a translation, the English revision it translated; for the English, its own revision.
    public var sourceRevision: Int?
    /// The name of the token that made it (nil: the command line, or before versions were kept).
    public var changedBy: String?
    public var changedAt: String
    /// How it came about (nil: written).
    public var action: TextAction?
    /// What the action needs to be understood (the version a revert restored, an override's reason).
    public var note: String?
    /// True for the version the text is at now.
    public var isCurrent: Bool

    /// True when this version records the translation's removal.
    public var isRemoval: Bool { fields == nil }
}
