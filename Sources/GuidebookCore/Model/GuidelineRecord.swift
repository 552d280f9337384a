import GuidebookBase

/// A guideline as a read hands it to a representation: its own fields and its texts in locale
/// order, each with its translation state, without the dictionaries of `Guideline`. A topic's read
/// refills one value for each of its guidelines (`KnowledgeReader.readTopic`), so a topic of many
/// guidelines is written without a model per guideline.
public struct GuidelineRecord: Sendable {
    /// Where a text field lies in the record's `bytes`.
    public typealias Span = Range<Int>

    /// One locale's text.
    public struct Text: Sendable {
        public var locale: String
        /// The text's bytes.
        public var text: Span
        /// Where the text stands against the source text (`current` for the source text itself).
        public var state: TranslationState
        /// Its update time's bytes.
        public var updatedAt: Span
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

    /// The UTF-8 of its text fields (its id, its times, each locale's text), one after another: a
    /// topic's read refills one record per guideline, so a text costs a copy into storage that is
    /// kept from one guideline to the next, no string of its own, and is written out as it is.
    public private(set) var bytes: [UInt8] = []
    /// The row id in `guidelines`.
    public internal(set) var rowID: Int64 = 0
    /// The stable public id's bytes.
    public internal(set) var idSpan: Span = 0..<0
    /// The topic's slug.
    public internal(set) var topic = ""
    /// The section's key.
    public internal(set) var section = ""
    public internal(set) var position = 0
    public internal(set) var revision = 0
    /// The update time's bytes.
    public internal(set) var updatedAtSpan: Span = 0..<0
    var createdAtSpan: Span = 0..<0
    /// Its texts, one per locale that has a row, in locale code order.
    public internal(set) var texts: [Text] = []

    init() {}

    /// The stable public id.
    public var id: String { string(idSpan) }
    /// When it last changed.
    public var updatedAt: String { string(updatedAtSpan) }
    var createdAt: String { string(createdAtSpan) }

    /// The text of `span` (of this record) as a string.
    public func string(_ span: Span) -> String {
        withUTF8(span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of `span` (of this record), valid only inside it.
    public func withUTF8<R>(_ span: Span, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[span])) }
    }

    /// The text in `locale` as readers see it: nil when it has none (an empty text row counts as
    /// one) or it is not published (`--publish`).
    public func published(_ locale: String) -> Text? {
        for text in texts where text.locale == locale { return text.isPublished ? text : nil }
        return nil
    }

    /// The text in `locale` as readers see it, as a string (`published(_:)`).
    public func text(_ locale: String) -> String? {
        published(locale).map { string($0.text) }
    }

    /// The revision of its source text: 1, then one more for every change of it.
    public var sourceRevision: Int {
        texts.first { $0.locale == SourceLocale.code }?.sourceRevision ?? 1
    }

    /// The version its ETags start with (`ResourceVersion`).
    public var version: String {
        ResourceVersion.of("guideline", key: id, createdAt: createdAt, revision: revision)
    }

    /// Empties the text fields and texts for the next guideline, keeping their storage.
    mutating func startAnother() {
        bytes.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
    }

    /// Keeps `utf8` after the bytes kept so far and says where. Bytes that are not UTF-8 (the
    /// database holds what any program wrote) are kept as `String(decoding:as:)` repairs them, so
    /// a text written out as its bytes is what a string of it would have been.
    mutating func keep(_ utf8: UnsafeBufferPointer<UInt8>) -> Span {
        let start = bytes.count
        if UTF8Check.isValid(utf8) {
            bytes.append(contentsOf: utf8)
        } else {
            bytes.append(contentsOf: String(decoding: utf8, as: UTF8.self).utf8)
        }
        return start..<bytes.count
    }

    /// Works out each translation's state once every text of the guideline is in.
    mutating func settleStates() {
        let source = texts.first { $0.locale == SourceLocale.code }
        let sourceRevision = source?.sourceRevision ?? 1
        for index in texts.indices where texts[index].locale != SourceLocale.code {
            texts[index].state = TranslationState.of(madeFrom: texts[index].sourceRevision, sourceRevision: sourceRevision,
                                                     legacyHash: texts[index].sourceHash,
                                                     sourceHash: withUTF8(source?.text ?? 0..<0) { ContentHash.hex($0) })
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
            let string = record.string(text.text)
            if text.isPublished { self.text[text.locale] = string }
            guard text.locale != SourceLocale.code else { continue }
            translations[text.locale] = TranslationInfo(locale: text.locale, text: string, state: text.state, updatedAt: record.string(text.updatedAt),
                                                        sourceRevision: text.sourceRevision, review: text.review, isPublished: text.isPublished)
        }
    }
}
