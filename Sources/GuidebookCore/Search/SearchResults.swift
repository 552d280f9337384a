/// What a search asks for.
public struct SearchRequest: Sendable {
    public var query: SearchQuery
    public var topic: String?
    public var category: String?
    public var offset: Int
    public var limit: Int
    /// False: a search that finds nothing leaves `SearchResults.suggestion` nil without looking
    /// for one (the shorter queries of a relaxed search: the suggestion is the query's as written).
    public var suggests = true
    /// True: a half-typed last word (`SearchQuery.lastWord`) also finds its completions, as the
    /// API searches; false (the default here): every word as written, as FTS5 alone would.
    public var completes = false
    /// True: when the query finds nothing, each word that matches nothing as written is searched
    /// as its closest indexed word (`SearchVocabulary.typoCorrection`) and the answer says so
    /// (`SearchResults.correctedTerms`); false (the default here): no such search.
    public var correctsTypos = false
    /// Matches counted exactly, at least, before the rest may be estimated (`SearchResults.totalIsExact`).
    public var exactTotalBound = SearchEngine.exactTotalBound
    /// Rows sampled, at most, to estimate the matches past the bound (tests make it small).
    var estimateSample = WindowedSearch.sampleSize

    public init(query: SearchQuery, topic: String? = nil, category: String? = nil, offset: Int = 0, limit: Int = 10) {
        self.query = query
        self.topic = topic
        self.category = category
        self.offset = offset
        self.limit = limit
    }
}

/// One record a search found.
public struct SearchHit: Sendable {
    public var kind: SearchIndexer.Kind
    /// The record's row id in its own table (guidelines, topics or sections).
    public var recordID: Int64
    /// The row id of the record's topic (the record's own for a topic).
    public var topicID: Int64
    /// The row id of a guideline's section (nil for a topic or a section).
    public var sectionID: Int64?
    /// The guideline id, topic slug, or "topic#section" for a section.
    public var ref: String
    public var topic: String
    public var category: String
    /// Higher is better: bm25 as FTS5 computes it (the negation of its `rank`).
    public var score: Double
    /// Locales whose text matched (filled in by the caller, which has the texts).
    public var matchedLocales: [String]
}

/// A page of hits with the total and facet counts.
public struct SearchResults: Sendable {
    public var hits: [SearchHit]
    /// Matching records (each record once, whatever locales matched): exact when `totalIsExact`,
    /// otherwise an estimate above `SearchRequest.exactTotalBound`.
    public var total: Int
    /// False when `total` is an estimate: the matches were counted exactly up to the bound and
    /// estimated beyond it (`WindowedSearch`).
    public var totalIsExact: Bool
    /// Counts of matching records per topic slug (the `SearchEngine.topicFacetLimit` topics with
    /// the most) and per category slug (all), most first.
    public var topicFacets: [(slug: String, count: Int)]
    /// How many topics have matches (listed or not).
    public var topicsMatched: Int
    public var categoryFacets: [(slug: String, count: Int)]
    /// True when facets count every match; false when they are estimated as `total` is (the
    /// matches counted exactly, plus those of a sample of the rest, each standing for as many as
    /// the sample skipped).
    public var facetsAreExact: Bool
    /// True when more hits follow this page.
    public var hasMore: Bool
    /// When nothing matched: the query with each word the index does not know replaced by the
    /// closest word it does ("did you mean"); nil when something matched or no word is close.
    public var suggestion: String? = nil
    /// The completions the half-typed last word was searched with; nil when none were.
    public var completion: SearchCompletion? = nil
    /// The query as searched when completions joined it or typos were corrected (its highlights
    /// mark them); nil when it is the query asked.
    public var searched: SearchQuery? = nil
    /// The words of Hangul consonants searched as the initials (초성) of Korean words, and those words.
    public var initials: [SearchCompletion] = []
    /// The words searched as their closest indexed words because they matched nothing as written, in query order.
    public var correctedTerms: [(from: String, to: String)] = []
    /// The words searched as the word their keys type on the other keyboard layout (두벌식), in query order.
    public var layoutCorrected: [(from: String, to: String)] = []
    /// When nothing matched even with its typos corrected: the corrected query and its
    /// corrections, so that dropping words (`KnowledgeReader.search(_:correcting:relaxing:)`)
    /// starts from it rather than correcting every shorter query again (typos are looked up once
    /// per request, however many words it drops).
    public var unmatchedCorrection: (query: SearchQuery, terms: [(from: String, to: String)], layout: [(from: String, to: String)])? = nil
}

/// The completions a half-typed last word was searched with (search as you type).
public struct SearchCompletion: Sendable, Equatable {
    /// The word as typed (lower case).
    public var term: String
    /// The completed forms searched beside it, most rows first.
    public var forms: [String]
    /// Distinct completions found in the vocabulary; the `SearchQuery.maxCompletions` most frequent are `forms`.
    public var found: Int
}
