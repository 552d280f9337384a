/// The texts of a topic (title, summary) or a section (title) in the source locale and in every
/// locale they are translated into, with each translation's state.
public struct TranslatedFields: Sendable, Equatable {
    /// One locale's translation of the fields.
    public struct Translation: Sendable, Equatable {
        /// The translated texts by field name; a field left untranslated is absent.
        public var fields: [String: String]
        public var state: TranslationState
        /// The source revision it was made from (nil: not recorded).
        public var sourceRevision: Int?
        public var updatedAt: String
        /// Its review state.
        public var review: ReviewState = .translated

        /// The state the API shows: outdated, or its review state.
        public var workflowState: WorkflowState { WorkflowState(review: review, freshness: state) }
    }

    /// The version of the topic or section (what `If-Match` on a translation write compares).
    public var version: String
    /// The revision of the source texts.
    public var sourceRevision: Int
    /// The source texts by field name.
    public var source: [String: String]
    /// Translations by locale code.
    public var translations: [String: Translation]
}
