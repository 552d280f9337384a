/// One text a translator translates, as the translation files carry it: a guideline's text, a
/// topic's title or summary, or a section's title, with its English source, its translation into
/// one locale (if any) and the state of that translation.
public struct TranslationUnit: Sendable, Equatable {
    /// Which field of which resource the unit is.
    public enum Field: String, Sendable, Equatable {
        case guidelineText = "text", topicTitle = "title", topicSummary = "summary", sectionTitle = "section-title"
    }

    /// A glossary term that occurs in the English source, with its approved equivalent in the
    /// unit's locale (nil when the glossary has none yet).
    public struct Term: Sendable, Equatable {
        public var source: String
        public var target: String?
        public var note: String?

        public init(source: String, target: String?, note: String?) {
            (self.source, self.target, self.note) = (source, target, note)
        }
    }

    /// The stable id: the resource's address with `:` between its parts, so that it is an XML
    /// NMTOKEN (`guideline:ID`, `topic:SLUG:title`, `topic:SLUG:summary`, `section:SLUG:KEY`).
    public var id: String
    /// The resource's API address (`/v1/guidelines/ID`, `/v1/topics/SLUG`, `/v1/topics/SLUG/sections/KEY`).
    public var address: String
    public var field: Field
    /// The English text.
    public var source: String
    /// The translation as it stands (the stale one when outdated); nil when missing.
    public var target: String?
    public var state: TranslationState
    /// The revision of the English text the export was made against.
    public var sourceRevision: Int
    /// The English revision the translation was made from (nil: missing, or not recorded).
    public var translatedRevision: Int?
    /// The glossary terms the English text uses.
    public var terms: [Term] = []
    /// Its review state (nil when missing).
    public var review: ReviewState? = nil

    /// The state the API shows: missing, outdated, or its review state.
    public var workflowState: WorkflowState { WorkflowState(review: review, freshness: state) }

    /// The translation memory's best match for the English, when the export asked for matches
    /// (`KnowledgeReader.addingBestMatches`).
    public var bestMatch: MemoryMatch?

    public init(id: String, address: String, field: Field, source: String, target: String?, state: TranslationState,
                sourceRevision: Int, translatedRevision: Int?, terms: [Term] = [], review: ReviewState? = nil) {
        self.id = id
        self.address = address
        self.field = field
        self.source = source
        self.target = target
        self.state = state
        self.sourceRevision = sourceRevision
        self.translatedRevision = translatedRevision
        self.terms = terms
        self.review = review
    }

    /// The unit `id`, its address and field as the id gives them.
    public init(_ id: TranslationUnitID, source: String, target: String?, state: TranslationState, sourceRevision: Int, translatedRevision: Int?,
                review: ReviewState? = nil) {
        self.init(id: id.text, address: id.address, field: id.field, source: source, target: target, state: state,
                  sourceRevision: sourceRevision, translatedRevision: translatedRevision, review: review)
    }
}

/// The units of one topic, in reading order (title, summary, then each section's title followed
/// by its guidelines).
public struct TranslationUnitGroup: Sendable, Equatable {
    public var topic: String
    /// The topic's English title (for the file's name in the translator's tool).
    public var title: String
    public var units: [TranslationUnit]

    public init(topic: String, title: String, units: [TranslationUnit]) {
        (self.topic, self.title, self.units) = (topic, title, units)
    }
}

/// Everything one export of translation units holds.
public struct TranslationExport: Sendable, Equatable {
    /// The locale translated into.
    public var locale: String
    /// The change-log cursor the export reflects (every English revision in it is at or before it).
    public var cursor: Int64
    public var groups: [TranslationUnitGroup]

    public init(locale: String, cursor: Int64, groups: [TranslationUnitGroup]) {
        (self.locale, self.cursor, self.groups) = (locale, cursor, groups)
    }
}
