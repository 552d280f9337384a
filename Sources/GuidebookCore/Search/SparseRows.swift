/// Row entries by rowid for rows the dense table does not reach (rowids too sparse for one),
/// never changed once made: split into `shardCount` dictionaries by rowid, so a patch copies the
/// shards its rows fall in and shares the others with the table before it (see `ChunkedArray`,
/// and docs/architecture-search.md for why nothing published is ever written).
struct SparseRows: Sendable {
    static var shardCount: Int { 64 }

    private let shards: [[UInt32: RowDirectory.Entry]]
    /// Entries held.
    let count: Int

    init() {
        shards = [[UInt32: RowDirectory.Entry]](repeating: [:], count: Self.shardCount)
        count = 0
    }

    /// The table of `entries` (a later entry for a row replaces an earlier one).
    init(_ entries: [UInt32: RowDirectory.Entry]) {
        var shards = [[UInt32: RowDirectory.Entry]](repeating: [:], count: Self.shardCount)
        for (row, entry) in entries { shards[Self.shard(row)][row] = entry }
        (self.shards, self.count) = (shards, entries.count)
    }

    private init(shards: [[UInt32: RowDirectory.Entry]], count: Int) {
        (self.shards, self.count) = (shards, count)
    }

    @inline(__always)
    private static func shard(_ row: UInt32) -> Int { Int(row) & (shardCount - 1) }

    subscript(row: UInt32) -> RowDirectory.Entry? { shards[Self.shard(row)][row] }

    /// Every entry, for moving rows into a grown dense table.
    func rows(below limit: Int) -> [UInt32] {
        shards.flatMap { $0.keys.filter { Int($0) < limit } }
    }

    /// A table with each row of `updates` set to its entry, or removed for nil. The spine and the
    /// touched shards are copied (`self` still holds them, so the first write to each copies it);
    /// the rest are shared.
    func replacing(_ updates: [(row: UInt32, entry: RowDirectory.Entry?)]) -> SparseRows {
        guard !updates.isEmpty else { return self }
        var spine = shards
        var count = self.count
        for (row, entry) in updates {
            let shard = Self.shard(row)
            let old = entry == nil ? spine[shard].removeValue(forKey: row) : spine[shard].updateValue(entry!, forKey: row)
            count += (old == nil ? 0 : -1) + (entry == nil ? 0 : 1)
        }
        return SparseRows(shards: spine, count: count)
    }
}
