@testable import GuidebookCore
import XCTest

/// The change log's hash index of places: every place is found by its own key and no other,
/// through growth and through keys that share a hash.
final class PlaceIndexTests: XCTestCase {
    /// Keys kept by the owner, as the change log keeps its resources.
    private struct Owner {
        var keys: [String] = []
        var index = PlaceIndex()
        let hash: (String) -> UInt64

        mutating func add(_ key: String) -> Int32 {
            if let place = find(key) { return place }
            keys.append(key)
            let place = Int32(keys.count - 1)
            let keys = self.keys, hash = self.hash
            index.insert(place, hash: hash(key)) { hash(keys[Int($0)]) }
            return place
        }

        func find(_ key: String) -> Int32? {
            index.find(hash: hash(key)) { keys[Int($0)] == key }
        }
    }

    func testEveryPlaceIsFoundByItsKeyThroughGrowth() {
        var owner = Owner(hash: { UInt64(truncatingIfNeeded: $0.hashValue) })
        for number in 0..<5_000 { XCTAssertEqual(owner.add("g-\(number)"), Int32(number)) }
        // Adding a key again gives its first place.
        for number in stride(from: 0, to: 5_000, by: 7) { XCTAssertEqual(owner.add("g-\(number)"), Int32(number)) }
        XCTAssertEqual(owner.index.count, 5_000)
        for number in 0..<5_000 { XCTAssertEqual(owner.find("g-\(number)"), Int32(number)) }
        XCTAssertNil(owner.find("g-5000"))
        XCTAssertNil(owner.find(""))
    }

    /// Keys whose hashes are equal, or equal in every bit the slot is taken from, are told apart by
    /// the owner's test, and a key absent is still not found.
    func testKeysThatShareAHashAreToldApart() {
        var same = Owner(hash: { _ in 42 })
        for number in 0..<300 { XCTAssertEqual(same.add("k\(number)"), Int32(number)) }
        for number in 0..<300 { XCTAssertEqual(same.find("k\(number)"), Int32(number)) }
        XCTAssertNil(same.find("k300"))

        // Hashes that differ only in their low bits.
        var low = Owner(hash: { UInt64($0.count) })
        let keys = (1...200).map { String(repeating: "a", count: $0) }
        for (place, key) in keys.enumerated() { XCTAssertEqual(low.add(key), Int32(place)) }
        for (place, key) in keys.enumerated() { XCTAssertEqual(low.find(key), Int32(place)) }
    }

    func testRemoveAllEmptiesTheIndex() {
        var owner = Owner(hash: { UInt64(truncatingIfNeeded: $0.hashValue) })
        for number in 0..<100 { _ = owner.add("g-\(number)") }
        owner.index.removeAll()
        XCTAssertEqual(owner.index.count, 0)
        XCTAssertNil(owner.find("g-1"))
        owner.keys = []
        XCTAssertEqual(owner.add("g-1"), 0)
        XCTAssertEqual(owner.find("g-1"), 0)
    }
}
