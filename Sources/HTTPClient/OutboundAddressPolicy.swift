/// Which addresses outgoing requests (webhook deliveries) may connect to: public unicast only,
/// unless the operator allows private networks. Refused: unspecified, loopback, link-local
/// (the cloud metadata service lives at 169.254.169.254), private (RFC 1918, IPv6 unique local),
/// shared/CGNAT (100.64.0.0/10), benchmarking (198.18.0.0/15), IETF protocol assignments
/// (192.0.0.0/24), documentation (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32,
/// 3fff::/20), multicast, broadcast and reserved ranges, and the IPv6 ranges IANA marks as not
/// globally reachable (local-use NAT64 64:ff9b:1::/48, discard-only, benchmarking, SRv6). IPv4
/// addresses inside IPv6 (mapped, compatible, translated `::ffff:0:a.b.c.d` (SIIT, RFC 2765),
/// NAT64, 6to4 `2002::/16`, and both addresses a Teredo `2001::/32` address carries) are judged as
/// the IPv4 address they carry, since a relay or the host's own tunnel would deliver to it.
public struct OutboundAddressPolicy: Sendable, Equatable {
    /// Allow every address (`GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE=true`).
    public var allowsPrivate: Bool

    public init(allowsPrivate: Bool) {
        self.allowsPrivate = allowsPrivate
    }

    /// Why a connection to `address` is refused, or nil when it is allowed.
    public func refusal(for address: IPAddress) -> String? {
        guard !allowsPrivate, let kind = Self.nonPublicKind(of: address) else { return nil }
        return "\(address) is a \(kind) address"
    }

    /// The kind of a non-public address ("loopback", "private", ...); nil for public unicast.
    public static func nonPublicKind(of address: IPAddress) -> String? {
        switch address {
        case .v4(let b):
            return kindOfIPv4(b)
        case .v6(let b):
            if b.allSatisfy({ $0 == 0 }) { return "unspecified" }
            if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return "loopback" }
            // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::a.b.c.d (NAT64) carry IPv4.
            if b[0..<10].allSatisfy({ $0 == 0 }) && ((b[10] == 0xff && b[11] == 0xff) || (b[10] == 0 && b[11] == 0)) {
                return kindOfIPv4(Array(b[12..<16])).map { "\($0) (IPv4 in IPv6)" }
            }
            // ::ffff:0:a.b.c.d (IPv4-translated, SIIT): a translator on the path delivers it to a.b.c.d.
            if b[0..<12] == [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0] {
                return kindOfIPv4(Array(b[12..<16])).map { "\($0) (IPv4-translated)" }
            }
            if b[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
                return kindOfIPv4(Array(b[12..<16])).map { "\($0) (IPv4 in NAT64)" }
            }
            // 6to4: 2002:AABB:CCDD::/48 is the site behind the IPv4 address AA.BB.CC.DD.
            if b[0] == 0x20 && b[1] == 0x02 {
                return kindOfIPv4(Array(b[2..<6])).map { "\($0) (IPv4 in 6to4)" }
            }
            if b[0..<4] == [0x20, 0x01, 0x0d, 0xb8] || (b[0] == 0x3f && b[1] == 0xff && b[2] & 0xf0 == 0) { return "documentation" }
            // Ranges IANA's special-purpose registry marks as not globally reachable: local-use
            // NAT64 (64:ff9b:1::/48, RFC 8215, whose IPv4 address may sit at any of RFC 6052's
            // places, so the whole prefix is refused), discard-only and dummy (100::/64,
            // 100:0:0:1::/64), benchmarking (2001:2::/48), SRv6 SIDs (5f00::/16).
            if b[0..<6] == [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01] { return "local-use translation (NAT64)" }
            if b[0..<2] == [0x01, 0x00] && b[2..<7].allSatisfy({ $0 == 0 }) && b[7] <= 1 { return "discard-only" }
            if b[0..<6] == [0x20, 0x01, 0x00, 0x02, 0x00, 0x00] { return "benchmarking" }
            if b[0] == 0x5f && b[1] == 0x00 { return "SRv6 segment identifier" }
            // Teredo: 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the server's IPv4 address, then the
            // client's with every bit inverted.
            if b[0..<4] == [0x20, 0x01, 0x00, 0x00] {
                if let kind = kindOfIPv4(Array(b[4..<8])) { return "\(kind) (IPv4 Teredo server)" }
                if let kind = kindOfIPv4(b[12..<16].map { ~$0 }) { return "\(kind) (IPv4 Teredo client)" }
                return nil
            }
            if b[0] == 0xff { return "multicast" }
            if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return "link-local" }
            if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return "site-local" }
            if b[0] & 0xfe == 0xfc { return "unique local (private)" }
            return nil
        }
    }

    private static func kindOfIPv4(_ b: [UInt8]) -> String? {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return "unspecified"
        case (127, _, _): return "loopback"
        case (10, _, _), (172, 16...31, _), (192, 168, _): return "private"
        case (169, 254, _): return "link-local"
        case (100, 64...127, _): return "shared (CGNAT)"
        case (198, 18...19, _): return "benchmarking"
        case (192, 0, 0): return "IETF protocol assignment"
        case (192, 0, 2), (198, 51, 100), (203, 0, 113): return "documentation"
        case (224...239, _, _): return "multicast"
        case (240...255, _, _): return "reserved or broadcast"
        default: return nil
        }
    }
}
