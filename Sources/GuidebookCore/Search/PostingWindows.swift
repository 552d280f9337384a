/// A phrase's postings summarized per window of rowids: where each window's rows start and the
/// heaviest term weight in it. What lets a search rank its best page without scoring every match
/// (`WindowedSearch`): a window whose rows cannot reach the page's lowest score is skipped.
///
/// Windows are fixed ranges of `1 << shift` rowids (`RowDirectory.windowShift`), the same for every
/// phrase of a search, so the phrases' windows line up. Immutable, as the postings it summarizes.
struct PostingWindows: Sendable {
    /// log2 of the rowids in one window.
    let shift: Int
    /// Index into the phrase's rows of the first row of each window, and one more entry (the row
    /// count): window `w` holds rows `starts[w] ..< starts[w + 1]`. Covers the windows up to the
    /// phrase's last row; later windows hold none of its rows.
    private let starts: [UInt32]
    /// The heaviest term weight in each window (0 where it holds none).
    private let maxima: [Float]

    /// Windows summarized (those after them hold no row of the phrase).
    var count: Int { maxima.count }

    /// Bytes held, for the cache's budget.
    var byteCount: Int { starts.count * MemoryLayout<UInt32>.size + maxima.count * MemoryLayout<Float>.size }

    /// The windows of `rows` (ascending) and their `weights`.
    init(rows: [UInt32], weights: [Float], shift: Int) {
        self.shift = shift
        let windowCount = rows.last.map { Int($0 >> UInt32(shift)) + 1 } ?? 0
        var starts = [UInt32](repeating: 0, count: windowCount + 1)
        var maxima = [Float](repeating: 0, count: windowCount)
        rows.withUnsafeBufferPointer { rows in
            weights.withUnsafeBufferPointer { weights in
                starts.withUnsafeMutableBufferPointer { starts in
                    maxima.withUnsafeMutableBufferPointer { maxima in
                        var window = 0
                        for index in 0..<rows.count {
                            let own = Int(rows[index] >> UInt32(shift))
                            while window < own {
                                window += 1
                                starts[window] = UInt32(index)
                            }
                            if weights[index] > maxima[own] { maxima[own] = weights[index] }
                        }
                        while window < windowCount {
                            window += 1
                            starts[window] = UInt32(rows.count)
                        }
                    }
                }
            }
        }
        (self.starts, self.maxima) = (starts, maxima)
    }

    /// The index into the phrase's rows of the first row at or after window `window` (the row
    /// count beyond the last window).
    @inline(__always)
    func start(of window: Int) -> Int { Int(starts[min(window, maxima.count)]) }

    /// The indexes into the phrase's rows of the rows in windows `windows` (empty beyond the last).
    @inline(__always)
    func range(of windows: Range<Int>) -> Range<Int> { start(of: windows.lowerBound)..<start(of: windows.upperBound) }

    /// The indexes into the phrase's rows of window `window`'s rows (empty beyond the last).
    @inline(__always)
    func range(of window: Int) -> Range<Int> { range(of: window..<(window + 1)) }

    /// True when window `window` holds a row of the phrase.
    @inline(__always)
    func holdsRows(_ window: Int) -> Bool { window < maxima.count && starts[window] < starts[window + 1] }

    /// The heaviest weight in window `window` (0 when it holds no row).
    @inline(__always)
    func maximum(_ window: Int) -> Float { window < maxima.count ? maxima[window] : 0 }
}
