/// Ranks a query's best page and counts its matches window by window of rowids, without scoring
/// every match, and counting them exactly only up to a bound.
///
/// The rowids are cut into windows (`RowDirectory.windowShift`); each phrase's postings know where
/// their rows in each window start and the heaviest weight there (`PostingWindows`). So for each
/// window the engine knows, without reading a row, whether the condition can match in it (a
/// required phrase with no row there rules it out) and the most a row there can score (the
/// additions of a score, `MatchScoring.offer`, each with the window's heaviest weight).
///
/// - **Ranking.** Windows are taken best ceiling first and scored exactly as when every match is
///   scored (`WindowRanker`, which looks closer: only the parts of a window that can still reach the
///   page are walked row by row), until the page is full and no window left can reach its lowest
///   score: those windows are skipped unread. The page is the one scoring every match gives, ties
///   included (a window is skipped only when its ceiling is *below* the page's lowest score, so an
///   equal score with a lower rowid is never missed).
/// - **Counting.** Matches are counted exactly, window after window in rowid order, until there
///   are more than `bound` (so a total up to the bound is always exact). Past that, the rest is
///   estimated from a systematic sample: every k-th row of the phrases that together hold every
///   match (`SearchCondition.cover`), each sampled row tested against the condition and counted
///   once (for the first of those phrases that holds it), as k rows. Facets count the same way:
///   exactly in the part counted, estimated in the rest.
struct WindowedSearch {
    let condition: CompiledCondition
    let original: SearchCondition
    let postings: [PhrasePostings]
    let scoring: MatchScoring
    let directory: RowDirectory
    /// Windows to look at: up to the last window any phrase has rows in.
    private let windowCount: Int
    /// The phrases the condition names, ascending.
    private let named: [Int]

    /// Rows sampled, at most, to estimate the matches beyond the bound.
    static let sampleSize = 4_096

    /// Nil when the postings' windows do not line up with the directory's (read with a directory
    /// of another load), or the condition has phrases numbered 64 or more (`CompiledCondition`):
    /// the caller then scores every match.
    init?(condition: SearchCondition, postings: [PhrasePostings], scoring: MatchScoring, directory: RowDirectory) {
        guard postings.allSatisfy({ $0.windows.shift == directory.windowShift }), let compiled = CompiledCondition(condition) else { return nil }
        (self.condition, self.original, self.postings, self.scoring, self.directory) = (compiled, condition, postings, scoring, directory)
        named = (0..<64).filter { compiled.named & (1 << UInt64($0)) != 0 }
        windowCount = named.map { postings[$0].windows.count }.max() ?? 0
    }

    /// What counting found.
    struct Count {
        /// Matches: exact when `isExact`, otherwise the exact count in the windows counted plus an estimate of the rest.
        var total: Int
        var isExact: Bool
        /// Matches per topic number, exact or estimated as `total` is.
        var topicCounts: [Int]
        /// Every match in the windows counted exactly, ascending.
        var counted: [UInt32]
        /// The windows counted exactly: every one before this.
        var windowsCounted: Int
    }

    /// Counts the matches: exactly until there are more than `bound` (windows are taken in rowid
    /// order, each span twice the last), then estimated for the rowids past the last span counted,
    /// from a sample of at most `sample` rows.
    func count(bound: Int, sample: Int = sampleSize) -> Count {
        var counted: [UInt32] = []
        var window = 0, span = 1
        while window < windowCount && counted.count <= bound {
            let end = min(windowCount, window + span)
            let windows = window..<end
            counted += RowSet.evaluate(original) { postings[$0].rows[postings[$0].windows.range(of: windows)] }
            window = end
            // Twice the span, but no more than the windows that, as dense as those so far, hold
            // what is still to count (a quarter more): so little is counted past the bound.
            let wanted = Double(bound + 1 - counted.count) * Double(window) / Double(max(1, counted.count))
            span = max(1, min(span * 2, Int(wanted * 1.25) + 1))
        }
        var topicCounts = directory.topicCounts(of: counted)
        guard window < windowCount else {
            return Count(total: counted.count, isExact: true, topicCounts: topicCounts, counted: counted, windowsCounted: window)
        }
        let estimated = estimate(from: UInt32(window) << UInt32(directory.windowShift), sample: sample)
        for (topic, count) in estimated.topicCounts.enumerated() { topicCounts[topic] += count }
        return Count(total: counted.count + estimated.total, isExact: estimated.isExact, topicCounts: topicCounts, counted: counted,
                     windowsCounted: window)
    }

    /// The best `wanted` matches, best first (as `BestRows` orders them). When `counted` (from
    /// `count`; nil when the matches were not counted) covers every window (there were fewer
    /// matches than the bound), they are scored all at once.
    func best(_ wanted: Int, counted: Count?) -> [(score: Double, row: UInt32)] {
        var best = BestRows(capacity: wanted)
        if let counted, counted.windowsCounted >= windowCount {
            scoring.offer(counted.counted[...], rows: { postings[$0].rows[...] }, weights: { postings[$0].weights[...] }, into: &best)
            return best.rows
        }
        // Every window where the condition can match, with its ceiling, best first.
        let windows = postings.map(\.windows)
        let order = scoring.order, idfs = scoring.idfs
        let asWritten = scoring.asWritten.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        var candidates: [(window: Int, ceiling: Double)] = []
        candidates.reserveCapacity(windowCount)
        for window in 0..<windowCount {
            var present: UInt64 = 0
            for index in named where windows[index].holdsRows(window) { present |= 1 << UInt64(index) }
            guard condition.canMatch(present) else { continue }
            var ceiling = present & asWritten != 0 ? SearchEngine.asWrittenBonus : 0
            for index in order where present & (1 << UInt64(index)) != 0 { ceiling += idfs[index] * Double(windows[index].maximum(window)) }
            candidates.append((window, ceiling))
        }
        candidates.sort { $0.ceiling != $1.ceiling ? $0.ceiling > $1.ceiling : $0.window < $1.window }
        postings.map(\.rows).withUnsafeBuffers { rows in
            postings.map(\.weights).withUnsafeBuffers { weights in
                windows.map(\.fineMaxima).withUnsafeBuffers { fineMaxima in
                    windows.map(\.fineOffsets).withUnsafeBuffers { fineOffsets in
                        var ranker = WindowRanker(condition: condition, named: named, scoring: scoring, rows: rows, weights: weights,
                                                  fineMaxima: fineMaxima, fineOffsets: fineOffsets, windows: windows,
                                                  windowShift: directory.windowShift)
                        for (window, ceiling) in candidates {
                            // Sorted by ceiling: once one cannot reach the page, none after it can.
                            if best.isFull && ceiling < best.floor { break }
                            ranker.rank(window: window, windows: windows, into: &best)
                        }
                    }
                }
            }
        }
        return best.rows
    }

    /// The matches from rowid `start` on, estimated from a systematic sample of the rows of the
    /// condition's cover: every `stride`-th row of each covering phrase, counted when it matches
    /// and no earlier covering phrase holds it (so each match is counted once), as `stride`
    /// matches. Exact when the stride is 1 (the cover has no more rows than the sample).
    private func estimate(from start: UInt32, sample: Int) -> (total: Int, isExact: Bool, topicCounts: [Int]) {
        let cover = original.cover { postings[$0].rows.count }
        let firsts = cover.map { index in postings[index].rows.withUnsafeBufferPointer { RowSet.lowerBound($0, start, from: 0) } }
        let rowsLeft = zip(cover, firsts).reduce(0) { $0 + postings[$1.0].rows.count - $1.1 }
        let stride = max(1, (rowsLeft + sample - 1) / max(1, sample))
        var topicCounts = [Int](repeating: 0, count: directory.topicCount)
        var total = 0
        postings.map(\.rows).withUnsafeBuffers { rows in
            var positions = [Int](repeating: 0, count: rows.count)
            var earlier: UInt64 = 0
            for (position, index) in cover.enumerated() {
                for other in named { positions[other] = 0 }
                var next = firsts[position]
                while next < rows[index].count {
                    let row = rows[index][next]
                    next += stride
                    // Which phrases hold the row (each gallops on from where it was: rows come in order).
                    var holds: UInt64 = 0
                    for other in named {
                        let found = RowSet.lowerBound(rows[other], row, from: positions[other])
                        positions[other] = found
                        if found < rows[other].count && rows[other][found] == row { holds |= 1 << UInt64(other) }
                    }
                    // Counted for the first covering phrase that holds it.
                    guard holds & earlier == 0, condition.matches(holds) else { continue }
                    total += stride
                    if let topic = directory.topic(ofRow: row) { topicCounts[topic] += stride }
                }
                earlier |= 1 << UInt64(index)
            }
        }
        return (total, stride == 1, topicCounts)
    }
}
