/// Set operations on ascending arrays of rowids: how the engine combines phrase postings.
enum RowSet {
    /// The rows matching `condition`, ascending.
    static func evaluate(_ condition: SearchCondition, _ postings: [PhrasePostings]) -> [UInt32] {
        // A lone phrase is its rows: the array is shared, not copied.
        if case .phrase(let index) = condition { return postings[index].rows }
        return Array(evaluate(condition) { postings[$0].rows[...] })
    }

    /// The rows matching `condition`, ascending, where phrase `index` matches `rows(index)` (all
    /// of a phrase's rows, or those in one window of rowids: `WindowedSearch`).
    static func evaluate(_ condition: SearchCondition, _ rows: (Int) -> ArraySlice<UInt32>) -> ArraySlice<UInt32> {
        switch condition {
        case .phrase(let index):
            return rows(index)
        case .all(let conditions):
            // Smallest first: each intersection is then bounded by the smallest set.
            let sets = conditions.map { evaluate($0, rows) }.sorted { $0.count < $1.count }
            guard var result = sets.first else { return [] }
            for set in sets.dropFirst() where !result.isEmpty { result = intersection(result, set)[...] }
            return result
        case .any(let conditions):
            return conditions.map { evaluate($0, rows) }.reduce([]) { union($0, $1)[...] }
        case .excluding(let kept, let excluded):
            return subtracting(evaluate(kept, rows), evaluate(excluded, rows))[...]
        }
    }

    /// Calls `body(indexInA, indexInB)` for every row in both `a` and `b` (indexes from each one's
    /// start: 0 for the first row of a slice).
    @inline(__always)
    static func forEachCommon(_ a: [UInt32], _ b: [UInt32], _ body: (Int, Int) -> Void) { forEachCommon(a[...], b[...], body) }

    @inline(__always)
    static func forEachCommon(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>, _ body: (Int, Int) -> Void) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in forEachCommon(a, b, body) }
        }
    }

    @inline(__always)
    static func forEachCommon(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ body: (Int, Int) -> Void) {
        if a.isEmpty || b.isEmpty { return }
        let swap = a.count > b.count
        let short = swap ? b : a, long = swap ? a : b
        // Lists of similar size: a plain merge (predictable branches) beats searching.
        if long.count <= short.count * 8 {
            var i = 0, j = 0
            while i < a.count && j < b.count {
                let x = a[i], y = b[j]
                if x == y {
                    body(i, j)
                    i += 1
                    j += 1
                } else if x < y {
                    i += 1
                } else {
                    j += 1
                }
            }
            return
        }
        // Otherwise walk the shorter one and gallop through the longer one.
        var position = 0
        for shortIndex in 0..<short.count {
            let row = short[shortIndex]
            position = lowerBound(long, row, from: position)
            if position == long.count { return }
            if long[position] == row { swap ? body(position, shortIndex) : body(shortIndex, position) }
        }
    }

    /// True when `rows` holds `row`.
    static func contains(_ rows: [UInt32], _ row: UInt32) -> Bool {
        rows.withUnsafeBufferPointer { rows in
            let index = lowerBound(rows, row, from: 0)
            return index < rows.count && rows[index] == row
        }
    }

    /// Adds `factor` × the phrase's weight to `scores[i]` for every `matches[i]` the phrase holds,
    /// `rows` and `weights` being the phrase's (all of them, or one window's).
    static func accumulate(_ factor: Double, rows: ArraySlice<UInt32>, weights: ArraySlice<Float>, over matches: ArraySlice<UInt32>,
                           into scores: inout [Double]) {
        scores.withUnsafeMutableBufferPointer { scores in
            weights.withUnsafeBufferPointer { weights in
                forEachCommon(matches, rows) { matchIndex, phraseIndex in
                    scores[matchIndex] += factor * Double(weights[phraseIndex])
                }
            }
        }
    }

    static func intersection(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] { intersection(a[...], b[...]) }
    static func union(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] { union(a[...], b[...]) }
    static func subtracting(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] { subtracting(a[...], b[...]) }

    static func intersection(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> [UInt32] {
        let capacity = min(a.count, b.count)
        return [UInt32](unsafeUninitializedCapacity: capacity) { buffer, count in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    forEachCommon(a, b) { index, _ in
                        buffer[count] = a[index]
                        count += 1
                    }
                }
            }
        }
    }

    static func union(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> [UInt32] {
        if a.isEmpty { return Array(b) }
        if b.isEmpty { return Array(a) }
        var result: [UInt32] = []
        result.reserveCapacity(a.count + b.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var i = 0, j = 0
                while i < a.count && j < b.count {
                    if a[i] < b[j] { result.append(a[i]); i += 1 } else if b[j] < a[i] { result.append(b[j]); j += 1 } else { result.append(a[i]); i += 1; j += 1 }
                }
                result.append(contentsOf: a[i...])
                result.append(contentsOf: b[j...])
            }
        }
        return result
    }

    static func subtracting(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> [UInt32] {
        if b.isEmpty { return Array(a) }
        var result: [UInt32] = []
        result.reserveCapacity(a.count)
        b.withUnsafeBufferPointer { b in
            var position = 0
            for row in a {
                position = lowerBound(b, row, from: position)
                if position == b.count || b[position] != row { result.append(row) }
            }
        }
        return result
    }

    /// The first index at or after `start` whose row is >= `row`: doubling steps, then binary search.
    @inline(__always)
    static func lowerBound(_ rows: UnsafeBufferPointer<UInt32>, _ row: UInt32, from start: Int) -> Int {
        // Dense walks mostly find the row right here.
        if start < rows.count && rows[start] >= row { return start }
        var low = start, step = 1, high = start
        while high < rows.count && rows[high] < row {
            low = high + 1
            high += step
            step *= 2
        }
        high = min(high, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
