@testable import GuidebookCore
import XCTest

/// The summaries the bounded search skips by (`PostingWindows`, `CompiledCondition`): a bound is
/// never below a weight it covers, and a compiled condition says what the condition says.
final class PostingWindowsTests: XCTestCase {
    func testWindowsHoldTheirRowsAndBoundEveryWeight() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let shift = Int.random(in: RowDirectory.minimumWindowShift...12, using: &generator)
            let universe = UInt32.random(in: 1...200_000, using: &generator)
            let rows = Array(Set((0..<Int.random(in: 0...3_000, using: &generator)).map { _ in UInt32.random(in: 0...universe, using: &generator) })).sorted()
            let weights = rows.map { _ in Float.random(in: 0.001...2.2, using: &generator) }
            let windows = PostingWindows(rows: rows, weights: weights, shift: shift)
            let fines = 1 << windows.fineBits, fineShift = UInt32(shift - windows.fineBits)
            var seen = 0
            for window in 0..<(windows.count + 2) {
                let range = windows.range(of: window)
                XCTAssertEqual(windows.holdsRows(window), !range.isEmpty, "round \(round)")
                XCTAssertEqual(range.lowerBound, seen, "round \(round): windows follow each other")
                seen = range.upperBound
                var heaviest: Float = 0
                var fineHeaviest = [Float](repeating: 0, count: fines)
                var fineHolds = [Bool](repeating: false, count: fines)
                for index in range {
                    XCTAssertEqual(Int(rows[index] >> UInt32(shift)), window, "round \(round): a row in its own window")
                    heaviest = max(heaviest, weights[index])
                    let fine = Int((rows[index] >> fineShift) & UInt32(fines - 1))
                    fineHeaviest[fine] = max(fineHeaviest[fine], weights[index])
                    fineHolds[fine] = true
                }
                XCTAssertEqual(windows.maximum(window), heaviest, "round \(round)")
                for fine in 0..<fines {
                    let bound = windows.fineMaximum(window, fine)
                    XCTAssertEqual(bound > 0, fineHolds[fine], "round \(round): a bound of 0 means no row")
                    XCTAssertGreaterThanOrEqual(bound, fineHeaviest[fine], "round \(round): a bound never below a weight")
                }
            }
            XCTAssertEqual(seen, rows.count, "round \(round): every row in a window")
        }
    }

    func testACompiledConditionSaysWhatTheConditionSays() throws {
        var generator = SystemRandomNumberGenerator()
        func randomCondition(depth: Int) -> SearchCondition {
            if depth == 0 || Int.random(in: 0..<3, using: &generator) == 0 { return .phrase(Int.random(in: 0..<10, using: &generator)) }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return .all((0..<Int.random(in: 1...4, using: &generator)).map { _ in randomCondition(depth: depth - 1) })
            case 1: return .any((0..<Int.random(in: 1...4, using: &generator)).map { _ in randomCondition(depth: depth - 1) })
            default: return .excluding(randomCondition(depth: depth - 1), randomCondition(depth: depth - 1))
            }
        }
        for round in 0..<500 {
            let condition = randomCondition(depth: 4)
            let compiled = try XCTUnwrap(CompiledCondition(condition))
            for _ in 0..<40 {
                let mask = UInt64.random(in: 0..<1024, using: &generator)
                let holds = { (index: Int) in mask & (1 << UInt64(index)) != 0 }
                XCTAssertEqual(compiled.matches(mask), condition.matches(holds), "round \(round): \(condition) \(mask)")
                XCTAssertEqual(compiled.canMatch(mask), condition.canMatch(holds), "round \(round): \(condition) \(mask)")
            }
        }
        XCTAssertNil(CompiledCondition(.phrase(64)), "phrases numbered 64 or more are not compiled")
        XCTAssertNil(CompiledCondition(.any((0..<65).map { .phrase($0 % 60) })), "a stack of more than 64 values is not compiled")
    }
}
