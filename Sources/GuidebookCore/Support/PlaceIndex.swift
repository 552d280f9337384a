/// A hash index of places in an array its owner keeps (a place is an `Int32` index into it): the
/// keys themselves stay in the owner's array, so the index costs 4 bytes a slot, against the 12 or
/// more bytes an entry of a `[UInt64: Int32]` dictionary costs, plus the key it copies.
///
/// Open addressing with linear probing, at most 70% full; the owner gives each key's 64-bit hash
/// and says whether a place holds the key looked for. An index only grows and is emptied whole,
/// which is all the change log of one transaction needs.
struct PlaceIndex {
    /// -1 for an empty slot; the count is a power of two (or zero before the first insert).
    private var slots: [Int32] = []
    /// How far a hash is shifted right to give a slot (64 minus the slots' power of two).
    private var shift = 64
    /// The places inserted.
    private(set) var count = 0

    /// The place among those inserted under `hash` for which `isKey` is true.
    func find(hash: UInt64, where isKey: (Int32) -> Bool) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = start(hash)
        while true {
            let place = slots[slot]
            if place < 0 { return nil }
            if isKey(place) { return place }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `place`, whose key is not in the index yet, under `hash`. When the index grows, every
    /// place in it is put again under the hash `hashOf` gives for it.
    mutating func insert(_ place: Int32, hash: UInt64, hashOf: (Int32) -> UInt64) {
        if (count + 1) * 10 > slots.count * 7 { grow(hashOf: hashOf) }
        put(place, hash: hash)
        count += 1
    }

    /// Empties the index and gives its memory back.
    mutating func removeAll() {
        slots = []
        shift = 64
        count = 0
    }

    /// The first slot to look in: the top bits of the hash, mixed (Fibonacci hashing), so that keys
    /// whose hashes differ only in their low bits still spread.
    private func start(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func put(_ place: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = start(hash)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = place
    }

    private mutating func grow(hashOf: (Int32) -> UInt64) {
        let old = slots
        let capacity = max(16, old.count * 2)
        slots = Array(repeating: -1, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for place in old where place >= 0 { put(place, hash: hashOf(place)) }
    }
}
