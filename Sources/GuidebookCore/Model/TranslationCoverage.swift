/// How far the guidelines are translated into one locale: counts of current, outdated and
/// missing translations, overall and per topic.
public struct TranslationCoverage: Sendable, Equatable {
    /// The counts of one locale over some guidelines.
    public struct Counts: Sendable, Equatable {
        public var current = 0
        public var outdated = 0
        public var missing = 0
        public var total: Int { current + outdated + missing }

        public init(current: Int = 0, outdated: Int = 0, missing: Int = 0) {
            (self.current, self.outdated, self.missing) = (current, outdated, missing)
        }

        static func += (lhs: inout Counts, rhs: Counts) {
            lhs.current += rhs.current
            lhs.outdated += rhs.outdated
            lhs.missing += rhs.missing
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
    public var sourceText: String
    public var sourceRevision: Int
    /// The translation as it stands (the stale one, for `outdated`); nil when missing.
    public var text: String?
    /// The source revision it was made from; nil when missing.
    public var translatedRevision: Int?
    /// Where it sorts; the work list's cursor.
    public var sortKey: [Int64]
}
