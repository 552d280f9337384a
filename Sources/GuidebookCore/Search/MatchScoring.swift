/// How a search scores the rows it matches, as FTS5's `bm25()` scores the whole expression: each
/// scoring phrase adds idf × its term weight in the rows it holds, in phrase order; a row holding
/// a phrase of `asWritten` (the half-typed last word as written) starts at
/// `SearchEngine.asWrittenBonus`.
///
/// One scorer serves both ways of ranking (every match at once, or window by window in
/// `WindowedSearch`), so a row's score is the same double either way, and so are the pages.
struct MatchScoring {
    /// The phrases whose hits add to a score, ascending (the order of the additions).
    let order: [Int]
    /// Each phrase's idf (by phrase index; 0 for a phrase that does not score).
    let idfs: [Double]
    /// The phrases of the word as written, whose rows get the bonus.
    let asWritten: [Int]

    init(condition: SearchCondition, postings: [PhrasePostings], asWritten: [Int], rowCount: Int) {
        order = condition.scoringPhrases.sorted()
        var idfs = [Double](repeating: 0, count: postings.count)
        for index in order { idfs[index] = SearchEngine.idf(matching: postings[index].rows.count, of: rowCount) }
        self.idfs = idfs
        self.asWritten = asWritten
    }

    /// Scores each of `matches` and offers it to `best`. Phrase `index` holds `rows(index)` with
    /// `weights(index)` (all its rows, or those of one window); with `samePhrase`, `matches` are
    /// that phrase's rows, index for index.
    func offer(_ matches: ArraySlice<UInt32>, rows: (Int) -> ArraySlice<UInt32>, weights: (Int) -> ArraySlice<Float>,
               samePhrase: Int? = nil, into best: inout BestRows) {
        var scores = [Double](repeating: 0, count: matches.count)
        if !asWritten.isEmpty {
            var holds = [Bool](repeating: false, count: matches.count)
            for index in asWritten { RowSet.forEachCommon(matches, rows(index)) { match, _ in holds[match] = true } }
            for position in holds.indices where holds[position] { scores[position] = SearchEngine.asWrittenBonus }
        }
        for index in order {
            let idf = idfs[index]
            if index == samePhrase {
                scores.withUnsafeMutableBufferPointer { scores in
                    weights(index).withUnsafeBufferPointer { weights in
                        for position in 0..<scores.count { scores[position] += idf * Double(weights[position]) }
                    }
                }
            } else {
                RowSet.accumulate(idf, rows: rows(index), weights: weights(index), over: matches, into: &scores)
            }
        }
        matches.withUnsafeBufferPointer { matches in
            scores.withUnsafeBufferPointer { scores in
                for index in 0..<matches.count where scores[index] >= best.floor { best.offer(scores[index], matches[index]) }
            }
        }
    }
}
