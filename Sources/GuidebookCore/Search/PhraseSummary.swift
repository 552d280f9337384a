/// What a one-phrase search without filters is answered from: how many rows the phrase matches,
/// its heaviest rows and the facets of all its rows.
///
/// `SearchCache` keeps summaries beside the postings and longer: a summary is about a kilobyte,
/// the postings 8 bytes per matching row. A half-typed word of a large index (`t` completed to
/// `the`, `애` to `앱`) matches most of its rows; when a rotation of such words holds more postings
/// than the cache, each would be read from FTS5 again on every keystroke (150–250 ms at 1M
/// guidelines). Its summary answers its first page instead, for as long as the index is unchanged.
struct PhraseSummary: Sendable {
    /// Rows the phrase matches (its idf follows from this and the directory's row count).
    let total: Int
    /// The heaviest rows, heaviest first (ties: lower rowid first), with their term weight (idf
    /// not applied): at most `PhrasePostings.bestCount`, or every row when there are fewer.
    let best: [(row: UInt32, weight: Float)]
    /// The facets of all of the phrase's rows.
    let facets: SearchFacets

    /// The summary of a phrase's `postings`, with the `facets` its search already worked out.
    init(_ postings: PhrasePostings, facets: SearchFacets) {
        total = postings.rows.count
        best = postings.best.map { (row: postings.rows[$0], weight: postings.weights[$0]) }
        self.facets = facets
    }

    /// True when the first `wanted` rows of the answer are all in `best`.
    func holds(_ wanted: Int) -> Bool { wanted <= best.count || best.count == total }

    /// Bytes held, for the cache's count of what it holds.
    var byteCount: Int { best.count * 8 + facets.byteCount + 32 }
}
