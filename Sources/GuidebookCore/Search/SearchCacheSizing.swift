/// How much memory `SearchCache` may give to phrase postings: a fixed amount, or an amount it
/// works out by itself from the size of the search index (`--search-cache auto`, the default).
///
/// A phrase's postings take 8 bytes per row it matches (a rowid and a weight), so what a working
/// set of queries needs grows with the index: at 1,000,000 guidelines the `make bench` query mix
/// holds about 130 MB, and a cache smaller than its working set thrashes (least recently used,
/// queried in rotation: nearly every search reads its phrases from FTS5 again). Automatic sizing
/// gives `bytesPerIndexRow` per row of the index, at least `floorBytes`, and never more than
/// `ceilingBytes`, a share of the memory the process may use (`SystemMemory`).
public enum SearchCacheSizing: Sendable, Equatable {
    /// Exactly this many bytes (`--search-cache MB`; 0 keeps no postings).
    case fixed(bytes: Int)
    /// Sized from the index's rows, at most `ceilingBytes`.
    case automatic(ceilingBytes: Int)

    /// Bytes per row of the index: room for the postings of 20 phrases that each match every row.
    public static let bytesPerIndexRow = 160
    /// The least an automatic cache gets, whatever the index (the fixed default before sizing was
    /// automatic), unless the memory ceiling is lower still.
    public static let floorBytes = 32 << 20
    /// The most an automatic cache gets, whatever the memory: the explicit option's upper bound.
    public static let maximumBytes = 4_096 << 20
    /// The share of the usable memory an automatic cache may take: a quarter.
    public static let memoryShare = 0.25

    /// Automatic sizing within `memoryShare` of `usableMemory` bytes (nil: not known, so only
    /// `maximumBytes` bounds it).
    public static func automatic(usableMemory: Int?) -> SearchCacheSizing {
        let ceiling = usableMemory.map { Int(Double($0) * memoryShare) } ?? maximumBytes
        return .automatic(ceilingBytes: min(max(0, ceiling), maximumBytes))
    }

    /// The capacity in bytes for an index of `indexRows` rows.
    public func capacity(indexRows: Int) -> Int {
        switch self {
        case .fixed(let bytes):
            return max(0, bytes)
        case .automatic(let ceiling):
            let wanted = max(0, indexRows).multipliedReportingOverflow(by: Self.bytesPerIndexRow)
            return min(ceiling, max(Self.floorBytes, wanted.overflow ? Int.max : wanted.partialValue))
        }
    }
}
