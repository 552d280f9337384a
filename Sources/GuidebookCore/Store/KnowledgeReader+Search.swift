internal import SQLite

extension KnowledgeReader {
    /// Runs a search in this reader's read transaction, with the store's search cache: the hits of
    /// one page, the total and the facets. A query SQLite refuses is `SearchEngine.Failure.queryRefused`.
    public func search(_ request: SearchRequest) throws -> SearchResults {
        try search(request, cache: searchCache ?? SearchCache(capacityBytes: 0))
    }

    /// Runs a search and reads the texts its hits show, in this reader's read transaction, so the
    /// checks a caller made in the same transaction (does the topic exist?) and the search see one
    /// snapshot. A query that finds nothing is, with `correcting`, searched again as its suggestion
    /// says (`SearchPage.corrected`); then, with `relaxing`, when the query searched still finds
    /// nothing, its words are dropped from the end one at a time until it finds something
    /// (`SearchQuery.droppingLastWord`, `SearchPage.dropped`). The suggestion is always the one
    /// for the query as asked.
    public func search(_ request: SearchRequest, correcting: Bool, relaxing: Bool = false) throws -> SearchPage {
        let cache = searchCache ?? SearchCache(capacityBytes: 0)
        var results = try search(request, cache: cache)
        let suggestion = results.suggestion
        var searched = request
        var corrected = false
        if correcting, let suggestion, let suggested = try? SearchQuery.parse(suggestion) {
            searched.query = suggested
            corrected = true
            results = try search(searched, cache: cache)
        }
        var dropped: [SearchQuery.Term] = []
        if relaxing && results.total == 0 {
            var shorter = searched
            shorter.suggests = false
            // Typos corrected and still nothing: words are dropped from the corrected query, so no
            // shorter query looks its words up again.
            let correction = results.unmatchedCorrection
            if let correction {
                shorter.query = correction.query
                shorter.correctsTypos = false
            }
            // Each shorter query holds a subset of the words of the one before, so it finds at
            // least what that one finds: the first that finds something is found by halving the
            // candidates (5 searches for 31 words, not 31).
            var candidates: [(query: SearchQuery, dropped: [SearchQuery.Term])] = []
            var query = shorter.query
            while let next = query.droppingLastWord() {
                query = next.query
                candidates.append((query, [next.dropped] + (candidates.last?.dropped ?? [])))
            }
            var low = 0, high = candidates.count
            var foundAt: [Int: SearchResults] = [:]
            while low < high {
                let middle = (low + high) / 2
                shorter.query = candidates[middle].query
                let found = try search(shorter, cache: cache)
                if found.total > 0 {
                    foundAt[middle] = found
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            if var found = foundAt[low] {
                var droppedSoFar = candidates[low].dropped
                shorter.query = candidates[low].query
                if let correction { Self.keep(correction, of: searched.query, for: shorter.query, in: &found, dropped: &droppedSoFar) }
                (searched, results, dropped) = (shorter, found, droppedSoFar)
            }
        }
        let texts = try searchHitTexts(results.hits)
        return SearchPage(results: results, items: zip(results.hits, texts).map { SearchPage.Item(hit: $0, texts: $1) },
                          suggestion: suggestion, searched: results.searched ?? searched.query, corrected: corrected, dropped: dropped)
    }

    /// The corrections of `correction` (of the query `written`) that `query` (its words after some
    /// were dropped) still holds, written into `found`; dropped corrected words are named as they
    /// were written. Words are matched by place, not text: a corrected word may be the same as
    /// another word of the query (`sheet progress prgress`), and then only its place says which
    /// of the two was dropped.
    private static func keep(_ correction: (query: SearchQuery, terms: [(from: String, to: String)], layout: [(from: String, to: String)]),
                             of written: SearchQuery, for query: SearchQuery, in found: inout SearchResults, dropped: inout [SearchQuery.Term]) {
        found.searched = found.searched ?? query
        let corrected = correction.query.terms
        // Each shorter query dropped the last droppable word of the one before.
        let droppedPlaces = Array(corrected.indices.filter { corrected[$0].isDroppable }.suffix(dropped.count))
        guard corrected.count == written.terms.count, droppedPlaces.count == dropped.count else {
            // The correction changed the number of terms (it never does today): by text, as best it can.
            let kept = Set(query.terms.map(\.text))
            found.correctedTerms = correction.terms.filter { kept.contains($0.to) }
            found.layoutCorrected = correction.layout.filter { kept.contains($0.to) }
            let byText = Dictionary((correction.terms + correction.layout).map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
            dropped = dropped.map { term in byText[term.text].map { SearchQuery.Term(text: $0, range: term.range, isDroppable: term.isDroppable) } ?? term }
            return
        }
        let keptPlaces = Set(corrected.indices).subtracting(droppedPlaces)
        func isKept(_ change: (from: String, to: String)) -> Bool {
            keptPlaces.contains { written.terms[$0].text == change.from && corrected[$0].text == change.to }
        }
        found.correctedTerms = correction.terms.filter(isKept)
        found.layoutCorrected = correction.layout.filter(isKept)
        dropped = zip(dropped, droppedPlaces).map { term, place in
            SearchQuery.Term(text: written.terms[place].text, range: term.range, isDroppable: term.isDroppable)
        }
    }

    /// Runs a search on this reader's connection with `cache`. A query SQLite refuses (the query
    /// builder only emits valid expressions, so this should not happen) is
    /// `SearchEngine.Failure.queryRefused`: the query cannot be run as written, which is not a
    /// fault of the server. A read transaction older than the cache is answered from its own
    /// snapshot by the cache (`SearchCache.directory`).
    func search(_ request: SearchRequest, cache: SearchCache) throws -> SearchResults {
        do {
            return try SearchEngine(database: database, cache: cache).search(request)
        } catch let error as SQLiteError where error.isGenericError {
            throw SearchEngine.Failure.queryRefused
        }
    }
}
