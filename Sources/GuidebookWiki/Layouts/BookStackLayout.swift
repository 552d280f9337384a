import Archive
import GuidebookBase
import GuidebookCore

/// BookStack's Portable ZIP (BookStack `dev/docs/portable-zip-file-format.md`): a ZIP holding
/// `data.json` (and `files/` for attachments, which Guidebook has none of). BookStack keeps one
/// language per book, so each locale is a book of its own, `guidebook-<locale>.zip`: the book's
/// chapters are the categories (`priority` in display order), their pages the topics (`markdown`,
/// `priority`, and tags: `guidebook_id`, `guidebook_category`, and `fallback` where English stands
/// in, with a block quote at the page's top that says so). The first page, outside the chapters,
/// lists every topic, linked with the format's references (`[[bsexport:page:<id>]]`), which an
/// import turns into links to the imported pages.
///
/// A page's markdown is the topic's rendering without its title (BookStack shows the page's name).
/// The ZIP's bytes depend on the data alone (entry times are the newest change), so an unchanged
/// knowledge base gives the same file.
final class BookStackLayout: LayoutWriter {
    /// One topic's page in one locale.
    private struct Page {
        let topic: TopicSummary
        let name: String
        let markdown: [UInt8]
        let isFallback: Bool
    }

    /// Pages by locale, in display order.
    private var pages: [String: [Page]] = [:]

    var rendersEveryTopic: Bool { true }

    static func fileName(_ locale: String) -> String { "guidebook-" + locale + ".zip" }

    func pagePaths(of topic: TopicSummary, plan: LayoutPlan) -> [String] { [] }

    func pages(of topic: Topic, plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        for locale in plan.locales {
            let page = LocalizedPage(topic, locale: locale, source: plan.source)
            var markdown: [UInt8] = []
            if page.isFallback { markdown += Array("> \(LocalizedPage.fallbackNoteMarkdown(locale))\n\n".utf8) }
            markdown += page.bodyWithoutTitle
            pages[locale, default: []].append(Page(topic: topic.summary, name: page.title, markdown: markdown, isFallback: page.isFallback))
        }
    }

    func siteFiles(plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        let modified = MarkdownExport.unixSeconds(plan.newestChange)
        for locale in plan.locales {
            var zip: [UInt8] = []
            let writer = ZipWriter(output: { zip += $0 })
            try writer.addFile("data.json", contents: dataJSON(plan: plan, locale: locale), modified: modified)
            try writer.finish()
            try emit(ExportFile(path: Self.fileName(locale), contents: zip, modified: modified))
        }
    }

    /// The book's name in `locale`: "Guidebook", and the language's name for the others (BookStack
    /// lists books by name, and the pusher finds its earlier import by it).
    static func bookName(_ locale: String, plan: LayoutPlan) -> String {
        let title = plan.indexLabels(locale).title
        return locale == plan.source ? title : title + " (" + (plan.localeNames[locale] ?? locale) + ")"
    }

    /// `data.json`: `exported_at` (the newest change, so the bytes depend on the data alone) and the book.
    func dataJSON(plan: LayoutPlan, locale: String) -> [UInt8] {
        let pages = self.pages[locale] ?? []
        // Page ids: 1 for the index page, then the topics in display order; chapter ids count on their own.
        var ids: [String: Int] = [:]
        for (index, page) in pages.enumerated() { ids[page.topic.slug] = index + 2 }
        let labels = plan.indexLabels(locale)
        var json = JSONWriter(capacity: 64 * 1024)
        json.beginObject()
        json.field("exported_at", plan.newestChange)
        json.object("book") { json in
            json.field("name", Self.bookName(locale, plan: plan))
            json.field("description_html", "<p>" + HTMLFragmentRenderer.escaped(labels.description) + "</p>")
            json.objects("tags", [("guidebook_locale", locale)]) { json, tag in Self.tag(tag.0, tag.1, into: &json) }
            json.objects("pages", [0]) { json, _ in
                json.field("id", 1)
                json.field("name", labels.title)
                json.key("markdown")
                json.string(String(decoding: indexMarkdown(plan: plan, locale: locale, ids: ids), as: UTF8.self))
                json.field("priority", 0)
                json.objects("tags", [("guidebook_id", "index")]) { json, tag in Self.tag(tag.0, tag.1, into: &json) }
            }
            let byCategory = Dictionary(grouping: pages, by: \.topic.category)
            json.objects("chapters", Array(plan.topicsByCategory.enumerated())) { json, item in
                let (position, entry) = item
                json.field("id", position + 1)
                json.field("name", plan.title(of: entry.category, in: locale))
                json.field("priority", position + 1)
                json.objects("tags", [("guidebook_category", entry.category.slug)]) { json, tag in Self.tag(tag.0, tag.1, into: &json) }
                json.objects("pages", Array((byCategory[entry.category.slug] ?? []).enumerated())) { json, item in
                    let (index, page) = item
                    json.field("id", ids[page.topic.slug] ?? 0)
                    json.field("name", page.name)
                    json.key("markdown")
                    json.string(String(decoding: page.markdown, as: UTF8.self))
                    json.field("priority", index + 1)
                    var tags = [("guidebook_id", page.topic.slug), ("guidebook_category", page.topic.category)]
                    if page.isFallback { tags.append(("fallback", "true")) }
                    json.objects("tags", tags) { json, tag in Self.tag(tag.0, tag.1, into: &json) }
                }
            }
        }
        json.endObject()
        return json.bytes + [UInt8(ascii: "\n")]
    }

    private static func tag(_ name: String, _ value: String, into json: inout JSONWriter) {
        json.field("name", name)
        json.field("value", value)
    }

    /// The index page: each category's topics, linked by reference (`[[bsexport:page:<id>]]`).
    private func indexMarkdown(plan: LayoutPlan, locale: String, ids: [String: Int]) -> [UInt8] {
        var out: [UInt8] = []
        MarkdownRenderer.appendEscaped(plan.indexLabels(locale).description, to: &out)
        out.append(UInt8(ascii: "\n"))
        for (category, topics) in plan.topicsByCategory {
            out += Array("\n## ".utf8)
            MarkdownRenderer.appendEscaped(plan.title(of: category, in: locale), to: &out, atLineStart: false)
            out += Array("\n\n".utf8)
            for topic in topics {
                out += Array("- [".utf8)
                MarkdownRenderer.appendEscaped(plan.title(of: topic, in: locale), to: &out, atLineStart: false)
                out += Array("]([[bsexport:page:\(ids[topic.slug] ?? 0)]])\n".utf8)
            }
        }
        return out
    }
}
