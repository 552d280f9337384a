import GuidebookCore

/// What the pushers to wikis with an API (BookStack, Outline) send: one locale's pages as that
/// wiki keeps them, read through one reader (call inside `Store.read`).
public struct WikiPush {
    /// One page: a key (the topic's slug, or `index`), its title and its Markdown without the
    /// title (the wiki shows the title itself); a fallback page starts with the note that says so.
    public struct Page: Sendable, Equatable {
        public let key: String
        public let title: String
        public let markdown: String
    }

    /// One locale's book as BookStack imports it.
    public struct Book: Sendable {
        public let fileName: String
        public let name: String
        public let zip: [UInt8]
    }

    private let reader: KnowledgeReader
    private let plan: LayoutPlan
    public let locale: String

    /// Fails when `locale` is not one the knowledge base holds.
    public init(reader: KnowledgeReader, locale: String) throws {
        self.reader = reader
        self.plan = try LayoutPlan.read(reader)
        guard plan.locales.contains(locale) else { throw ExportError.unsafeName(locale) }
        self.locale = locale
    }

    /// Every topic's page, in display order.
    public func pages() throws -> [Page] {
        try plan.topics.compactMap { summary in
            guard let topic = try reader.topic(slug: summary.slug) else { return nil }
            let page = LocalizedPage(topic, locale: locale, source: plan.source)
            var markdown = ""
            if page.isFallback { markdown += "> " + LocalizedPage.fallbackNoteMarkdown(locale) + "\n\n" }
            markdown += String(decoding: page.bodyWithoutTitle, as: UTF8.self)
            return Page(key: summary.slug, title: page.title, markdown: markdown)
        }
    }

    /// The index page: each category's topics, linked to `links[slug]` (topics without a link are listed unlinked).
    public func index(links: [String: String]) -> Page {
        let labels = plan.indexLabels(locale)
        var body = plan.indexBody(locale: locale) { links[$0.slug] ?? "" }
        // The index body starts with its own title: the wiki shows the page's title instead.
        if let end = body.firstIndex(of: UInt8(ascii: "\n")) { body.removeSubrange(0...end) }
        while body.first == UInt8(ascii: "\n") { body.removeFirst() }
        return Page(key: "index", title: labels.title, markdown: String(decoding: body, as: UTF8.self))
    }

    /// The Portable ZIP of this locale's book.
    public func book() throws -> Book {
        var zip: [UInt8] = []
        let writer = BookStackLayout()
        for summary in plan.topics {
            guard let topic = try reader.topic(slug: summary.slug) else { continue }
            try writer.pages(of: topic, plan: plan) { _ in }
        }
        try writer.siteFiles(plan: plan) { file in if file.path == BookStackLayout.fileName(locale) { zip = file.contents } }
        return Book(fileName: BookStackLayout.fileName(locale), name: BookStackLayout.bookName(locale, plan: plan), zip: zip)
    }
}
