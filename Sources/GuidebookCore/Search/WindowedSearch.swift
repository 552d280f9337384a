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
///   page are walked row by row), until the page is full and no window left can enter it: those
///   windows are skipped unread. The page is the one scoring every match gives, ties included: a
///   window is skipped only when its ceiling is below the page's lowest score, or equal to it
///   with every rowid above the lowest row's (equal scores rank the lower rowid first), so no
///   row that belongs on the page is missed.
/// - **Counting.** Matches are counted exactly, in rowid order, until there are more than `bound`
///   (so a total up to the bound is always exact): the rows of the phrases that together hold
///   every match (`SearchCondition.cover`) are walked, and each tested against the condition by
///   galloping through the other phrases' rows. Past the bound, the rest is estimated from a
///   systematic sample: every k-th row of the phrases that together hold every
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
        /// Matches: exact when `isExact`, otherwise the exact count of `counted` plus an estimate of the rows after its last.
        var total: Int
        var isExact: Bool
        /// Matches per topic number, exact or estimated as `total` is.
        var topicCounts: [Int]
        /// Every match counted exactly, ascending: the first ones in rowid order, one more than the bound at most.
        var counted: [UInt32]
        /// True when `counted` is every match: there were no more than the bound.
        var isComplete: Bool
    }

    /// Counts the matches: exactly, in rowid order, until there are more than `bound` (so a total
    /// up to the bound is always exact), then estimated for the rowids past the last one counted,
    /// from a sample of at most `sample` rows.
    func count(bound: Int, sample: Int = sampleSize) -> Count {
        let cover = original.cover { postings[$0].rows.count }
        let coverMask = cover.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        let others = named.filter { coverMask & (1 << UInt64($0)) == 0 }
        var counted: [UInt32] = []
        // Room for the bound and one more, or for every row of the cover when fewer (a bound of
        // Int.max must not overflow, nor a negative one ask for negative room).
        counted.reserveCapacity(max(0, min(bound, cover.reduce(0) { $0 + postings[$1].rows.count }) + 1))
        // Every match is a row of a covering phrase: those rows are walked in rowid order (a merge
        // of the covering phrases' rows), and each one's other phrases found by galloping forward.
        let last: UInt32? = postings.map(\.rows).withUnsafeBuffers { rows in
            var cursors = [Int](repeating: 0, count: rows.count)
            var positions = [Int](repeating: 0, count: rows.count)
            while true {
                var row = UInt32.max
                var holds: UInt64 = 0
                for index in cover where cursors[index] < rows[index].count {
                    let candidate = rows[index][cursors[index]]
                    if holds == 0 || candidate < row {
                        row = candidate
                        holds = 1 << UInt64(index)
                    } else if candidate == row {
                        holds |= 1 << UInt64(index)
                    }
                }
                guard holds != 0 else { return nil }
                for index in cover where holds & (1 << UInt64(index)) != 0 { cursors[index] += 1 }
                for index in others {
                    let found = RowSet.lowerBound(rows[index], row, from: positions[index])
                    positions[index] = found
                    if found < rows[index].count && rows[index][found] == row { holds |= 1 << UInt64(index) }
                }
                guard condition.matches(holds) else { continue }
                counted.append(row)
                if counted.count > bound { return row }
            }
        }
        var topicCounts = directory.topicCounts(of: counted)
        guard let last, last < UInt32.max else {
            // Nothing left to count (no rowid follows the last one counted): every match is counted.
            return Count(total: counted.count, isExact: true, topicCounts: topicCounts, counted: counted, isComplete: true)
        }
        let estimated = estimate(from: last + 1, sample: sample)
        for (topic, count) in estimated.topicCounts.enumerated() { topicCounts[topic] += count }
        return Count(total: counted.count + estimated.total, isExact: estimated.isExact, topicCounts: topicCounts, counted: counted,
                     isComplete: false)
    }

    /// The best `wanted` matches, best first (as `BestRows` orders them). When `counted` (from
    /// `count`; nil when the matches were not counted) holds every match (there were no more than
    /// the bound), they are scored all at once.
    func best(_ wanted: Int, counted: Count?) -> [(score: Double, row: UInt32)] {
        var best = BestRows(capacity: wanted)
        if let counted, counted.isComplete {
            scoring.offer(counted.counted[...], rows: { postings[$0].rows[...] }, weights: { postings[$0].weights[...] }, into: &best)
            return best.rows
        }
        // Every window where the condition can match, with its ceiling, taken best first.
        let windows = postings.map(\.windows)
        let order = scoring.order, idfs = scoring.idfs
        let asWritten = scoring.asWritten.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        var candidates = WindowQueue()
        candidates.reserve(windowCount)
        for window in 0..<windowCount {
            var present: UInt64 = 0
            for index in named where windows[index].holdsRows(window) { present |= 1 << UInt64(index) }
            guard condition.canMatch(present) else { continue }
            var ceiling = present & asWritten != 0 ? SearchEngine.asWrittenBonus : 0
            for index in order where present & (1 << UInt64(index)) != 0 { ceiling += idfs[index] * Double(windows[index].maximum(window)) }
            candidates.append(window: window, ceiling: ceiling)
        }
        candidates.heapify()
        postings.map(\.rows).withUnsafeBuffers { rows in
            postings.map(\.weights).withUnsafeBuffers { weights in
                windows.map(\.fineMaxima).withUnsafeBuffers { fineMaxima in
                    windows.map(\.fineOffsets).withUnsafeBuffers { fineOffsets in
                        var ranker = WindowRanker(condition: condition, named: named, scoring: scoring, rows: rows, weights: weights,
                                                  fineMaxima: fineMaxima, fineOffsets: fineOffsets, windows: windows,
                                                  windowShift: directory.windowShift)
                        while let (window, ceiling) = candidates.popBest() {
                            // Taken best ceiling first, lower window first among equal ones: once one
                            // cannot enter the page, none after it can.
                            if best.excludes(ceiling: ceiling, fromRow: UInt32(window) << UInt32(directory.windowShift)) { break }
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
                // The earlier covering phrases first: a row one of them holds was counted with it.
                let others = cover[..<position] + named.filter { other in other != index && !cover[..<position].contains(other) }
                for other in others { positions[other] = 0 }
                var next = firsts[position]
                while next < rows[index].count {
                    let row = rows[index][next]
                    next += stride
                    // Which phrases hold the row (each gallops on from where it was: rows come in order).
                    var holds: UInt64 = 1 << UInt64(index)
                    for other in others {
                        let found = RowSet.lowerBound(rows[other], row, from: positions[other])
                        positions[other] = found
                        if found < rows[other].count && rows[other][found] == row { holds |= 1 << UInt64(other) }
                        if holds & earlier != 0 { break }
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

/// The windows a search may rank, best ceiling first (among equal ceilings, lower window first):
/// a binary heap, so taking the few best of a couple of thousand windows costs no full sort.
private struct WindowQueue {
    private var entries: [(window: Int, ceiling: Double)] = []

    mutating func reserve(_ count: Int) { entries.reserveCapacity(count) }

    mutating func append(window: Int, ceiling: Double) { entries.append((window, ceiling)) }

    /// Orders the windows appended so far into a heap (call once, before `popBest`).
    mutating func heapify() {
        var index = entries.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    mutating func popBest() -> (window: Int, ceiling: Double)? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return first
    }

    @inline(__always)
    private func before(_ a: (window: Int, ceiling: Double), _ b: (window: Int, ceiling: Double)) -> Bool {
        a.ceiling != b.ceiling ? a.ceiling > b.ceiling : a.window < b.window
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            var child = left
            if left + 1 < entries.count && before(entries[left + 1], entries[left]) { child = left + 1 }
            guard before(entries[child], entries[parent]) else { return }
            entries.swapAt(parent, child)
            parent = child
        }
    }
}
