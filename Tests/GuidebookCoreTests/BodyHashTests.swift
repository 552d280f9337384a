import GuidebookCore
import XCTest

/// `BodyHash` is XXH64: its values for inputs that take every path of the algorithm (no stripe,
/// tails of 1 to 31 bytes, whole stripes) are the reference implementation's, as PyPI's `xxhash`
/// 3.5.0 computes them (`xxhash.xxh64(data).hexdigest()`).
final class BodyHashTests: XCTestCase {
    func testValuesAreTheReferenceImplementations() {
        XCTAssertEqual(BodyHash.hex([]), "ef46db3751d8e999")
        XCTAssertEqual(BodyHash.hex(Array("a".utf8)), "d24ec4f1a98c6e5b")
        XCTAssertEqual(BodyHash.hex(Array("abc".utf8)), "44bc2cf5ad770999")
        XCTAssertEqual(BodyHash.hex(Array("0123456789abcdef0123456789abcdef!".utf8)), "8afff4daac4e677e")
        XCTAssertEqual(BodyHash.hex(Array(repeating: Array(0...255), count: 3).flatMap { $0 }), "8e03c838c596036f")
    }

    func testEveryByteAndEveryLengthChangesTheHash() {
        // A body and the same body with one byte changed, or one byte longer, never share a hash.
        var body = Array("{\"id\":\"progress-indicators.prefer-progress-bars\",\"text\":\"진행률 표시줄\"}".utf8)
        var seen = Set([BodyHash.hex(body)])
        for index in body.indices {
            body[index] ^= 0x01
            XCTAssertTrue(seen.insert(BodyHash.hex(body)).inserted, "byte \(index)")
            body[index] ^= 0x01
        }
        for length in 0..<body.count { XCTAssertTrue(seen.insert(BodyHash.hex(Array(body[..<length]))).inserted, "length \(length)") }
    }
}
