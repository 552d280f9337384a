/// A page of search hits, each with the texts it shows: what `Store.search(_:correcting:)` answers.
public struct SearchPage: Sendable {
    /// One hit and its texts.
    public struct Item: Sendable {
        public var hit: SearchHit
        public var texts: SearchHitTexts
    }

    /// The hits, totals and facets of the query searched.
    public var results: SearchResults
    /// The hits of this page with their texts, best first (`results.hits`, in that order).
    public var items: [Item]
    /// For the query as asked, when it found nothing: the query with its unknown words replaced by
    /// the closest words the index holds ("did you mean"); nil otherwise.
    public var suggestion: String?
    /// The query whose hits these are: the one asked, or its suggestion when `corrected`, less
    /// the `dropped` words. Its `terms` are what every hit matches.
    public var searched: SearchQuery
    /// True when the query asked found nothing and was searched again as suggested.
    public var corrected: Bool
    /// The words dropped from the end of the query (in the order written) because all its words
    /// together found nothing; empty when nothing was dropped.
    public var dropped: [SearchQuery.Term]
}
