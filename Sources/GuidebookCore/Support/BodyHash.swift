/// The fingerprint of a response body, for its strong ETag (`ETag` in the API, `guidebook_etag` in
/// the Markdown export, which must agree).
///
/// XXH64 (seed 0): every uncached answer hashes its whole body, and XXH64 reads it 32 bytes at a
/// time in four independent lanes, where a byte-at-a-time hash such as `ContentHash`'s FNV-1a waits
/// on one multiplication per byte (97,000 instructions for a topic of 50 guidelines, 27 KB). Only
/// a tag's equality matters to clients; the version part of a resource's tag, which `If-Match`
/// compares, is the resource's own (`ResourceVersion`).
public enum BodyHash {
    /// The fingerprint of `body`: its XXH64 as 16 hex digits.
    public static func hex(_ body: [UInt8]) -> String {
        ContentHash.hexDigits(body.withUnsafeBytes { xxh64($0) })
    }

    /// XXH64 of `bytes` with seed 0, as its specification defines it.
    public static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F, p3: UInt64 = 0x1656_67B1_9E37_79F9
        let p4: UInt64 = 0x85EB_CA77_C2B2_AE63, p5: UInt64 = 0x27D4_EB2F_1656_67C5
        func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { value << count | value >> (64 - count) }
        func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 { rotate(accumulator &+ input &* p2, 31) &* p1 }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        let count = bytes.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = p1 &+ p2, v2 = p2, v3: UInt64 = 0, v4 = 0 &- p1
            while offset + 32 <= count {
                v1 = round(v1, word(offset))
                v2 = round(v2, word(offset + 8))
                v3 = round(v3, word(offset + 16))
                v4 = round(v4, word(offset + 24))
                offset += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = (hash ^ round(0, v1)) &* p1 &+ p4
            hash = (hash ^ round(0, v2)) &* p1 &+ p4
            hash = (hash ^ round(0, v3)) &* p1 &+ p4
            hash = (hash ^ round(0, v4)) &* p1 &+ p4
        } else {
            hash = p5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash = rotate(hash ^ round(0, word(offset)), 27) &* p1 &+ p4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotate(hash ^ half &* p1, 23) &* p2 &+ p3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ UInt64(bytes[offset]) &* p5, 11) &* p1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= p2
        hash ^= hash >> 29
        hash &*= p3
        return hash ^ hash >> 32
    }

}
