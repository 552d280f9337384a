import GuidebookCore

/// A topic's page in one locale, as every layout writes it: its title, its description, its
/// Markdown body, and whether the source locale's text stands in for a translation that is
/// missing (or not publishable) anywhere on the page.
struct LocalizedPage {
    let locale: String
    let title: String
    let description: String
    /// The topic's Markdown rendering in `locale` (`MarkdownRenderer`); in the CommonMark dialect,
    /// byte for byte what `GET /v1/topics/{slug}.md?lang={locale}` answers.
    let body: [UInt8]
    /// The rendering without its first heading (for wikis that show the page's name as its title).
    let bodyWithoutTitle: [UInt8]
    /// True when some text of the page is the source text standing in for a translation.
    let isFallback: Bool
    /// The latest change to anything the page shows.
    let changed: String

    /// The page of `topic` in `locale`, its texts escaped for `dialect` (the wiki's Markdown parser).
    init(_ topic: Topic, locale: String, source: String = SourceLocale.code, dialect: MarkdownDialect = .commonMark) {
        let languages = RenderLanguages([locale], source: source)
        let document = WikiDocument.topic(topic, in: languages)
        self.locale = locale
        self.title = languages.line(topic.summary.title)?.text.text ?? topic.summary.slug
        self.description = languages.line(topic.summary.summary)?.text.text ?? ""
        self.body = MarkdownRenderer.render(document, for: dialect)
        var rest = document.blocks
        if case .heading(1, _)? = rest.first { rest.removeFirst() }
        self.bodyWithoutTitle = MarkdownRenderer.render(WikiDocument(kind: document.kind, id: document.id, languages: languages, blocks: rest), for: dialect)
        self.isFallback = locale != source && document.blocks.contains { block in block.lines.contains { $0.text.locale != locale } }
        self.changed = MarkdownExport.latestChange(of: topic)
    }

    /// The note a fallback page starts with, in the page's language: what a reader sees before the English.
    static func fallbackNote(_ locale: String) -> String {
        switch locale {
        case "ko": return "이 페이지의 일부 또는 전체는 아직 공개할 한국어 번역이 없어 영어 원문으로 보여 드립니다."
        default: return "Parts of this page are not translated yet (or not yet published) and are shown in English."
        }
    }

    /// The note as Markdown text (escaped like every rendered text).
    static func fallbackNoteMarkdown(_ locale: String, dialect: MarkdownDialect = .commonMark) -> String {
        var out: [UInt8] = []
        dialect.appendEscaped(fallbackNote(locale), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
