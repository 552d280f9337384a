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
    /// The review state of the title and summary in each locale (one translation unit), where it
    /// is not `translated`; and the locales whose translation was made from an earlier English.
    public var review: BundleReview

    public init(slug: String, category: String, title: LocalizedText, summary: LocalizedText, sections: [BundleSection],
                review: BundleReview = BundleReview()) {
        self.slug = slug
        self.category = category
        self.title = title
        self.summary = summary
        self.sections = sections
        self.review = review
    }

    enum CodingKeys: String, CodingKey { case slug, category, title, summary, sections, states, outdated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        slug = try c.decode(String.self, forKey: .slug)
        category = try c.decode(String.self, forKey: .category)
        title = try c.decode(LocalizedText.self, forKey: .title)
        summary = try c.decode(LocalizedText.self, forKey: .summary)
        sections = try c.decode([BundleSection].self, forKey: .sections)
        review = try BundleReview(from: c, states: .states, outdated: .outdated)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(slug, forKey: .slug)
        try c.encode(category, forKey: .category)
        try c.encode(title, forKey: .title)
        try c.encode(summary, forKey: .summary)
        try c.encode(sections, forKey: .sections)
        try review.encode(to: &c, states: .states, outdated: .outdated)
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
    /// The review state of the title in each locale where it is not `translated`, and the locales
    /// whose title was translated from an earlier English.
    public var review: BundleReview

    public init(key: String, title: LocalizedText, guidelines: [BundleGuideline], review: BundleReview = BundleReview()) {
        self.key = key
        self.title = title
        self.guidelines = guidelines
        self.review = review
    }

    enum CodingKeys: String, CodingKey { case key, title, guidelines, states, outdated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        title = try c.decodeIfPresent(LocalizedText.self, forKey: .title) ?? [:]
        guidelines = try c.decodeIfPresent([BundleGuideline].self, forKey: .guidelines) ?? []
        review = try BundleReview(from: c, states: .states, outdated: .outdated)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(title, forKey: .title)
        try c.encode(guidelines, forKey: .guidelines)
        try review.encode(to: &c, states: .states, outdated: .outdated)
    }
}

/// One guideline: a short piece of advice with its translations.
public struct BundleGuideline: Codable, Sendable, Equatable {
    /// Stable, globally unique identifier, by convention "topic-slug.short-key".
    public var id: String
    public var text: LocalizedText
    /// The review state of the text in each locale where it is not `translated`, and the locales
    /// whose text was translated from an earlier English.
    public var review: BundleReview

    public init(id: String, text: LocalizedText, review: BundleReview = BundleReview()) {
        self.id = id
        self.text = text
        self.review = review
    }

    enum CodingKeys: String, CodingKey { case id, text, states, outdated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        text = try c.decode(LocalizedText.self, forKey: .text)
        review = try BundleReview(from: c, states: .states, outdated: .outdated)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(text, forKey: .text)
        try review.encode(to: &c, states: .states, outdated: .outdated)
    }
}

/// Where a text's translations stand, beside the texts of a topic (its title and summary, one
/// unit), a section (its title) or a guideline: `"states": {"ko": "draft"}` gives the review state
/// of each translation that is not `translated` (the default, so a bundle without it imports as
/// it always did), and `"outdated": ["ko"]` the locales whose translation was made from an earlier
/// English than the bundle's. Both members are left out when empty. The values are checked by
/// `BundleValidator`, which names the field of one that is not a review state.
public struct BundleReview: Sendable, Equatable {
    /// Review state by locale: `draft`, `translated` or `approved` (kept as written until validated).
    public var states: [String: String]
    /// Locales whose translation translates an English text before the one the bundle holds.
    public var outdated: [String]

    public init(states: [String: String] = [:], outdated: [String] = []) {
        self.states = states
        self.outdated = outdated
    }

    /// True when the bundle says nothing of these translations (every one `translated`, none outdated).
    public var isEmpty: Bool { states.isEmpty && outdated.isEmpty }

    /// Reads the two members from the container of the text they describe (its own keys, so that
    /// a guideline is read through one container: an import reads every guideline).
    init<Key: CodingKey>(from c: KeyedDecodingContainer<Key>, states: Key, outdated: Key) throws {
        self.states = try c.decodeIfPresent([String: String].self, forKey: states) ?? [:]
        self.outdated = try c.decodeIfPresent([String].self, forKey: outdated) ?? []
    }

    /// Writes the two members into the container of the text they describe, each only when not empty.
    func encode<Key: CodingKey>(to c: inout KeyedEncodingContainer<Key>, states: Key, outdated: Key) throws {
        if !self.states.isEmpty { try c.encode(self.states, forKey: states) }
        if !self.outdated.isEmpty { try c.encode(self.outdated, forKey: outdated) }
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
