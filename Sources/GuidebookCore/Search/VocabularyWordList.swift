/// Words with the rows holding each, as the vocabulary is built from them: every word's characters
/// (Unicode scalar values) one after another in one array, so that reading 400,000 words (a
/// realistic 100,000 guidelines) allocates three arrays, not one per word.
struct VocabularyWordList {
    private(set) var units: [UInt32] = []
    /// Where each word's characters end in `units` (word `i` starts where word `i - 1` ends).
    private(set) var ends: [Int] = []
    /// Rows holding each word.
    private(set) var counts: [Int] = []

    var count: Int { counts.count }

    func units(of word: Int) -> ArraySlice<UInt32> { units[(word == 0 ? 0 : ends[word - 1])..<ends[word]] }

    mutating func append<Characters: Sequence<UInt32>>(_ characters: Characters, count: Int) {
        units.append(contentsOf: characters)
        ends.append(units.count)
        counts.append(count)
    }

    /// Makes room for `words` words of `units` characters in all.
    mutating func reserve(words: Int, units: Int) {
        self.units.reserveCapacity(units)
        ends.reserveCapacity(words)
        counts.reserveCapacity(words)
    }

    /// Adds `count` rows to the last word.
    mutating func addToLast(_ count: Int) { counts[counts.count - 1] += count }

    /// The word numbers in the order of their characters (scalar by scalar).
    func alphabeticalOrder() -> [Int] {
        var order = Array(0..<count)
        if !zip(order, order.dropFirst()).allSatisfy({ units(of: $0).lexicographicallyPrecedes(units(of: $1)) }) {
            order.sort { units(of: $0).lexicographicallyPrecedes(units(of: $1)) }
        }
        return order
    }
}
