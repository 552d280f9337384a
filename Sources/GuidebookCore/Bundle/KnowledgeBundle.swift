/// Text in several locales, keyed by locale code ("en", "ko", ...).
public typealias LocalizedText = [String: String]

/// The exchange format of the knowledge base: what `Seed/` holds, what `POST /v1/imports`
/// accepts and what `GET /v1/export` returns. Documented in `Seed/README.md`.
public struct KnowledgeBundle: Codable, Sendable, Equatable {
    /// Always "guidebook-bundle".
    public var format: String
    /// The format version; this binary reads version 1.
    public var version: Int
    /// Locales the bundle declares (code and display name). Optional: known locales need no declaration.
    public var locales: [BundleLocale]
    public var categories: [BundleCategory]
    public var topics: [BundleTopic]
    /// Term pairs used consistently across translations.
    public var glossary: [BundleGlossaryEntry]

    public static let formatName = "guidebook-bundle"
    public static let currentVersion = 1

    public init(locales: [BundleLocale] = [], categories: [BundleCategory] = [], topics: [BundleTopic] = [], glossary: [BundleGlossaryEntry] = []) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.locales = locales
        self.categories = categories
        self.topics = topics
        self.glossary = glossary
    }

    enum CodingKeys: String, CodingKey { case format, version, locales, categories, topics, glossary }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        version = try c.decode(Int.self, forKey: .version)
        locales = try c.decodeIfPresent([BundleLocale].self, forKey: .locales) ?? []
        categories = try c.decodeIfPresent([BundleCategory].self, forKey: .categories) ?? []
        topics = try c.decodeIfPresent([BundleTopic].self, forKey: .topics) ?? []
        glossary = try c.decodeIfPresent([BundleGlossaryEntry].self, forKey: .glossary) ?? []
    }

    /// Adds everything in `other` to this bundle (later entries win on equal keys at import time).
    public mutating func append(_ other: KnowledgeBundle) {
        locales.append(contentsOf: other.locales)
        categories.append(contentsOf: other.categories)
        topics.append(contentsOf: other.topics)
        glossary.append(contentsOf: other.glossary)
    }
}

/// A locale the knowledge base can hold text in.
public struct BundleLocale: Codable, Sendable, Equatable {
    /// BCP 47 language code, lower case ("en", "ko", "ja").
    public var code: String
    /// The locale's name in its own language ("English", "한국어").
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// A group of topics, such as "Controls" or "Views".
public struct BundleCategory: Codable, Sendable, Equatable {
    public var slug: String
    public var title: LocalizedText

    public init(slug: String, title: LocalizedText) {
        self.slug = slug
        self.title = title
    }
}

/// One topic of the guidelines, such as "Progress Indicators".
public struct BundleTopic: Codable, Sendable, Equatable {
    /// Stable identifier: the kebab-case English title.
    public var slug: String
    /// The slug of the topic's category.
    public var category: String
    public var title: LocalizedText
    public var summary: LocalizedText
    /// Sections in display order; a topic without headings has one section.
    public var sections: [BundleSection]

    public init(slug: String, category: String, title: LocalizedText, summary: LocalizedText, sections: [BundleSection]) {
        self.slug = slug
        self.category = category
        self.title = title
        self.summary = summary
        self.sections = sections
    }
}

/// A titled part of a topic, such as "Activity Indicators" inside "Progress Indicators".
public struct BundleSection: Codable, Sendable, Equatable {
    /// Stable identifier, unique inside its topic.
    public var key: String
    /// The heading; empty for a topic's untitled opening section.
    public var title: LocalizedText
    /// Guidelines in display order.
    public var guidelines: [BundleGuideline]

    public init(key: String, title: LocalizedText, guidelines: [BundleGuideline]) {
        self.key = key
        self.title = title
        self.guidelines = guidelines
    }

    enum CodingKeys: String, CodingKey { case key, title, guidelines }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        title = try c.decodeIfPresent(LocalizedText.self, forKey: .title) ?? [:]
        guidelines = try c.decodeIfPresent([BundleGuideline].self, forKey: .guidelines) ?? []
    }
}

/// One guideline: a short piece of advice with its translations.
public struct BundleGuideline: Codable, Sendable, Equatable {
    /// Stable, globally unique identifier, by convention "topic-slug.short-key".
    public var id: String
    public var text: LocalizedText

    public init(id: String, text: LocalizedText) {
        self.id = id
        self.text = text
    }
}

/// A glossary entry: the same term in several locales ("progress bar" / "진행률 표시줄").
public struct BundleGlossaryEntry: Codable, Sendable, Equatable {
    public var term: LocalizedText
    /// Optional usage note, in the source locale.
    public var note: String?

    public init(term: LocalizedText, note: String? = nil) {
        self.term = term
        self.note = note
    }
}
