/// A phrase's postings summarized per window of rowids: where each window's rows start, the
/// heaviest term weight in it, and a bound on the heaviest weight in each of its sub-windows. What
/// lets a search rank its best page without scoring every match (`WindowedSearch`): a window, or a
/// sub-window, whose rows cannot reach the page's lowest score is skipped.
///
/// Windows are fixed ranges of `1 << shift` rowids (`RowDirectory.windowShift`), the same for every
/// phrase of a search, so the phrases' windows line up; each is cut into `1 << fineBits`
/// sub-windows (64; 16 records each when a window holds 1,024). Immutable, as the postings it
/// summarizes.
struct PostingWindows: Sendable {
    /// log2 of the rowids in one window.
    let shift: Int
    /// log2 of the sub-windows in a window.
    let fineBits: Int
    /// Index into the phrase's rows of the first row of each window, and one more entry (the row
    /// count): window `w` holds rows `starts[w] ..< starts[w + 1]`. Covers the windows up to the
    /// phrase's last row; later windows hold none of its rows.
    private let starts: [UInt32]
    /// The heaviest term weight in each window (0 where it holds none).
    private let maxima: [Float]
    /// Per window that holds rows, where its sub-windows' bounds start in `fineMaxima` (-1: none).
    let fineOffsets: [Int32]
    /// Each sub-window's heaviest weight, in steps of `fineScale` rounded up: `fineMaximum` is never
    /// below a row's weight there (0: the sub-window holds no row).
    let fineMaxima: [UInt8]
    let fineScale: Float

    /// Sub-windows in a window: 64.
    static let fineBitsWanted = 6

    /// Windows summarized (those after them hold no row of the phrase).
    var count: Int { maxima.count }

    /// Bytes held, for the cache's budget.
    var byteCount: Int {
        starts.count * MemoryLayout<UInt32>.size + maxima.count * MemoryLayout<Float>.size + fineOffsets.count * 4 + fineMaxima.count
    }

    /// The windows of `rows` (ascending) and their `weights`.
    init(rows: [UInt32], weights: [Float], shift: Int) {
        self.shift = shift
        let fineBits = min(Self.fineBitsWanted, shift)
        self.fineBits = fineBits
        let windowCount = rows.last.map { Int($0 >> UInt32(shift)) + 1 } ?? 0
        var starts = [UInt32](repeating: 0, count: windowCount + 1)
        var maxima = [Float](repeating: 0, count: windowCount)
        var heaviest: Float = 0
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
                        for window in 0..<windowCount where maxima[window] > heaviest { heaviest = maxima[window] }
                    }
                }
            }
        }
        // 255 steps reach the heaviest weight.
        var scale = heaviest > 0 ? heaviest / 255 : 1
        while Float(255) * scale < heaviest { scale = scale.nextUp }
        var fineOffsets = [Int32](repeating: -1, count: windowCount)
        var fineMaxima: [UInt8] = []
        let fines = 1 << fineBits, fineShift = UInt32(shift - fineBits), mask = UInt32(fines - 1)
        var heaviestHere = [Float](repeating: -1, count: fines)
        for window in 0..<windowCount where starts[window] < starts[window + 1] {
            for fine in 0..<fines { heaviestHere[fine] = -1 }
            for index in Int(starts[window])..<Int(starts[window + 1]) {
                let fine = Int((rows[index] >> fineShift) & mask)
                if weights[index] > heaviestHere[fine] { heaviestHere[fine] = weights[index] }
            }
            fineOffsets[window] = Int32(fineMaxima.count)
            for fine in 0..<fines {
                let weight = heaviestHere[fine]
                guard weight >= 0 else {
                    fineMaxima.append(0)
                    continue
                }
                var steps = min(255, max(1, Int((weight / scale).rounded(.up))))
                while steps < 255 && Float(steps) * scale < weight { steps += 1 }
                fineMaxima.append(UInt8(steps))
            }
        }
        (self.starts, self.maxima, self.fineOffsets, self.fineMaxima, self.fineScale) = (starts, maxima, fineOffsets, fineMaxima, scale)
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

    /// At least the heaviest weight in sub-window `fine` of window `window`; 0 exactly when the
    /// sub-window holds no row of the phrase.
    @inline(__always)
    func fineMaximum(_ window: Int, _ fine: Int) -> Float {
        guard window < fineOffsets.count, fineOffsets[window] >= 0 else { return 0 }
        return Float(fineMaxima[Int(fineOffsets[window]) + fine]) * fineScale
    }
}
