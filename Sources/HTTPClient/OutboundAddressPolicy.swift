/// Which addresses outgoing requests (webhook deliveries) may connect to: public unicast only,
/// unless the operator allows private networks. Refused: unspecified, loopback, link-local
/// (the cloud metadata service lives at 169.254.169.254), private (RFC 1918, IPv6 unique local),
/// shared/CGNAT (100.64.0.0/10), multicast, broadcast and reserved ranges; IPv4 addresses inside
/// IPv6 (mapped, compatible, NAT64) are judged as the IPv4 address they carry.
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
            if b[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
                return kindOfIPv4(Array(b[12..<16])).map { "\($0) (IPv4 in NAT64)" }
            }
            if b[0] == 0xff { return "multicast" }
            if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return "link-local" }
            if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return "site-local" }
            if b[0] & 0xfe == 0xfc { return "unique local (private)" }
            return nil
        }
    }

    private static func kindOfIPv4(_ b: [UInt8]) -> String? {
        switch (b[0], b[1]) {
        case (0, _): return "unspecified"
        case (127, _): return "loopback"
        case (10, _), (172, 16...31), (192, 168): return "private"
        case (169, 254): return "link-local"
        case (100, 64...127): return "shared (CGNAT)"
        case (224...239, _): return "multicast"
        case (240...255, _): return "reserved or broadcast"
        default: return nil
        }
    }
}
