/// The application behind the server.
public protocol HTTPHandler: Sendable {
    /// Decides, from the request head alone (method, path, headers), where the request body goes,
    /// or that the request will be refused whatever its body (then the body is read and dropped,
    /// not kept, and `respond(to:)` answers with the refusal). Asked only for requests that
    /// announce a body (`Content-Length` above 0, or `Transfer-Encoding`).
    func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy
    /// Decides about every request once its head has arrived: where its body goes (asking
    /// `bodyPolicy(for:)` only when `hasBody`, by default) and a note the server hands back in
    /// `HTTPRequest.decision` when the request is answered. Without a body the policy is not
    /// looked at (a refusal is answered after the head like any answer).
    func decide(_ head: HTTPRequestHead, hasBody: Bool) -> HeadDecision
    /// Answers a complete request. Called on a server worker thread.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Answers a request the server rejected before the handler saw it (for example a body over the limit).
    func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse
}

extension HTTPHandler {
    public func decide(_ head: HTTPRequestHead, hasBody: Bool) -> HeadDecision {
        HeadDecision(body: hasBody ? bodyPolicy(for: head) : .buffer(limit: 0))
    }
}

/// Why the server refused a request on its own.
public enum HTTPRejection: Sendable, Equatable {
    /// The body exceeded the route's limit (bytes).
    case bodyTooLarge(limit: Int)
    /// The body could not be stored (disk full, permissions).
    case bodyNotStored(reason: String)
    /// The head is ambiguous or malformed (framing, a control character in the path or a header,
    /// a NUL that libmicrohttpd would have cut a value at): 400, and the connection is closed.
    case malformed(String)
    /// A query parameter's name or value holds a control character (400 naming the parameter).
    case badQueryParameter(name: String)
    /// The request target is longer than `limit` bytes (414).
    case targetTooLong(limit: Int)
    /// The request head (request line and headers) is larger than `limit` bytes (431).
    case headTooLarge(limit: Int)
}
