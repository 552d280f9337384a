/// The facets of a search's matches: the topics with the most matches, how many topics matched,
/// and every category's count (categories are few and all listed).
struct SearchFacets: Sendable {
    /// The `limit` topics with the most matches, most first (ties: slug order).
    let topics: [(slug: String, count: Int)]
    /// Topics holding at least one match.
    let topicsMatched: Int
    /// Every category with a match, most first (ties: slug order).
    let categories: [(slug: String, count: Int)]

    /// The facets of matches counted per topic number of `directory` (`RowDirectory.topicCounts`).
    init(topicCounts: [Int], directory: RowDirectory, limit: Int) {
        var categoryCounts = [Int](repeating: 0, count: directory.categorySlugs.count)
        var matched = 0
        for (number, count) in topicCounts.enumerated() where count > 0 {
            categoryCounts[directory.topicCategories[number]] += count
            matched += 1
        }
        topics = Self.largest(topicCounts, directory.topicSlugs, limit: limit)
        topicsMatched = matched
        categories = Self.largest(categoryCounts, directory.categorySlugs, limit: .max)
    }

    /// Bytes held, for a cache's budget (slugs are shared with the directory).
    var byteCount: Int { (topics.count + categories.count) * 24 + 48 }

    /// The `limit` largest non-zero counts with their slugs, keeping the best in order while
    /// passing over all of them once.
    private static func largest(_ counts: [Int], _ slugs: [String], limit: Int) -> [(slug: String, count: Int)] {
        var listed: [(slug: String, count: Int)] = []
        func before(_ a: (slug: String, count: Int), _ b: (slug: String, count: Int)) -> Bool {
            a.count != b.count ? a.count > b.count : a.slug < b.slug
        }
        for (number, count) in counts.enumerated() where count > 0 {
            let facet = (slug: slugs[number], count: count)
            if listed.count == limit, let last = listed.last, !before(facet, last) { continue }
            let position = listed.firstIndex { before(facet, $0) } ?? listed.count
            listed.insert(facet, at: position)
            if listed.count > limit { listed.removeLast() }
        }
        return listed
    }
}
