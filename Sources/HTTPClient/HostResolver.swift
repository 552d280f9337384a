#if canImport(Glibc)
import Glibc
#endif

/// Resolves a host name to its addresses with the system resolver (`getaddrinfo`).
public enum HostResolver {
    /// Every address `host` resolves to (an address literal resolves to itself). Throws
    /// `HTTPClientError.resolution` when it resolves to nothing.
    public static func addresses(of host: String) throws -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else {
            throw HTTPClientError.resolution(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            if let address = current.pointee.ai_addr.flatMap({ IPAddress(socketAddress: $0) }), !addresses.contains(address) {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw HTTPClientError.resolution(host: host, reason: "no address") }
        return addresses
    }
}
