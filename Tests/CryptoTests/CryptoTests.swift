import Crypto
import XCTest

/// The wrapper against published test vectors (FIPS 180-2 for SHA-256, RFC 4231 for HMAC-SHA256)
/// and against the properties its callers rely on.
final class CryptoTests: XCTestCase {
    func testSHA256MatchesTheStandardVectors() {
        XCTAssertEqual(ByteEncoding.hex(Digest.sha256("abc")),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(ByteEncoding.hex(Digest.sha256("")),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // A slice (non-contiguous in general) gives the same digest as the array it came from.
        let bytes = Array("xxabcxx".utf8)
        XCTAssertEqual(Digest.sha256(bytes[2..<5]), Digest.sha256("abc"))
    }

    func testHMACSHA256MatchesRFC4231() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let mac = Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(ByteEncoding.hex(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 1: a 20-byte key of 0x0b, data "Hi There".
        let mac1 = Digest.hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
        XCTAssertEqual(ByteEncoding.hex(mac1), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    func testConstantTimeEqualsComparesWholeContents() {
        XCTAssertTrue(Digest.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(Digest.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(Digest.constantTimeEquals([9, 2, 3], [1, 2, 3]))
        XCTAssertFalse(Digest.constantTimeEquals([1, 2], [1, 2, 3]))
        XCTAssertTrue(Digest.constantTimeEquals([UInt8](), [UInt8]()))
        // The generic form (any collections of bytes) answers the same.
        let bytes: [UInt8] = [0, 1, 2, 3]
        XCTAssertTrue(Digest.constantTimeEquals(bytes[1...], "\u{1}\u{2}\u{3}".utf8))
        XCTAssertFalse(Digest.constantTimeEquals(bytes[1...], bytes[...2]))
        XCTAssertFalse(Digest.constantTimeEquals(bytes[1...], bytes[2...]))
    }

    func testRandomBytesHaveTheLengthAskedAndDiffer() {
        XCTAssertEqual(SecureRandom.bytes(0).count, 0)
        let a = SecureRandom.bytes(32)
        let b = SecureRandom.bytes(32)
        XCTAssertEqual(a.count, 32)
        XCTAssertNotEqual(a, b, "two 256-bit draws are equal only with probability 2^-256")
        // Every byte value shows up across 64 KiB of output: a stuck or biased generator would not.
        XCTAssertEqual(Set(SecureRandom.bytes(65_536)).count, 256)
    }

    func testBase64FormsRoundTrip() {
        XCTAssertEqual(ByteEncoding.base64(Array("any carnal pleas".utf8)), "YW55IGNhcm5hbCBwbGVhcw==")
        XCTAssertEqual(ByteEncoding.decodeBase64("YW55IGNhcm5hbCBwbGVhcw=="), Array("any carnal pleas".utf8))
        XCTAssertNil(ByteEncoding.decodeBase64("not base64!"))
        XCTAssertEqual(ByteEncoding.base64URL([0xfb, 0xff, 0xfe]), "-__-")
        XCTAssertEqual(ByteEncoding.base64URL([0xff]), "_w")
    }
}
