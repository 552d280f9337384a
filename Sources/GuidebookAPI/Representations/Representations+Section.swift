import GuidebookBase
import GuidebookCore

extension Representations {
    /// A section on its own (`GET /v1/topics/{slug}/sections/{key}` and the answers to its writes):
    /// its key and title, its topic, its guidelines as a topic shows them, its position and revision.
    static func write(_ section: Section, of topic: TopicSummary, localizer: Localizer, into json: inout JSONWriter) {
        json.beginObject()
        json.field("topic", topic.slug)
        writeSectionFields(section, localizer: localizer, into: &json)
        json.field("position", section.position)
        json.field("revision", section.revision)
        json.field("updated_at", section.updatedAt)
        json.object("links", [("self", "/v1/topics/\(topic.slug)/sections/\(section.key)"), ("topic", "/v1/topics/\(topic.slug)")])
        json.endObject()
    }

    /// A section's key, title and guidelines, as a topic and the section resource both show them;
    /// the caller opens and closes the object.
    static func writeSectionFields(_ section: Section, localizer: Localizer, into json: inout JSONWriter) {
        writeSectionHead(section, localizer: localizer, into: &json)
        json.beginArray()
        for guideline in section.guidelines { write(guideline, localizer: localizer, into: &json) }
        json.endArray()
    }

    /// A section's key, title and mode, then the key of its guidelines: the caller writes the array.
    static func writeSectionHead(_ section: Section, localizer: Localizer, into json: inout JSONWriter) {
        json.field("key", section.key)
        localizer.write("title", section.title, tracked: false, into: &json)
        localizer.writeMode(into: &json)
        json.key("guidelines")
    }
}
