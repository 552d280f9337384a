import GuidebookBase
import GuidebookCore

/// How knowledge-base records look in JSON. One function per record kind, shared by every
/// endpoint that shows that record, so a topic looks the same in a list, a detail and an export.
enum Representations {
    static func write(_ category: Category, localizer: Localizer, into json: inout JSONWriter) {
        json.beginObject()
        json.field("slug", category.slug)
        let locale = localizer.isSideBySide ? nil : localizer.locale(for: category.title)
        localizer.write("title", category.title, itemLocale: locale, into: &json)
        localizer.writeMarker(for: category.title, into: &json)
        json.field("topic_count", category.topicCount)
        json.object("links", [("topics", "/v1/topics?category=\(category.slug)")])
        json.endObject()
    }

    /// Writes a topic's own fields; the caller closes the object (so a detail can add sections).
    static func writeTopicFields(_ topic: TopicSummary, localizer: Localizer, into json: inout JSONWriter) {
        json.field("slug", topic.slug)
        json.field("category", topic.category)
        let locale = localizer.isSideBySide ? nil : localizer.locale(for: topic.title)
        localizer.write("title", topic.title, itemLocale: locale, into: &json)
        localizer.write("summary", topic.summary, itemLocale: locale, into: &json)
        localizer.writeMarker(for: topic.title, into: &json)
        json.field("guideline_count", topic.guidelineCount)
        json.field("revision", topic.revision)
        json.field("updated_at", topic.updatedAt)
        json.object("links", [("self", "/v1/topics/\(topic.slug)"), ("guidelines", "/v1/guidelines?topic=\(topic.slug)")])
    }

    static func write(_ topic: TopicSummary, localizer: Localizer, into json: inout JSONWriter) {
        json.beginObject()
        writeTopicFields(topic, localizer: localizer, into: &json)
        json.endObject()
    }

    static func write(_ topic: Topic, localizer: Localizer, into json: inout JSONWriter) {
        json.beginObject()
        writeTopicFields(topic.summary, localizer: localizer, into: &json)
        json.key("sections")
        json.beginArray()
        for section in topic.sections {
            json.beginObject()
            writeSectionFields(section, localizer: localizer, into: &json)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// The keys every guideline of a list or a topic writes, encoded once.
    private enum GuidelineKey {
        static let id = JSONWriter.Key("id")
        static let topic = JSONWriter.Key("topic")
        static let section = JSONWriter.Key("section")
        static let position = JSONWriter.Key("position")
        static let translations = JSONWriter.Key("translations")
        static let revision = JSONWriter.Key("revision")
        static let updatedAt = JSONWriter.Key("updated_at")
        static let links = JSONWriter.Key("links")
        static let linkSelf = JSONWriter.Key("self")
    }

    /// A guideline, from the model or from a record a read streams (the same bytes for both).
    static func write<Fields: GuidelineFields>(_ guideline: Fields, localizer: Localizer, into json: inout JSONWriter) {
        guideline.withUTF8(of: .id) { id in
            json.beginObject()
            json.field(GuidelineKey.id, utf8: id)
            json.field(GuidelineKey.topic, guideline.topic)
            json.field(GuidelineKey.section, guideline.section)
            json.field(GuidelineKey.position, guideline.position)
            localizer.write("text", guideline.localizedText, into: &json)
            localizer.writeMarker(for: guideline.localizedText, into: &json)
            json.key(GuidelineKey.translations)
            json.beginObject()
            guideline.forEachTranslation { json.field($0, $1.rawValue) }
            json.endObject()
            json.field(GuidelineKey.revision, guideline.revision)
            guideline.withUTF8(of: .updatedAt) { json.field(GuidelineKey.updatedAt, utf8: $0) }
            json.key(GuidelineKey.links)
            json.beginObject()
            json.key(GuidelineKey.linkSelf)
            json.string("/v1/guidelines/", utf8: id)
            json.key(GuidelineKey.topic)
            var topic = guideline.topic
            topic.withUTF8 { json.string("/v1/topics/", utf8: $0) }
            json.key(GuidelineKey.translations)
            json.string("/v1/guidelines/", utf8: id, "/translations")
            json.endObject()
            json.endObject()
        }
    }

    /// A translation of a guideline into one locale, with its state.
    static func writeTranslation(_ guideline: Guideline, locale: LocaleInfo, into json: inout JSONWriter) {
        let info = guideline.translations[locale.code]
        json.beginObject()
        json.field("guideline", guideline.id)
        json.field("locale", locale.code)
        json.field("locale_name", locale.name)
        json.field("text", info?.text)
        json.field("state", (info?.workflowState ?? .missing).rawValue)
        json.field("review_state", info?.review?.rawValue)
        json.field("updated_at", info?.updatedAt)
        json.field("source_text", guideline.text[SourceLocale.code] ?? "")
        json.endObject()
    }
}

/// What a guideline's JSON is written from: `Guideline` (the model) or `GuidelineRecord` (a read's
/// record), so that one function writes both.
protocol GuidelineFields {
    associatedtype Texts: LocalizedTexts
    var topic: String { get }
    var section: String { get }
    var position: Int { get }
    var revision: Int { get }
    /// Its text by locale.
    var localizedText: Texts { get }
    /// Calls `body` with the UTF-8 of its id or update time (a record's as it holds them).
    func withUTF8<R>(of field: GuidelineTextField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// Calls `body` with each translation's locale and state, in locale order.
    func forEachTranslation(_ body: (String, WorkflowState) -> Void)
}

/// The text fields of a guideline that `GuidelineFields` gives as bytes.
enum GuidelineTextField {
    case id, updatedAt
}

extension Guideline: GuidelineFields {
    var localizedText: LocalizedText { text }

    func withUTF8<R>(of field: GuidelineTextField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = field == .id ? id : updatedAt
        return text.withUTF8(body)
    }

    func forEachTranslation(_ body: (String, WorkflowState) -> Void) {
        for (locale, info) in translations.sorted(by: { $0.key < $1.key }) { body(locale, info.workflowState) }
    }
}

extension GuidelineRecord: GuidelineFields {
    var localizedText: GuidelineRecord { self }

    func withUTF8<R>(of field: GuidelineTextField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUTF8(field == .id ? idSpan : updatedAtSpan, body)
    }

    func forEachTranslation(_ body: (String, WorkflowState) -> Void) {
        for text in texts where text.locale != SourceLocale.code { body(text.locale, text.workflowState) }
    }
}
