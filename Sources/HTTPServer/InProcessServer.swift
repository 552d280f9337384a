import CMicroHTTPD

/// Serves requests to a handler without a socket, deciding about their bodies as `HTTPServer`
/// does: the handler's body policy from the request head, the body kept in memory, spooled to a
/// file or dropped, the server's own refusal of a body over the limit, and the path and query
/// percent-decoded by libmicrohttpd's own function.
///
/// What only a connection has is not modelled: keep-alive, lingering, timeouts, `100 Continue`,
/// `HEAD` without a body on the wire, delayed answers, and streams parked between reads (a caller
/// reads a stream by asking its `next()` itself). Tests of those use a real `HTTPServer`.
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
        let (path, query) = Self.decode(target: target)
        let hasBody = (body?.count ?? 0) > 0 || headers.contains { $0.name.lowercased() == "transfer-encoding" }
        let head = HTTPRequestHead(method: method.uppercased(), path: path, headers: headers, peer: peer)
        let policy = hasBody ? handler.bodyPolicy(for: head) : .buffer(limit: 0)
        let state = RequestState(head: head, hasAllHeaders: true, policy: policy)
        if let body, body.count > state.limit, !state.isRefused {
            state.reject(.bodyTooLarge(limit: state.limit))
        }
        if let body, !body.isEmpty, state.rejection == nil {
            body.withUnsafeBytes { state.receive($0) }
        }
        return state.answer(from: handler, query: { query }, headers: { head.headers })
    }

    /// The path and the query parameters of a request target, decoded as libmicrohttpd decodes
    /// them: `%XX` in the path and in each name and value, and `+` as a space in the query only;
    /// a parameter without `=` has an empty value.
    public static func decode(target: String) -> (path: String, query: [(name: String, value: String)]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = unescape(String(parts[0]))
        guard parts.count == 2, !parts[1].isEmpty else { return (path, []) }
        let query = parts[1].split(separator: "&").map { pair -> (name: String, value: String) in
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in unescape(text.replacingOccurrences(of: "+", with: " ")) }
            return (decode(sides[0]), sides.count == 2 ? decode(sides[1]) : "")
        }
        return (path, query)
    }

    /// libmicrohttpd's percent-decoding (an invalid `%` sequence is kept as it is). The server reads
    /// the result as a C string, so a decoded `%00` ends it here too.
    private static func unescape(_ text: String) -> String {
        var bytes = Array(text.utf8CString)
        let count = bytes.withUnsafeMutableBufferPointer { MHD_http_unescape($0.baseAddress!) }
        return String(decoding: bytes.prefix(count).prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
