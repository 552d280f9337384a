/// A fixed-length table split into chunks of `chunkSize` elements, never changed once made: a
/// change makes a new table that shares every chunk it does not touch with the old one.
///
/// This is how the row directory is patched while searches read it (see
/// docs/architecture-search.md). A search holds a table for its whole duration; a patch copies
/// the spine (one reference per chunk: about a thousand at a million records) and the chunks its
/// rows fall in (32 KB each for `RowDirectory.Entry`), writes only into those fresh copies, and the
/// cache publishes the new table whole. No memory a search may be reading is ever written: the
/// copies are made while the old table is still held (by the cache and by the patch itself), so
/// copy-on-write always copies them and never writes in place.
struct ChunkedArray<Element: Sendable>: Sendable {
    /// Elements per chunk (a power of two, so an index splits by shift and mask).
    static var chunkShift: Int { 12 }
    static var chunkSize: Int { 1 << chunkShift }
    static var chunkMask: Int { chunkSize - 1 }

    /// Every chunk holds exactly `chunkSize` elements; those past `count` are the filler.
    private let chunks: [[Element]]
    /// Elements in the table.
    let count: Int
    /// What positions hold before they are set (and past `count` in the last chunk).
    private let filler: Element

    /// An empty table.
    init(filler: Element) {
        (chunks, count, self.filler) = ([], 0, filler)
    }

    /// A table of `count` elements, the filler but where `fill` sets others: it is called once and
    /// calls its argument with each position (ascending, below `count`) and element to set. Made
    /// chunk by chunk, without a whole copy of the table first (a scan of the tables, a stored
    /// directory's decoding).
    init(count: Int, filler: Element, fill: ((Int, Element) -> Void) -> Void) {
        precondition(count >= 0, "ChunkedArray count below zero")
        var chunks: [[Element]] = []
        chunks.reserveCapacity((count + Self.chunkMask) >> Self.chunkShift)
        var current = [Element](repeating: filler, count: Self.chunkSize)
        fill { index, element in
            precondition(index >= 0 && index < count && index >> Self.chunkShift >= chunks.count, "ChunkedArray filled out of order")
            while index >> Self.chunkShift > chunks.count {
                chunks.append(current)
                current = [Element](repeating: filler, count: Self.chunkSize)
            }
            current[index & Self.chunkMask] = element
        }
        while chunks.count < (count + Self.chunkMask) >> Self.chunkShift {
            chunks.append(current)
            current = [Element](repeating: filler, count: Self.chunkSize)
        }
        (self.chunks, self.count, self.filler) = (chunks, count, filler)
    }

    private init(chunks: [[Element]], count: Int, filler: Element) {
        (self.chunks, self.count, self.filler) = (chunks, count, filler)
    }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "ChunkedArray index out of range")
        return chunks[index >> Self.chunkShift][index & Self.chunkMask]
    }

    /// Calls `body(position, element)` for every element, in order (a stored directory's encoding).
    func forEachElement(_ body: (Int, Element) -> Void) {
        for (number, chunk) in chunks.enumerated() {
            chunk.withUnsafeBufferPointer { elements in
                let start = number << Self.chunkShift
                for offset in 0..<min(Self.chunkSize, count - start) { body(start + offset, elements[offset]) }
            }
        }
    }

    /// Chunks held, for the cache's budget.
    var chunkCount: Int { chunks.count }

    /// A table `count` long (at least this one's) holding `updates` (positions below that count)
    /// and this table's elements elsewhere. Only the touched chunks and the spine are new.
    func replacing(_ updates: [(index: Int, value: Element)], count newCount: Int) -> ChunkedArray {
        precondition(newCount >= count, "a ChunkedArray only grows")
        guard !updates.isEmpty || newCount != count else { return self }
        // `spine` starts as this table's spine; the first write below copies it, because `self`
        // still holds it. Likewise each touched chunk: `touched[chunk, default: chunks[chunk]]`
        // shares the chunk's storage with `self` until the first write copies it.
        var spine = chunks
        let chunksNeeded = (newCount + Self.chunkMask) >> Self.chunkShift
        if chunksNeeded > spine.count {
            let empty = [Element](repeating: filler, count: Self.chunkSize)
            spine.append(contentsOf: repeatElement(empty, count: chunksNeeded - spine.count))
        }
        var touched: [Int: [Element]] = [:]
        for (index, value) in updates {
            precondition(index >= 0 && index < newCount, "ChunkedArray index out of range")
            let chunk = index >> Self.chunkShift
            touched[chunk, default: spine[chunk]][index & Self.chunkMask] = value
        }
        for (chunk, elements) in touched { spine[chunk] = elements }
        return ChunkedArray(chunks: spine, count: newCount, filler: filler)
    }

    /// Calls `body(position, element)` for each of `indexes` below `count`, in their order, and
    /// `beyond(position)` for the others. Runs of indexes in one chunk (ascending rows are) read it
    /// through one buffer pointer: this is the facet counting loop.
    @inline(__always)
    func forEach<Indexes: RandomAccessCollection>(at indexes: Indexes, _ body: (Int, Element) -> Void, beyond: (Int) -> Void)
    where Indexes.Element == UInt32, Indexes.Index == Int {
        var position = indexes.startIndex
        while position < indexes.endIndex {
            let index = Int(indexes[position])
            guard index < count else {
                beyond(position)
                position += 1
                continue
            }
            let chunk = index >> Self.chunkShift
            chunks[chunk].withUnsafeBufferPointer { elements in
                while position < indexes.endIndex {
                    let index = Int(indexes[position])
                    guard index < count, index >> Self.chunkShift == chunk else { return }
                    body(position, elements[index & Self.chunkMask])
                    position += 1
                }
            }
        }
    }
}
