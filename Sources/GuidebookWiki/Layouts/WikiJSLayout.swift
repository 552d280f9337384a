import GuidebookCore

/// Wiki.js Git storage (requarks/wiki `server/modules/storage/git/storage.js`, `server/helpers/page.js`):
/// a page is `path.md`; with multilingual namespacing, pages of the site's main language sit at the
/// root and every other locale's under a folder named by its code (`ko/…`), which Wiki.js reads as
/// the locale. The front matter holds exactly Wiki.js's keys: `title`, `description`, `published`,
/// `date`, `tags` (one string, a comma list, as Wiki.js splits it on `", "`), `editor` and
/// `dateCreated`.
///
/// Everything goes under the path `guidebook/` (`guidebook/controls/sheets`, the index page
/// `guidebook`): Wiki.js reads a first folder of two letters as a locale and keeps some names for
/// itself, so a category slug never stands first. Links are absolute wiki paths without a locale
/// (`/guidebook/controls/sheets`): Wiki.js's renderer puts the page's own locale in front, so the
/// Korean index links the Korean pages. A page where English stands in for a missing translation
/// starts with an info block quote (`{.is-info}`) and carries the tag `untranslated`.
final class WikiJSLayout: LayoutWriter {
    /// The path every page is under.
    static let root = "guidebook"

    var rendersEveryTopic: Bool { false }

    /// The folder of `locale`'s files: none for the main (source) language.
    static func prefix(_ locale: String, plan: LayoutPlan) -> String {
        locale == plan.source ? "" : locale + "/"
    }

    /// The wiki path of a topic (no locale, no extension).
    static func wikiPath(_ topic: TopicSummary) -> String {
        root + "/" + PathName.of(topic.category) + "/" + PathName.of(topic.slug)
    }

    func pagePaths(of topic: TopicSummary, plan: LayoutPlan) -> [String] {
        plan.locales.map { Self.prefix($0, plan: plan) + Self.wikiPath(topic) + ".md" }
    }

    func pages(of topic: Topic, plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        for (locale, path) in zip(plan.locales, pagePaths(of: topic.summary, plan: plan)) {
            let page = LocalizedPage(topic, locale: locale, source: plan.source)
            var tags = [Self.root, topic.summary.category]
            if page.isFallback { tags.append("untranslated") }
            let front = FrontMatter([
                ("title", .string(page.title)),
                ("description", .string(page.description)),
                ("published", .bool(true)),
                ("date", .timestamp(page.changed)),
                ("tags", .string(tags.joined(separator: ", "))),
                ("editor", .string("markdown")),
                ("dateCreated", .timestamp(topic.summary.createdAt.isEmpty ? page.changed : topic.summary.createdAt)),
            ])
            var bytes = Array(front.text.utf8) + [UInt8(ascii: "\n")]
            if page.isFallback { bytes += Array("> \(LocalizedPage.fallbackNoteMarkdown(locale))\n{.is-info}\n\n".utf8) }
            bytes += page.body
            try emit(ExportFile(path: path, contents: bytes, modified: MarkdownExport.unixSeconds(page.changed)))
        }
    }

    func siteFiles(plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        for locale in plan.locales {
            let labels = plan.indexLabels(locale)
            let front = FrontMatter([
                ("title", .string(labels.title)),
                ("description", .string(labels.description)),
                ("published", .bool(true)),
                ("date", .timestamp(plan.newestChange)),
                ("tags", .string(Self.root)),
                ("editor", .string("markdown")),
                ("dateCreated", .timestamp(plan.oldestCreation)),
            ])
            let body = plan.indexBody(locale: locale) { "/" + Self.wikiPath($0) }
            try emit(ExportFile(path: Self.prefix(locale, plan: plan) + Self.root + ".md", contents: Array(front.text.utf8) + [UInt8(ascii: "\n")] + body,
                                modified: MarkdownExport.unixSeconds(plan.newestChange)))
        }
    }
}
