/// Ranks a query's best page and counts its matches window by window of rowids, without scoring
/// every match, and counting them exactly only up to a bound.
///
/// The rowids are cut into windows (`RowDirectory.windowShift`); each phrase's postings know where
/// their rows in each window start and the heaviest weight there (`PostingWindows`). So for each
/// window the engine knows, without reading a row, whether the condition can match in it (a
/// required phrase with no row there rules it out) and the most a row there can score
/// (`MatchScoring.ceiling`).
///
/// - **Ranking.** Windows are taken best ceiling first, their matches found and scored exactly as
///   when every match is scored (`MatchScoring.offer`), until the page is full and no window left
///   can reach its lowest score: those windows are skipped unread. The page is the one scoring
///   every match gives, ties included (a window is skipped only when its ceiling is *below* the
///   page's lowest score, so an equal score with a lower rowid is never missed).
/// - **Counting.** Matches are counted exactly, window after window in rowid order, until there
///   are `bound`. Past that, the rest is estimated from a systematic sample: every k-th row of the
///   phrases that together hold every match (`SearchCondition.cover`), each sampled row tested
///   against the condition and counted once (for the first of those phrases that holds it), as
///   k rows. Facets count the same way: exactly in the part counted, estimated in the rest.
struct WindowedSearch {
    let condition: SearchCondition
    let postings: [PhrasePostings]
    let scoring: MatchScoring
    let directory: RowDirectory
    /// Windows to look at: up to the last window any phrase has rows in.
    private let windowCount: Int

    /// Rows sampled, at most, to estimate the matches beyond the bound.
    static let sampleSize = 4_096

    /// Nil when the postings' windows do not line up with the directory's (read with a directory
    /// of another load; the caller then scores every match).
    init?(condition: SearchCondition, postings: [PhrasePostings], scoring: MatchScoring, directory: RowDirectory) {
        guard postings.allSatisfy({ $0.windows.shift == directory.windowShift }) else { return nil }
        (self.condition, self.postings, self.scoring, self.directory) = (condition, postings, scoring, directory)
        windowCount = postings.map(\.windows.count).max() ?? 0
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
            counted += matches(inWindows: window..<end)
            window = end
            span *= 2
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

    /// The best `wanted` matches, best first (as `BestRows` orders them). `counted` (from `count`;
    /// nil when the matches were not counted) saves finding the matches of the windows it covers
    /// again; when it covers every window (fewer matches than the bound), they are scored all at once.
    func best(_ wanted: Int, counted: Count?) -> [(score: Double, row: UInt32)] {
        var best = BestRows(capacity: wanted)
        if let counted, counted.windowsCounted >= windowCount {
            scoring.offer(counted.counted[...], rows: { postings[$0].rows[...] }, weights: { postings[$0].weights[...] }, into: &best)
            return best.rows
        }
        var windows: [(window: Int, ceiling: Double)] = []
        windows.reserveCapacity(windowCount)
        for window in 0..<windowCount where canMatch(window) {
            windows.append((window, scoring.ceiling(holds: { postings[$0].windows.holdsRows(window) },
                                                    heaviest: { postings[$0].windows.maximum(window) })))
        }
        windows.sort { $0.ceiling != $1.ceiling ? $0.ceiling > $1.ceiling : $0.window < $1.window }
        let shift = UInt32(directory.windowShift)
        for (window, ceiling) in windows {
            // Sorted by ceiling: once one cannot reach the page, none after it can.
            if best.rows.count == wanted && ceiling < best.floor { break }
            let matches: ArraySlice<UInt32>
            if let counted, window < counted.windowsCounted {
                matches = slice(counted.counted, window: window, shift: shift)
            } else {
                matches = self.matches(inWindows: window..<(window + 1))[...]
            }
            let range = { (index: Int) in postings[index].windows.range(of: window) }
            scoring.offer(matches, rows: { postings[$0].rows[range($0)] }, weights: { postings[$0].weights[range($0)] }, into: &best)
        }
        return best.rows
    }

    /// False when no row of `window` can match (a phrase the condition requires has none there).
    private func canMatch(_ window: Int) -> Bool {
        condition.canMatch { postings[$0].windows.holdsRows(window) }
    }

    /// The matches in a run of windows, ascending.
    private func matches(inWindows windows: Range<Int>) -> [UInt32] {
        if windows.count == 1, !canMatch(windows.lowerBound) { return [] }
        return Array(RowSet.evaluate(condition) { postings[$0].rows[postings[$0].windows.range(of: windows)] })
    }

    /// The rows of `rows` (ascending) in window `window`.
    private func slice(_ rows: [UInt32], window: Int, shift: UInt32) -> ArraySlice<UInt32> {
        rows.withUnsafeBufferPointer { buffer in
            let low = RowSet.lowerBound(buffer, UInt32(window) << shift, from: 0)
            // The last window may end at 2^32: then every row after `low` is in it.
            let end = UInt64(window + 1) << UInt64(shift)
            let high = end > UInt64(UInt32.max) ? buffer.count : RowSet.lowerBound(buffer, UInt32(end), from: low)
            return rows[low..<high]
        }
    }

    /// The matches from rowid `start` on, estimated from a systematic sample of the rows of the
    /// condition's cover: every `stride`-th row of each covering phrase, counted when it matches
    /// and no earlier covering phrase holds it (so each match is counted once), as `stride`
    /// matches. Exact when the stride is 1 (the cover has no more rows than the sample).
    private func estimate(from start: UInt32, sample: Int) -> (total: Int, isExact: Bool, topicCounts: [Int]) {
        let cover = condition.cover { postings[$0].rows.count }
        let firsts = cover.map { index in postings[index].rows.withUnsafeBufferPointer { RowSet.lowerBound($0, start, from: 0) } }
        let rowsLeft = zip(cover, firsts).reduce(0) { $0 + postings[$1.0].rows.count - $1.1 }
        let stride = max(1, (rowsLeft + sample - 1) / max(1, sample))
        var topicCounts = [Int](repeating: 0, count: directory.topicCount)
        var total = 0
        for (position, index) in cover.enumerated() {
            var cursors = RowCursors(postings: postings)
            let rows = postings[index].rows
            var next = firsts[position]
            while next < rows.count {
                let row = rows[next]
                next += stride
                // Counted for the first covering phrase that holds it.
                guard !cover[..<position].contains(where: { cursors.holds($0, row) }), condition.matches({ cursors.holds($0, row) }) else { continue }
                total += stride
                if let topic = directory.topic(ofRow: row) { topicCounts[topic] += stride }
            }
        }
        return (total, stride == 1, topicCounts)
    }
}

/// Whether each phrase holds a row, for rows asked in ascending order: each phrase keeps its
/// position and gallops on from it.
private struct RowCursors {
    let postings: [PhrasePostings]
    private var positions: [Int]

    init(postings: [PhrasePostings]) {
        self.postings = postings
        positions = [Int](repeating: 0, count: postings.count)
    }

    mutating func holds(_ index: Int, _ row: UInt32) -> Bool {
        postings[index].rows.withUnsafeBufferPointer { rows in
            let position = RowSet.lowerBound(rows, row, from: positions[index])
            positions[index] = position
            return position < rows.count && rows[position] == row
        }
    }
}
