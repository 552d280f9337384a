import Foundation

/// The SQL of a cached statement as the cache's key. It hashes the statement's length and eight
/// bytes at each of eight places along it instead of every byte: SipHash over a 400-byte INSERT
/// cost about 3,000 instructions, on every run of a cached statement (an import runs several for
/// each text it writes). Keys are equal when their bytes are (not by Unicode equivalence, which
/// hashing bytes could not agree with).
struct StatementKey: Hashable {
    let sql: String

    init(_ sql: String) {
        self.sql = sql
    }

    static func == (lhs: StatementKey, rhs: StatementKey) -> Bool {
        let equal = lhs.sql.utf8.withContiguousStorageIfAvailable { left in
            rhs.sql.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        return (equal ?? nil) ?? lhs.sql.utf8.elementsEqual(rhs.sql.utf8)
    }

    func hash(into hasher: inout Hasher) {
        // A string without contiguous UTF-8 is copied, so that equal keys hash alike either way.
        if sql.utf8.withContiguousStorageIfAvailable({ Self.combine($0, into: &hasher) }) == nil {
            Array(sql.utf8).withUnsafeBufferPointer { Self.combine($0, into: &hasher) }
        }
    }

    private static func combine(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        guard bytes.count >= 8 else { return hasher.combine(bytes: raw) }
        let last = bytes.count - 8
        for place in 0..<8 { hasher.combine(raw.loadUnaligned(fromByteOffset: last * place / 7, as: UInt64.self)) }
    }
}
