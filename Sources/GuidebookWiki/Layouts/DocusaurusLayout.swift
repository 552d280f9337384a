import GuidebookBase
import GuidebookCore

/// Docusaurus's docs plugin and its i18n layout: the source language's pages under
/// `docs/guidebook/` (one folder per category with its `_category_.json`: label and position),
/// each translation at the same path under `i18n/<locale>/docusaurus-plugin-content-docs/current/`,
/// and the categories' translated labels in `i18n/<locale>/docusaurus-plugin-content-docs/current.json`
/// under the keys `sidebar.guidebook.category.<label>` (the sidebar the recipe names `guidebook`).
///
/// Pages have `title`, `description`, `sidebar_position` (display order) and
/// `custom_edit_url: null` (they are generated: an "edit this page" link would edit a copy);
/// links are relative file links (`./controls/sheets.md`), which Docusaurus resolves in each
/// locale. Text is escaped for MDX as well as CommonMark (`{`, `}`, `<`). Where English stands in,
/// the page has `fallback: true` and starts with a `:::note` admonition.
final class DocusaurusLayout: LayoutWriter {
    static let root = "guidebook"
    /// The sidebar id the translation keys name (the recipe's `sidebars.js`).
    static let sidebar = "guidebook"

    var rendersEveryTopic: Bool { false }

    /// Where `locale`'s docs live.
    static func docs(_ locale: String, plan: LayoutPlan) -> String {
        locale == plan.source ? "docs/" : "i18n/" + locale + "/docusaurus-plugin-content-docs/current/"
    }

    static func file(_ topic: TopicSummary) -> String {
        root + "/" + PathName.of(topic.category) + "/" + PathName.of(topic.slug) + ".md"
    }

    func pagePaths(of topic: TopicSummary, plan: LayoutPlan) -> [String] {
        plan.locales.map { Self.docs($0, plan: plan) + Self.file(topic) }
    }

    func pages(of topic: Topic, plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        let position = plan.positions[topic.summary.slug] ?? 1
        for (locale, path) in zip(plan.locales, pagePaths(of: topic.summary, plan: plan)) {
            let page = LocalizedPage(topic, locale: locale, source: plan.source)
            let front = FrontMatter([
                ("title", .string(page.title)),
                ("description", .string(page.description)),
                ("sidebar_position", .integer(position)),
                ("custom_edit_url", .null),
                ("fallback", .bool(page.isFallback)),
            ])
            var bytes = Array(front.text.utf8) + [UInt8(ascii: "\n")]
            if page.isFallback { bytes += Array(":::note\n\n\(LocalizedPage.fallbackNoteMarkdown(locale))\n\n:::\n\n".utf8) }
            bytes += page.body
            try emit(ExportFile(path: path, contents: bytes, modified: MarkdownExport.unixSeconds(page.changed)))
        }
    }

    func siteFiles(plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        let modified = MarkdownExport.unixSeconds(plan.newestChange)
        for locale in plan.locales {
            let labels = plan.indexLabels(locale)
            let front = FrontMatter([
                ("title", .string(labels.title)),
                ("description", .string(labels.description)),
                ("sidebar_position", .integer(0)),
                ("custom_edit_url", .null),
            ])
            let body = plan.indexBody(locale: locale) { "./" + PathName.of($0.category) + "/" + PathName.of($0.slug) + ".md" }
            try emit(ExportFile(path: Self.docs(locale, plan: plan) + Self.root + "/index.md",
                                contents: Array(front.text.utf8) + [UInt8(ascii: "\n")] + body, modified: modified))
        }
        for (position, entry) in plan.topicsByCategory.enumerated() {
            var json = JSONWriter(capacity: 128)
            json.beginObject()
            json.field("label", plan.title(of: entry.category, in: plan.source))
            json.field("position", position + 1)
            json.endObject()
            try emit(ExportFile(path: "docs/" + Self.root + "/" + PathName.of(entry.category.slug) + "/_category_.json",
                                contents: json.bytes + [UInt8(ascii: "\n")], modified: modified))
        }
        for locale in plan.translatedLocales {
            var labels: [(key: String, label: String, message: String)] = []
            var seen = Set<String>()
            for (category, _) in plan.topicsByCategory {
                let label = plan.title(of: category, in: plan.source)
                guard seen.insert(label).inserted else { continue }
                labels.append(("sidebar.\(Self.sidebar).category.\(label)", label, plan.title(of: category, in: locale)))
            }
            var json = JSONWriter(capacity: 1024)
            json.beginObject()
            for entry in labels.sorted(by: { $0.key < $1.key }) {
                json.object(entry.key) { json in
                    json.field("message", entry.message)
                    json.field("description", "The label for category \(entry.label) in sidebar \(Self.sidebar)")
                }
            }
            json.endObject()
            try emit(ExportFile(path: "i18n/" + locale + "/docusaurus-plugin-content-docs/current.json", contents: json.bytes + [UInt8(ascii: "\n")],
                                modified: modified))
        }
    }
}
