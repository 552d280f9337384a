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

    static func write(_ guideline: Guideline, localizer: Localizer, into json: inout JSONWriter) {
        json.beginObject()
        json.field("id", guideline.id)
        json.field("topic", guideline.topic)
        json.field("section", guideline.section)
        json.field("position", guideline.position)
        localizer.write("text", guideline.text, into: &json)
        localizer.writeMarker(for: guideline.text, into: &json)
        json.key("translations")
        json.beginObject()
        for (locale, info) in guideline.translations.sorted(by: { $0.key < $1.key }) {
            json.field(locale, info.state.rawValue)
        }
        json.endObject()
        json.field("revision", guideline.revision)
        json.field("updated_at", guideline.updatedAt)
        json.object("links", [("self", "/v1/guidelines/\(guideline.id)"), ("topic", "/v1/topics/\(guideline.topic)"),
                              ("translations", "/v1/guidelines/\(guideline.id)/translations")])
        json.endObject()
    }

    /// A translation of a guideline into one locale, with its state.
    static func writeTranslation(_ guideline: Guideline, locale: LocaleInfo, into json: inout JSONWriter) {
        let info = guideline.translations[locale.code]
        json.beginObject()
        json.field("guideline", guideline.id)
        json.field("locale", locale.code)
        json.field("locale_name", locale.name)
        json.field("text", info?.text)
        json.field("state", (info?.state ?? .missing).rawValue)
        json.field("updated_at", info?.updatedAt)
        json.field("source_text", guideline.text[SourceLocale.code] ?? "")
        json.endObject()
    }
}
