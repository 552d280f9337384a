import SQLite

/// Runs searches on a read connection.
///
/// Ranking is FTS5's bm25 over the index (titles weighted 10x), in the `ORDER BY rank LIMIT n`
/// shape so SQLite keeps only the best n rows while it scores.
public struct SearchEngine {
    let database: Database

    /// How many matching rows the facet counts look at before they are labelled estimates.
    public static let facetLimit = 2_000

    public init(database: Database) {
        self.database = database
    }

    public func search(_ request: SearchRequest) throws -> SearchResults {
        var filter = ""
        var values: [SQLValue] = [.text(request.query.expression)]
        if let topic = request.topic {
            values.append(.text(topic))
            filter += " AND topic = ?\(values.count)"
        }
        if let category = request.category {
            values.append(.text(category))
            filter += " AND category = ?\(values.count)"
        }

        // One extra row tells whether another page follows.
        var rows: [(rowID: Int64, hit: SearchHit)] = []
        try database.forEachRow("""
            SELECT rowid, ref, topic, category, rank FROM search_index
            WHERE search_index MATCH ?1\(filter) ORDER BY rank LIMIT \(request.limit + 1) OFFSET \(request.offset)
            """, values) { row in
            let rowID = row.int64(0)
            rows.append((rowID, SearchHit(kind: SearchIndexer.Kind(rawValue: rowID % 4) ?? .guideline, ref: row.text(1),
                                          topic: row.text(2), category: row.text(3), score: -row.double(4), matchedLocales: [])))
        }
        let hasMore = rows.count > request.limit
        // Equal scores keep a fixed order (by record) so pages are stable.
        let page = rows.prefix(request.limit).sorted { $0.hit.score != $1.hit.score ? $0.hit.score > $1.hit.score : $0.rowID < $1.rowID }.map(\.hit)

        let total = try database.scalarInt("SELECT count(*) FROM search_index WHERE search_index MATCH ?1\(filter)", values) ?? 0

        var topicCounts: [String: Int] = [:]
        var categoryCounts: [String: Int] = [:]
        var seen = 0
        try database.forEachRow("""
            SELECT topic, category FROM search_index WHERE search_index MATCH ?1\(filter) LIMIT \(Self.facetLimit)
            """, values) { row in
            seen += 1
            topicCounts[row.text(0), default: 0] += 1
            categoryCounts[row.text(1), default: 0] += 1
        }
        func sorted(_ counts: [String: Int]) -> [(slug: String, count: Int)] {
            counts.map { (slug: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.slug < $1.slug }
        }
        return SearchResults(hits: page, total: total, topicFacets: sorted(topicCounts), categoryFacets: sorted(categoryCounts),
                             facetsAreExact: seen < Self.facetLimit, hasMore: hasMore)
    }
}
