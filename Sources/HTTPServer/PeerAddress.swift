#if canImport(Glibc)
import Glibc
#endif

/// The IP address of the client at the other end of a connection: a small value, cheap to take
/// for every request and usable as a dictionary key (per-client bookkeeping such as counting
/// failed sign-ins). IPv4 addresses are held as IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`),
/// so a client has one key whichever way it connected.
public struct PeerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes of the (mapped) IPv6 address, in network order, as two integers.
    private let high: UInt64
    private let low: UInt64

    private init(bytes: UnsafeRawBufferPointer) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
        for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
        (self.high, self.low) = (high, low)
    }

    /// Parses an IPv4 (`192.0.2.1`) or IPv6 (`2001:db8::1`, optionally in brackets) literal.
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(ipv4: v4)
            return
        }
        let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return nil }
        self.init(ipv6: v6)
    }

    /// The address of a socket address (`AF_INET` or `AF_INET6`); nil for any other family.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            self.init(ipv4: v4.sin_addr)
        case AF_INET6:
            let v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            self.init(ipv6: v6.sin6_addr)
        default:
            return nil
        }
    }

    private init(ipv4: in_addr) {
        // ::ffff:a.b.c.d; s_addr holds a.b.c.d in network order (its first byte first in memory).
        high = 0
        low = 0xffff << 32 | UInt64(UInt32(bigEndian: ipv4.s_addr))
    }

    private init(ipv6: in6_addr) {
        var address = ipv6
        self = withUnsafeBytes(of: &address) { PeerAddress(bytes: $0) }
    }

    /// True for an IPv4 address (held mapped into IPv6).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xffff }

    /// The usual text form: dotted for IPv4, RFC 5952 for IPv6.
    public var description: String {
        var bytes: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(shift))) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = (isIPv4 ? Array(bytes[12...]) : bytes).withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
