@testable import GuidebookCore
import XCTest

/// The engine's set operations on sorted row arrays, against Swift's Set on random inputs of
/// every size ratio (so both the merge and the galloping paths run).
final class RowSetTests: XCTestCase {
    func testSetOperationsAgreeWithSetAlgebra() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let sizeA = Int.random(in: 0...(round % 2 == 0 ? 50 : 3_000), using: &generator)
            let sizeB = Int.random(in: 0...(round % 3 == 0 ? 40 : 2_000), using: &generator)
            let universe = UInt32.random(in: 1...6_000, using: &generator)
            let a = Array(Set((0..<sizeA).map { _ in UInt32.random(in: 0...universe, using: &generator) })).sorted()
            let b = Array(Set((0..<sizeB).map { _ in UInt32.random(in: 0...universe, using: &generator) })).sorted()
            let setA = Set(a), setB = Set(b)

            XCTAssertEqual(RowSet.intersection(a, b), setA.intersection(setB).sorted(), "round \(round)")
            XCTAssertEqual(RowSet.union(a, b), setA.union(setB).sorted(), "round \(round)")
            XCTAssertEqual(RowSet.subtracting(a, b), setA.subtracting(setB).sorted(), "round \(round)")
            var pairs: [(Int, Int)] = []
            RowSet.forEachCommon(a, b) { pairs.append(($0, $1)) }
            XCTAssertTrue(pairs.allSatisfy { a[$0.0] == b[$0.1] }, "round \(round)")
            XCTAssertEqual(pairs.count, setA.intersection(setB).count, "round \(round)")
            let probe = UInt32.random(in: 0...universe, using: &generator)
            XCTAssertEqual(RowSet.contains(a, probe), setA.contains(probe), "round \(round)")
        }
    }
}
