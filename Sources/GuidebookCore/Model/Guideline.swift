/// One guideline with its text in every locale it has.
public struct Guideline: Sendable, Equatable {
    /// The stable public id ("progress-indicators.keep-activity-indicators-moving").
    public var id: String
    /// The topic's slug.
    public var topic: String
    /// The section's key.
    public var section: String
    public var position: Int
    public var text: LocalizedText
    /// Translation metadata per non-source locale that has text.
    public var translations: [String: TranslationInfo]
    public var revision: Int
    public var updatedAt: String
    /// Where the guideline sorts; used by cursors.
    public var sortKey: [Int64]
    /// The version its ETags start with (`ResourceVersion`).
    public var version: String = ""
    /// The revision of its source text: 1, then one more for every change of it.
    public var sourceRevision: Int = 1
}

/// Where a translation stands against the current source text (its freshness; the state the API
/// shows also has its review state: `WorkflowState`).
public enum TranslationState: String, Sendable, Equatable {
    /// Made from the current source text.
    case current
    /// The source text changed after the translation was made.
    case outdated
    /// No translation exists.
    case missing
}

/// A guideline's text in one locale, with its state.
public struct TranslationInfo: Sendable, Equatable {
    public var locale: String
    public var text: String?
    public var state: TranslationState
    public var updatedAt: String?
    /// The revision of the source text the translation was made from (nil: not recorded, for
    /// translations written before source revisions were kept).
    public var sourceRevision: Int? = nil
    /// Its review state (nil: missing).
    public var review: ReviewState? = nil
    /// False when readers are not shown it (`--publish`): then `Guideline.text` lacks it.
    public var isPublished = true

    /// The state the API shows: missing, outdated, or its review state.
    public var workflowState: WorkflowState { WorkflowState(review: review, freshness: state) }
}
