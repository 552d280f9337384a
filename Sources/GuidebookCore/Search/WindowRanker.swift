/// Scores the matches of one window of rowids at a time, finer than the window: the part of
/// `WindowedSearch` that looks at rows.
///
/// A window's ceiling (the sum of each phrase's heaviest weight in it) is loose: the heaviest
/// rows of two phrases are seldom the same row, so on a large index nearly every window may reach
/// the page. So each window is looked at in its 64 sub-windows: a sub-window's ceiling takes each
/// phrase's bound there (`PostingWindows.fineMaximum`), and only the sub-windows where a row may
/// still enter the page (`BestRows.excludes`) are walked, row by row (each phrase keeps a cursor). A row that
/// matches is scored with exactly the additions of `MatchScoring.offer` (the bonus, then idf × the
/// weight of each phrase holding it, in phrase order), so its score is the same double, and a
/// ceiling, made of the same additions with weights no lighter, is never below it.
///
/// It works on raw buffers of the phrases' rows and weights, valid while `WindowedSearch.best`
/// runs, and keeps its scratch arrays from one window to the next: no allocation per window.
struct WindowRanker {
    private let condition: CompiledCondition
    private let named: [Int]
    private let order: [Int]
    private let idfs: [Double]
    private let asWritten: UInt64
    private let rows: [UnsafeBufferPointer<UInt32>]
    private let weights: [UnsafeBufferPointer<Float>]
    /// Each phrase's sub-window bounds (`PostingWindows.fineMaxima`, `fineOffsets`, `fineScale`).
    private let fineMaxima: [UnsafeBufferPointer<UInt8>]
    private let fineOffsets: [UnsafeBufferPointer<Int32>]
    private let fineScales: [Float]
    private let windowShift: Int
    private let fineBits: Int
    /// Per phrase: where the walk is and where it stops (the sub-window's end), and where the rest
    /// of the window's rows start and end.
    private var cursors: [Int]
    private var walkEnds: [Int]
    private var starts: [Int]
    private var ends: [Int]
    /// Per sub-window of the window at hand: the ceiling.
    private var ceilings: [Double]

    init(condition: CompiledCondition, named: [Int], scoring: MatchScoring, rows: [UnsafeBufferPointer<UInt32>],
         weights: [UnsafeBufferPointer<Float>], fineMaxima: [UnsafeBufferPointer<UInt8>], fineOffsets: [UnsafeBufferPointer<Int32>],
         windows: [PostingWindows], windowShift: Int) {
        (self.condition, self.named, self.rows, self.weights, self.windowShift) = (condition, named, rows, weights, windowShift)
        (self.fineMaxima, self.fineOffsets, fineScales) = (fineMaxima, fineOffsets, windows.map(\.fineScale))
        (order, idfs) = (scoring.order, scoring.idfs)
        asWritten = scoring.asWritten.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        fineBits = named.first.map { windows[$0].fineBits } ?? 0
        cursors = [Int](repeating: 0, count: rows.count)
        walkEnds = cursors
        starts = cursors
        ends = cursors
        ceilings = [Double](repeating: 0, count: 1 << fineBits)
    }

    /// Offers every match of window `window` that may reach `best` to it (`windows`: each phrase's).
    mutating func rank(window: Int, windows: [PostingWindows], into best: inout BestRows) {
        let fines = 1 << fineBits
        let fineShift = windowShift - fineBits
        // Each sub-window's ceiling: the additions of a score (the bonus, then each phrase's bound
        // there, in the score's order). A phrase with no rows in a sub-window adds exactly 0 there
        // (its bound is 0, its idf finite), which leaves the sum as it is, so every sub-window
        // takes every addition and the loop has no branch: this is most of a large query's
        // ranking, as nearly every sub-window is ruled out by its ceiling alone. (Locals, so that
        // the loops read no property of `self` while its ceilings are written.)
        let (named, order, idfs, fineScales, asWritten) = (named, order, idfs, fineScales, asWritten)
        let (fineMaxima, fineOffsets) = (fineMaxima, fineOffsets)
        ceilings.withUnsafeMutableBufferPointer { ceilings in
            for fine in 0..<fines { ceilings[fine] = 0 }
            for index in named where asWritten & (1 << UInt64(index)) != 0 {
                guard let bounds = Self.fineBounds(fineMaxima[index], fineOffsets[index], window) else { continue }
                for fine in 0..<fines where bounds[fine] != 0 { ceilings[fine] = SearchEngine.asWrittenBonus }
            }
            for index in order {
                guard let bounds = Self.fineBounds(fineMaxima[index], fineOffsets[index], window) else { continue }
                let scale = fineScales[index], idf = idfs[index]
                for fine in 0..<fines { ceilings[fine] += idf * Double(Float(bounds[fine]) * scale) }
            }
        }
        // Each phrase's rows in the window; sub-windows are taken in rowid order, so each search
        // for a sub-window's rows starts where the last one ended.
        for index in named {
            let range = windows[index].range(of: window)
            (starts[index], ends[index]) = (range.lowerBound, range.upperBound)
        }
        for fine in 0..<fines {
            let low = UInt32(window << windowShift | fine << fineShift)
            if best.excludes(ceiling: ceilings[fine], fromRow: low) { continue }
            // Which phrases have rows in the sub-window: looked up only for the few not ruled out.
            var present: UInt64 = 0
            for index in named where Self.fineBounds(fineMaxima[index], fineOffsets[index], window)?[fine] ?? 0 != 0 {
                present |= 1 << UInt64(index)
            }
            guard condition.canMatch(present) else { continue }
            // The rows of each phrase in the sub-window.
            let high = UInt64(low) + (1 << UInt64(fineShift))
            for index in named {
                let from = RowSet.lowerBound(rows[index], low, from: starts[index])
                cursors[index] = from
                walkEnds[index] = high > UInt64(UInt32.max) ? ends[index] : min(ends[index], RowSet.lowerBound(rows[index], UInt32(high), from: from))
                starts[index] = walkEnds[index]
            }
            walk(into: &best)
        }
    }

    /// A phrase's bounds in the sub-windows of `window` (`1 << fineBits` of them; `maxima` and
    /// `offsets` are its `fineMaxima` and `fineOffsets`), nil when it has no rows there.
    @inline(__always)
    private static func fineBounds(_ maxima: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<Int32>, _ window: Int) -> UnsafePointer<UInt8>? {
        guard window < offsets.count, offsets[window] >= 0, let base = maxima.baseAddress else { return nil }
        return base + Int(offsets[window])
    }

    /// Scores every match between the cursors and their ends, row by row in rowid order.
    private mutating func walk(into best: inout BestRows) {
        while true {
            // The next row any phrase holds, and which phrases hold it.
            var row = UInt32.max
            var holds: UInt64 = 0
            for index in named where cursors[index] < walkEnds[index] {
                let candidate = rows[index][cursors[index]]
                if holds == 0 || candidate < row {
                    row = candidate
                    holds = 1 << UInt64(index)
                } else if candidate == row {
                    holds |= 1 << UInt64(index)
                }
            }
            guard holds != 0 else { return }
            if condition.matches(holds) {
                var score = holds & asWritten != 0 ? SearchEngine.asWrittenBonus : 0
                for index in order where holds & (1 << UInt64(index)) != 0 { score += idfs[index] * Double(weights[index][cursors[index]]) }
                if score >= best.floor { best.offer(score, row) }
            }
            for index in named where holds & (1 << UInt64(index)) != 0 { cursors[index] += 1 }
        }
    }
}

extension Array {
    /// Calls `body` with a buffer pointer to each array of `self`, valid inside `body` only.
    func withUnsafeBuffers<T, R>(_ body: ([UnsafeBufferPointer<T>]) -> R) -> R where Element == [T] {
        var buffers: [UnsafeBufferPointer<T>] = []
        buffers.reserveCapacity(count)
        func nest(_ index: Int) -> R {
            guard index < count else { return body(buffers) }
            return self[index].withUnsafeBufferPointer { buffer in
                buffers.append(buffer)
                return nest(index + 1)
            }
        }
        return nest(0)
    }
}
