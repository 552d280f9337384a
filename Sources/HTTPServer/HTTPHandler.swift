/// The application behind the server.
public protocol HTTPHandler: Sendable {
    /// Decides, from the method, path and headers alone, where the request body goes.
    func bodyPolicy(method: String, path: String) -> BodyPolicy
    /// Answers a complete request. Called on a server worker thread.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Answers a request the server rejected before the handler saw it (for example a body over the limit).
    func reject(_ rejection: HTTPRejection, method: String, path: String) -> HTTPResponse
}

/// Why the server refused a request on its own.
public enum HTTPRejection: Sendable, Equatable {
    /// The body exceeded the route's limit (bytes).
    case bodyTooLarge(limit: Int)
    /// The body could not be stored (disk full, permissions).
    case bodyNotStored(reason: String)
}
