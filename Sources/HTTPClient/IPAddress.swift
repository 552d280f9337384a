import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as bytes (network order), as a resolver or a socket sees it.
public enum IPAddress: Sendable, Equatable, CustomStringConvertible {
    case v4([UInt8])
    case v6([UInt8])

    /// Parses a textual address ("10.0.0.1", "::1"); nil for anything else (a host name).
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// The address of a socket address (AF_INET or AF_INET6); nil for any other family.
    public init?(socketAddress: UnsafePointer<sockaddr>) {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            let address = UnsafeRawPointer(socketAddress).load(as: sockaddr_in.self)
            self = .v4(withUnsafeBytes(of: address.sin_addr) { Array($0) })
        case AF_INET6:
            let address = UnsafeRawPointer(socketAddress).load(as: sockaddr_in6.self)
            self = .v6(withUnsafeBytes(of: address.sin6_addr) { Array($0) })
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .v4(let bytes): return bytes.map(String.init).joined(separator: ".")
        case .v6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "(IPv6)" }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
