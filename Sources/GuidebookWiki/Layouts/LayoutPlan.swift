import GuidebookCore

/// What every layout needs before its first file: the locales, the categories and every topic's
/// summary in display order, each name checked, so a name the export cannot write refuses the
/// whole export before anything is written.
struct LayoutPlan {
    /// The locales, the source locale first.
    let locales: [String]
    let source: String
    /// Each locale's name (`한국어`).
    let localeNames: [String: String]
    let categories: [GuidebookCore.Category]
    /// Every topic in display order.
    let topics: [TopicSummary]
    /// The topics of each category, in display order; categories without topics left out.
    let topicsByCategory: [(category: GuidebookCore.Category, topics: [TopicSummary])]
    /// Each topic's place in its category (1 first).
    let positions: [String: Int]

    init(locales: [String], source: String, localeNames: [String: String], categories: [GuidebookCore.Category], topics: [TopicSummary]) {
        (self.locales, self.source, self.localeNames, self.categories, self.topics) = (locales, source, localeNames, categories, topics)
        var grouped: [String: [TopicSummary]] = [:]
        for topic in topics { grouped[topic.category, default: []].append(topic) }
        topicsByCategory = categories.compactMap { category in grouped[category.slug].map { (category, $0) } }
        var positions: [String: Int] = [:]
        for (_, members) in topicsByCategory { for (index, topic) in members.enumerated() { positions[topic.slug] = index + 1 } }
        self.positions = positions
    }

    /// Reads the plan through `reader` (inside the export's read transaction).
    static func read(_ reader: KnowledgeReader) throws -> LayoutPlan {
        let infos = try reader.locales()
        let locales = infos.map(\.code)
        for locale in locales { try MarkdownExport.checkName(locale) }
        let source = infos.first(where: \.isSource)?.code ?? SourceLocale.code
        let categories = try reader.categories()
        var topics: [TopicSummary] = []
        var after: [Int64]? = nil
        repeat {
            let page = try reader.topics(category: nil, after: after, limit: 500)
            topics += page.items
            after = page.nextAfter
        } while after != nil
        let plan = LayoutPlan(locales: [source] + locales.filter { $0 != source }, source: source,
                              localeNames: Dictionary(infos.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first }), categories: categories, topics: topics)
        try plan.check()
        return plan
    }

    /// Every category and slug is a safe name, and no two topics' paths are the same once case is
    /// ignored (Windows and macOS file systems would fold them into one file).
    func check() throws {
        var seen: [String: String] = [:]
        for topic in topics {
            try MarkdownExport.checkName(topic.category)
            try MarkdownExport.checkName(topic.slug)
            let key = (topic.category + "/" + PathName.of(topic.slug)).lowercased()
            if let other = seen[key] { throw ExportError.pathCollision(first: other, second: topic.slug) }
            seen[key] = topic.slug
        }
    }

    /// The non-source locales.
    var translatedLocales: [String] { locales.filter { $0 != source } }

    /// The newest change and the oldest creation among the topics (the index pages' dates).
    var newestChange: String { topics.map(\.updatedAt).max() ?? "1970-01-01T00:00:00.000Z" }
    var oldestCreation: String { topics.map(\.createdAt).filter { !$0.isEmpty }.min() ?? newestChange }

    /// A category's title in `locale` (its source title, else its slug).
    func title(of category: GuidebookCore.Category, in locale: String) -> String {
        RenderLanguages([locale], source: source).title(category.title) ?? category.slug
    }

    /// A topic's title in `locale` (its source title, else its slug).
    func title(of topic: TopicSummary, in locale: String) -> String {
        RenderLanguages([locale], source: source).title(topic.title) ?? topic.slug
    }
}

extension LayoutPlan {
    /// An index page's Markdown in `locale`: a title, a description, and each category's topics
    /// linked with `link` (a destination the wiki resolves), its texts escaped for `dialect`.
    func indexBody(locale: String, dialect: MarkdownDialect = .commonMark, link: (TopicSummary) -> String) -> [UInt8] {
        let labels = IndexLabels.of(locale)
        let languages = RenderLanguages([locale], source: source)
        var blocks: [WikiBlock] = [.heading(level: 1, WikiLine(text: labels.title, translations: [], link: nil)),
                                   .paragraph(WikiLine(text: labels.description, translations: [], link: nil))]
        for (category, topics) in topicsByCategory {
            if let title = languages.line(category.title) { blocks.append(.heading(level: 2, title)) }
            blocks.append(.list(topics.map { topic in
                let title = languages.line(topic.title)?.text ?? WikiRun(topic.slug, locale: locale)!
                return WikiLine(text: title, translations: [], link: link(topic))
            }))
        }
        return MarkdownRenderer.render(WikiDocument(kind: "index", id: locale, languages: languages, blocks: blocks), for: dialect)
    }

    /// The index page's title and description in `locale`.
    func indexLabels(_ locale: String) -> (title: String, description: String) {
        let labels = IndexLabels.of(locale)
        return (labels.title.text, labels.description.text)
    }
}
