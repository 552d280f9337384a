/// A growable run of bytes in memory this object owns and frees: what `JSONWriter` writes into.
///
/// Appending is a capacity check and a copy. `Array.append(contentsOf:)` did the same through
/// generic sequence code, about seventy instructions a call, and an answer makes hundreds of calls
/// (a topic of 50 guidelines about 2,000: a tenth of its read). Owned by one `JSONWriter`, which
/// copies it before writing when it is shared (`JSONWriter` stays a value).
final class ByteStorage {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A storage of its own holding the same bytes.
    func copy() -> ByteStorage {
        let copy = ByteStorage(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// Makes room for `more` bytes past the end.
    @inline(__always)
    func reserve(more: Int) {
        if capacity - count < more { grow(toHold: count + more) }
    }

    @inline(never)
    private func grow(toHold needed: Int) {
        precondition(needed >= 0 && needed < Int.max / 2, "JSONWriter: \(needed) bytes cannot be held")
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(more: 1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(more: bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes as an array (a copy).
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
