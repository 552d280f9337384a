import Foundation
import GuidebookCore

/// The knowledge base as a tree of Markdown files for Git-backed wikis: for every locale
/// `<locale>/<category>/<topic>.md` (one page per topic, in that locale alone) and
/// `<locale>/index.md` (every topic by category, linked relatively), each with YAML front matter.
///
/// The output depends on the data alone (no clock, no order of hashing), so exporting twice gives
/// the same bytes, and one changed guideline changes one page per locale. A page's body is the
/// topic's Markdown rendering in its locale byte for byte, and `guidebook_etag` is the ETag
/// `GET /v1/topics/{slug}.md?lang={locale}` answers for it: a wiki can ask with `If-None-Match`
/// whether a page is current.
public struct MarkdownExport {
    private let reader: KnowledgeReader

    /// Reads through `reader`; call `forEachFile` inside `Store.read`, whose transaction makes it
    /// one consistent snapshot.
    public init(reader: KnowledgeReader) {
        self.reader = reader
    }

    /// Calls `body` with every file of the tree: each topic's pages (locales in the store's order),
    /// in display order, then each locale's index. One topic is held in memory at a time.
    public func forEachFile(_ body: (ExportFile) throws -> Void) throws {
        try forEachFile(onlyTopics: nil, keep: { _ in }, body)
    }

    /// Like `forEachFile(_:)`, but renders only the pages of the topics in `onlyTopics` (nil: all);
    /// the paths of the others' pages are handed to `keep` (the index pages are always rendered).
    public func forEachFile(onlyTopics: Set<String>?, keep: (String) throws -> Void, _ body: (ExportFile) throws -> Void) throws {
        let locales = try reader.locales().map(\.code)
        for locale in locales { try Self.checkName(locale) }
        let categories = try reader.categories()
        var listed: [(summary: TopicSummary, modified: Int64)] = []
        var after: [Int64]? = nil
        repeat {
            let page = try reader.topics(category: nil, after: after, limit: 500)
            for summary in page.items {
                try Self.checkName(summary.category)
                try Self.checkName(summary.slug)
                if let onlyTopics, !onlyTopics.contains(summary.slug) {
                    for locale in locales { try keep(Self.topicPath(locale: locale, category: summary.category, slug: summary.slug)) }
                    listed.append((summary, Self.unixSeconds(summary.updatedAt)))
                    continue
                }
                guard let topic = try reader.topic(slug: summary.slug) else { continue }
                let changed = Self.latestChange(of: topic)
                let modified = Self.unixSeconds(changed)
                for locale in locales {
                    try body(ExportFile(path: Self.topicPath(locale: locale, category: summary.category, slug: summary.slug),
                                        contents: Self.topicPage(topic, locale: locale, changed: changed), modified: modified))
                }
                listed.append((summary, modified))
            }
            after = page.nextAfter
        } while after != nil
        let newest = listed.map(\.modified).max() ?? 0
        for locale in locales {
            try body(ExportFile(path: locale + "/index.md", contents: Self.indexPage(locale: locale, categories: categories, topics: listed.map(\.summary)),
                                modified: newest))
        }
    }

    /// Where a topic's page in `locale` goes.
    public static func topicPath(locale: String, category: String, slug: String) -> String {
        locale + "/" + PathName.of(category) + "/" + PathName.of(slug) + ".md"
    }

    /// The ETag the API answers for a body (a hash of its bytes, quoted), as `guidebook_etag` holds it.
    public static func etag(of body: [UInt8]) -> String { "\"" + BodyHash.hex(body) + "\"" }

    /// A topic's page: front matter, a blank line, the topic's Markdown rendering in `locale`.
    static func topicPage(_ topic: Topic, locale: String, changed: String) -> [UInt8] {
        let languages = RenderLanguages([locale])
        let body = MarkdownRenderer.render(.topic(topic, in: languages))
        let title = languages.line(topic.summary.title)?.text.text ?? topic.summary.slug
        let description = languages.line(topic.summary.summary)?.text.text ?? ""
        let front = FrontMatter([
            ("title", .string(title)),
            ("description", .string(description)),
            ("published", .bool(true)),
            ("date", .timestamp(changed)),
            ("tags", .strings([topic.summary.category])),
            ("guidebook_id", .string(topic.summary.slug)),
            ("guidebook_etag", .string(etag(of: body))),
        ])
        return Array(front.text.utf8) + [UInt8(ascii: "\n")] + body
    }

    /// A locale's index: every category with its topics, each linked to its page. It shows no
    /// dates, so it changes only when a title, a topic or a category does.
    static func indexPage(locale: String, categories: [GuidebookCore.Category], topics: [TopicSummary]) -> [UInt8] {
        let languages = RenderLanguages([locale])
        let labels = IndexLabels.of(locale)
        var blocks: [WikiBlock] = [.heading(level: 1, WikiLine(text: labels.title, translations: [], link: nil)),
                                   .paragraph(WikiLine(text: labels.description, translations: [], link: nil))]
        var byCategory: [String: [WikiLine]] = [:]
        for topic in topics {
            let title = languages.line(topic.title) ?? WikiLine(text: WikiRun(topic.slug, locale: locale)!, translations: [], link: nil)
            byCategory[topic.category, default: []].append(WikiLine(text: title.text, translations: [], link: PathName.of(topic.category) + "/" + PathName.of(topic.slug) + ".md"))
        }
        for category in categories {
            guard let items = byCategory[category.slug], !items.isEmpty else { continue }
            if let title = languages.line(category.title) { blocks.append(.heading(level: 2, title)) }
            blocks.append(.list(items))
        }
        let front = FrontMatter([
            ("title", .string(labels.title.text)),
            ("description", .string(labels.description.text)),
            ("published", .bool(true)),
        ])
        let document = WikiDocument(kind: "index", id: locale, languages: languages, blocks: blocks)
        return Array(front.text.utf8) + [UInt8(ascii: "\n")] + MarkdownRenderer.render(document)
    }

    /// The latest change to anything the topic's pages show: the topic, its sections, its
    /// guidelines and their translations.
    static func latestChange(of topic: Topic) -> String {
        var latest = topic.summary.updatedAt
        for section in topic.sections {
            // A section's title or its translation changing leaves the topic's `updated_at` as it
            // was; both writers (editor and import) move the section's own.
            latest = max(latest, section.updatedAt)
            for guideline in section.guidelines {
                latest = max(latest, guideline.updatedAt)
                for translation in guideline.translations.values {
                    if let updated = translation.updatedAt { latest = max(latest, updated) }
                }
            }
        }
        return latest
    }

    /// Seconds since 1970 of a stored timestamp (`2026-11-29T19:50:14.136Z`); 0 when it is not one.
    static func unixSeconds(_ timestamp: String) -> Int64 {
        let digits = Array(timestamp.utf8)
        guard FrontMatter.isTimestamp(timestamp) else { return 0 }
        func number(_ range: Range<Int>) -> Int32 { range.reduce(0) { $0 * 10 + Int32(digits[$1] - UInt8(ascii: "0")) } }
        var parts = tm()
        parts.tm_year = number(0..<4) - 1900
        parts.tm_mon = number(5..<7) - 1
        parts.tm_mday = number(8..<10)
        parts.tm_hour = number(11..<13)
        parts.tm_min = number(14..<16)
        parts.tm_sec = number(17..<19)
        return Int64(timegm(&parts))
    }

    /// Locale codes, categories and slugs become path components: only `a-z`, `0-9` and `-` (what
    /// the store accepts), so nothing can point outside the tree.
    static func checkName(_ name: String) throws {
        guard isSafeName(name) else { throw ExportError.unsafeName(name) }
    }

    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
        }
    }
}

/// The index page's title and description in a locale (English for locales without their own).
struct IndexLabels {
    let title: WikiRun
    let description: WikiRun

    static func of(_ locale: String) -> IndexLabels {
        switch locale {
        case "ko": return IndexLabels(title: WikiRun("Guidebook", locale: locale)!, description: WikiRun("UI 디자인 가이드라인의 주제를 분류별로 모았습니다.", locale: locale)!)
        default: return IndexLabels(title: WikiRun("Guidebook", locale: locale)!, description: WikiRun("The topics of the UI design guidelines, by category.", locale: SourceLocale.code)!)
        }
    }
}
