/// Serves requests to a handler without a socket, deciding about their bodies as `HTTPServer`
/// does: the handler's body policy from the request head, the body kept in memory, spooled to a
/// file or dropped, the server's own refusal of a body over the limit, the path and query decoded
/// by `RequestTarget` and a target or header holding a control character refused.
///
/// What only a connection has is not modelled: keep-alive, lingering, timeouts, `100 Continue`,
/// `HEAD` without a body on the wire, delayed answers, the framing rules (`Content-Length`,
/// `Transfer-Encoding`, `Host`: the caller gives no wire), and streams parked between reads (a
/// caller reads a stream by asking its `next()` itself). Tests of those use a real `HTTPServer`.
public struct InProcessServer: Sendable {
    /// The application answering.
    public let handler: any HTTPHandler

    public init(handler: any HTTPHandler) {
        self.handler = handler
    }

    /// Answers one request. `target` is the request target as sent (`/v1/x?a=1`), percent-encoded;
    /// a body is sent with its length (the server would see a `Content-Length`); `peer` is the
    /// client's address as the server would see it. A response's `delay` is not waited for.
    public func respond(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
                        peer: PeerAddress? = nil) -> HTTPResponse {
        let raw = Array(target.utf8)
        var rejection: HTTPRejection?
        var path = RequestTarget.refusedPath(raw), query: [(name: String, value: String)] = []
        var headers = headers
        switch RequestTarget.parse(raw) {
        case .success(let decoded):
            (path, query) = (decoded.path, decoded.query)
            headers = decoded.headers(headers)
        case .failure(let fault):
            rejection = fault.rejection
        }
        if rejection == nil, let fault = FramingRules.fieldViolation(headers) { rejection = .malformed(fault) }
        let hasBody = (body?.count ?? 0) > 0 || headers.contains { $0.name.lowercased() == "transfer-encoding" }
        let head = HTTPRequestHead(method: method.uppercased(), path: path, headers: headers, peer: peer)
        let decision = rejection != nil ? HeadDecision(body: .refuse) : handler.decide(head, hasBody: hasBody)
        let state = RequestState(head: head, query: query, policy: decision.body, note: decision.note)
        if let rejection {
            state.reject(rejection)
        } else if let body, body.count > state.limit, !state.isRefused {
            state.reject(.bodyTooLarge(limit: state.limit))
        }
        if let body, !body.isEmpty, state.rejection == nil {
            body.withUnsafeBytes { state.receive($0) }
        }
        return ServerHeaders.adding(to: state.answer(from: handler), closing: false)
    }
}
