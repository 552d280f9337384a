/// How far the guidelines are translated into one locale: counts of translations in each state
/// (`WorkflowState`), overall and per topic.
public struct TranslationCoverage: Sendable, Equatable {
    /// The counts of one locale over some guidelines.
    public struct Counts: Sendable, Equatable {
        public var draft = 0
        public var translated = 0
        public var approved = 0
        public var outdated = 0
        public var missing = 0
        /// Made from the current English, in any review state.
        public var current: Int { draft + translated + approved }
        public var total: Int { current + outdated + missing }

        public init(draft: Int = 0, translated: Int = 0, approved: Int = 0, outdated: Int = 0, missing: Int = 0) {
            (self.draft, self.translated, self.approved, self.outdated, self.missing) = (draft, translated, approved, outdated, missing)
        }

        /// The count of `state`.
        public subscript(state: WorkflowState) -> Int {
            get {
                switch state {
                case .missing: return missing
                case .outdated: return outdated
                case .draft: return draft
                case .translated: return translated
                case .approved: return approved
                }
            }
            set {
                switch state {
                case .missing: missing = newValue
                case .outdated: outdated = newValue
                case .draft: draft = newValue
                case .translated: translated = newValue
                case .approved: approved = newValue
                }
            }
        }

        static func += (lhs: inout Counts, rhs: Counts) {
            for state in WorkflowState.allCases { lhs[state] += rhs[state] }
        }
    }

    public var locale: LocaleInfo
    public var overall: Counts
    /// By topic slug, in display order.
    public var topics: [(slug: String, counts: Counts)]

    public static func == (lhs: TranslationCoverage, rhs: TranslationCoverage) -> Bool {
        lhs.locale == rhs.locale && lhs.overall == rhs.overall && lhs.topics.map(\.slug) == rhs.topics.map(\.slug)
            && lhs.topics.map(\.counts) == rhs.topics.map(\.counts)
    }
}

/// One guideline's translation into a locale, as a work list shows it: the source text and the
/// translation (nil when missing), with its state.
public struct TranslationWork: Sendable, Equatable {
    public var guideline: String
    public var topic: String
    public var state: TranslationState
    /// Its review state (nil when missing).
    public var review: ReviewState? = nil
    public var sourceText: String
    public var sourceRevision: Int
    /// The translation as it stands (the stale one, for `outdated`); nil when missing.
    public var text: String?
    /// The source revision it was made from; nil when missing.
    public var translatedRevision: Int?
    /// Where it sorts; the work list's cursor.
    public var sortKey: [Int64]
    /// Whether a comment thread on it (or on its English) is open.
    public var hasOpenComments = false

    /// The state the API shows: missing, outdated, or its review state.
    public var workflowState: WorkflowState { WorkflowState(review: review, freshness: state) }
}
