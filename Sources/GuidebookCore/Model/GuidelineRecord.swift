/// A guideline as a read hands it to a representation: its own fields and its texts in locale
/// order, each with its translation state, without the dictionaries of `Guideline`. A topic's read
/// refills one value for each of its guidelines (`KnowledgeReader.readTopic`), so a topic of many
/// guidelines is written without a model per guideline.
public struct GuidelineRecord: Sendable {
    /// One locale's text.
    public struct Text: Sendable {
        public var locale: String
        public var text: String
        /// Where the text stands against the source text (`current` for the source text itself).
        public var state: TranslationState
        public var updatedAt: String
        /// The source revision a translation was made from (nil: not recorded).
        public var sourceRevision: Int?
        /// The fingerprint of the source a translation written before source revisions was made from.
        var sourceHash: String?
        /// A translation's review state (nil for the source text).
        public var review: ReviewState? = nil
        /// False when readers are not shown it (`--publish`): `text(_:)` does not give it then.
        public var isPublished = true

        /// The state the API shows (a translation's): missing, outdated, or its review state.
        public var workflowState: WorkflowState { WorkflowState(review: review, freshness: state) }
    }

    /// The row id in `guidelines`.
    public internal(set) var rowID: Int64 = 0
    /// The stable public id.
    public internal(set) var id = ""
    /// The topic's slug.
    public internal(set) var topic = ""
    /// The section's key.
    public internal(set) var section = ""
    public internal(set) var position = 0
    public internal(set) var revision = 0
    public internal(set) var updatedAt = ""
    var createdAt = ""
    /// Its texts, one per locale that has a row, in locale code order.
    public internal(set) var texts: [Text] = []

    init() {}

    /// The text in `locale` as readers see it: nil when it has none (an empty text row counts as
    /// one) or it is not published (`--publish`).
    public func text(_ locale: String) -> String? {
        for text in texts where text.locale == locale { return text.isPublished ? text.text : nil }
        return nil
    }

    /// The revision of its source text: 1, then one more for every change of it.
    public var sourceRevision: Int {
        texts.first { $0.locale == SourceLocale.code }?.sourceRevision ?? 1
    }

    /// The version its ETags start with (`ResourceVersion`).
    public var version: String {
        ResourceVersion.of("guideline", key: id, createdAt: createdAt, revision: revision)
    }

    /// Empties the texts for the next guideline, keeping their storage.
    mutating func clearTexts() {
        texts.removeAll(keepingCapacity: true)
    }

    /// Works out each translation's state once every text of the guideline is in.
    mutating func settleStates() {
        let source = texts.first { $0.locale == SourceLocale.code }
        let sourceRevision = source?.sourceRevision ?? 1
        for index in texts.indices where texts[index].locale != SourceLocale.code {
            texts[index].state = TranslationState.of(madeFrom: texts[index].sourceRevision, sourceRevision: sourceRevision,
                                                     legacyHash: texts[index].sourceHash, sourceHash: ContentHash.hex(source?.text ?? ""))
        }
    }
}

extension Guideline {
    /// The guideline `record` holds, as the model the editors and renderings use.
    public init(_ record: GuidelineRecord) {
        self.init(id: record.id, topic: record.topic, section: record.section, position: record.position, text: [:], translations: [:],
                  revision: record.revision, updatedAt: record.updatedAt, sortKey: [record.rowID], version: record.version,
                  sourceRevision: record.sourceRevision)
        for text in record.texts {
            if text.isPublished { self.text[text.locale] = text.text }
            guard text.locale != SourceLocale.code else { continue }
            translations[text.locale] = TranslationInfo(locale: text.locale, text: text.text, state: text.state, updatedAt: text.updatedAt,
                                                        sourceRevision: text.sourceRevision, review: text.review, isPublished: text.isPublished)
        }
    }
}
