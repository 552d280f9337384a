import GuidebookCore
import GuidebookText

/// One text of a rendering, in the locale it is written in. Its text is normalized for both
/// Markdown and HTML: trimmed, with line breaks, tabs and other control characters as spaces (a
/// guideline is one paragraph).
public struct WikiRun: Sendable, Equatable {
    public let text: String
    public let locale: String

    /// Nil when `text` is nil or nothing but whitespace.
    init?(_ text: String?, locale: String) {
        guard let text else { return nil }
        let normalized = Self.normalize(text)
        guard !normalized.isEmpty else { return nil }
        self.text = normalized
        self.locale = locale
    }

    /// `text` trimmed, each control character a space.
    static func normalize(_ text: String) -> String {
        let needsWork = text.utf8.contains { $0 < 0x20 || $0 == 0x7f }
        let trimmed = text.trimmingWhitespace()
        if !needsWork { return trimmed.startIndex == text.startIndex && trimmed.endIndex == text.endIndex ? text : String(trimmed) }
        var scalars = String.UnicodeScalarView()
        for scalar in trimmed.unicodeScalars {
            scalars.append(scalar.value < 0x20 || scalar.value == 0x7f ? " " : scalar)
        }
        return String(String(scalars).trimmingWhitespace())
    }
}

/// A text of a rendering with its translations (bilingual renderings), and where it links to.
public struct WikiLine: Sendable, Equatable {
    public let text: WikiRun
    /// The same text in the other locales asked for, in their order.
    public let translations: [WikiRun]
    /// A relative link target (the export's index pages), or nil.
    public let link: String?
}

/// A block of a rendering. Renderings use headings, paragraphs and lists only; each text is
/// followed by its translations as a quotation (the bilingual form, the same everywhere).
public enum WikiBlock: Sendable, Equatable {
    case heading(level: Int, WikiLine)
    case paragraph(WikiLine)
    case list([WikiLine])
}

/// A topic, a section, a guideline or an index page, as the Markdown and HTML renderers write it.
/// Built once from the store's records, so that both renderings have the same structure.
public struct WikiDocument: Sendable, Equatable {
    /// What the document shows: `topic`, `section`, `guideline` or `index`.
    public let kind: String
    /// The id of what it shows (a slug, `slug/key`, a guideline id; empty for an index).
    public let id: String
    public let languages: RenderLanguages
    public let blocks: [WikiBlock]

    /// The locales its texts are written in, in the order asked for (`Content-Language`).
    public var servedLocales: [String] {
        var used = Set<String>()
        for block in blocks {
            for line in block.lines {
                used.insert(line.text.locale)
                for translation in line.translations { used.insert(translation.locale) }
            }
        }
        let asked = languages.locales.filter { used.contains($0) }
        return asked + used.subtracting(asked).sorted()
    }

    /// A topic: its title, its summary, then each section's title and its guidelines.
    public static func topic(_ topic: Topic, in languages: RenderLanguages) -> WikiDocument {
        var blocks: [WikiBlock] = []
        if let title = languages.line(topic.summary.title) { blocks.append(.heading(level: 1, title)) }
        if let summary = languages.line(topic.summary.summary) { blocks.append(.paragraph(summary)) }
        for section in topic.sections {
            if let title = languages.line(section.title) { blocks.append(.heading(level: 2, title)) }
            let items = section.guidelines.compactMap { languages.line($0.text) }
            if !items.isEmpty { blocks.append(.list(items)) }
        }
        return WikiDocument(kind: "topic", id: topic.summary.slug, languages: languages, blocks: blocks)
    }

    /// A section: its title (the topic's when the section has none) and its guidelines.
    public static func section(_ section: Section, of topic: TopicSummary, in languages: RenderLanguages) -> WikiDocument {
        var blocks: [WikiBlock] = []
        if let title = languages.line(section.title) ?? languages.line(topic.title) { blocks.append(.heading(level: 1, title)) }
        let items = section.guidelines.compactMap { languages.line($0.text) }
        if !items.isEmpty { blocks.append(.list(items)) }
        return WikiDocument(kind: "section", id: topic.slug + "/" + section.key, languages: languages, blocks: blocks)
    }

    /// A guideline: its text.
    public static func guideline(_ guideline: Guideline, in languages: RenderLanguages) -> WikiDocument {
        WikiDocument(kind: "guideline", id: guideline.id, languages: languages,
                     blocks: languages.line(guideline.text).map { [.paragraph($0)] } ?? [])
    }

    init(kind: String, id: String, languages: RenderLanguages, blocks: [WikiBlock]) {
        self.kind = kind
        self.id = id
        self.languages = languages
        self.blocks = blocks
    }
}

extension WikiBlock {
    /// The lines the block holds.
    var lines: [WikiLine] {
        switch self {
        case .heading(_, let line), .paragraph(let line): return [line]
        case .list(let items): return items
        }
    }
}
