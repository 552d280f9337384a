#if canImport(Glibc)
import Glibc
#endif

/// A socket address for MHD_OPTION_SOCK_ADDR, allocated for the duration of the daemon's start.
struct SocketAddress {
    let pointer: UnsafeMutableRawPointer
    let isIPv6: Bool

    init(host: String, port: UInt16) throws {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            (pointer, isIPv6) = (Self.copy(v4), false)
            return
        }
        var v6 = sockaddr_in6()
        let trimmed = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        if inet_pton(AF_INET6, trimmed, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            (pointer, isIPv6) = (Self.copy(v6), true)
            return
        }
        throw HTTPServerError.badAddress(host)
    }

    func deallocate() { pointer.deallocate() }

    /// A copy of `address` in memory of its own, freed by `deallocate()`.
    private static func copy<Address>(_ address: Address) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutablePointer<Address>.allocate(capacity: 1)
        memory.initialize(to: address)
        return UnsafeMutableRawPointer(memory)
    }
}
