/// Why an outgoing request failed before a response came.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The policy refused the address the host resolved to (checked on every connection).
    case refusedAddress(String)
    /// The host name did not resolve.
    case resolution(host: String, reason: String)
    /// The transfer failed (connection, TLS, timeout...): libcurl's message.
    case transfer(code: Int, message: String)
    /// libcurl refused to set up the request (a bug, or a libcurl without a needed feature).
    case setup(String)

    public var description: String {
        switch self {
        case .refusedAddress(let reason): return "refused to connect: \(reason)"
        case .resolution(let host, let reason): return "cannot resolve \(host): \(reason)"
        case .transfer(let code, let message): return "\(message) (curl \(code))"
        case .setup(let message): return "cannot set up the request: \(message)"
        }
    }
}
