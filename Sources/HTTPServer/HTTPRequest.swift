/// What is known of a request once its headers have arrived: method, path and headers, but not
/// yet the body. The handler decides from it where the body goes (`HTTPHandler.bodyPolicy(for:)`).
public struct HTTPRequestHead: Sendable {
    /// The method in upper case ("GET", "POST", ...).
    public let method: String
    /// The path, percent-decoded by the server, without the query string.
    public let path: String
    /// Request headers; names are lower-cased.
    public let headers: [(name: String, value: String)]
    /// The address of the client at the other end of the connection (nil when unknown, such as
    /// in-process). A proxy in front of the server is this client; `X-Forwarded-For` is a header
    /// like any other.
    public let peer: PeerAddress?

    public init(method: String, path: String, headers: [(name: String, value: String)] = [], peer: PeerAddress? = nil) {
        self.init(method: method, path: path, lowercasedHeaders: headers.map { (HeaderName.lowercased($0.name), $0.value) }, peer: peer)
    }

    /// A head whose header names are in lower case already (the server lower-cases them as it
    /// reads them).
    init(method: String, path: String, lowercasedHeaders: [(name: String, value: String)], peer: PeerAddress?) {
        self.method = method
        self.path = path
        self.headers = lowercasedHeaders
        self.peer = peer
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        for header in headers where HeaderName.equal(header.name, name) { return header.value }
        return nil
    }
}

/// A request as the application sees it: already parsed, with its body read.
public struct HTTPRequest: Sendable {
    /// Method, path and headers.
    public let head: HTTPRequestHead
    /// Query parameters in the order they appeared, percent-decoded.
    public let query: [(name: String, value: String)]
    /// The request body.
    public let body: HTTPBody
    /// What the handler noted about the request when its head arrived (`HeadDecision.note`); nil
    /// when it noted nothing, or for a request made by hand.
    public let decision: (any Sendable)?

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [], body: HTTPBody = .empty) {
        self.init(head: HTTPRequestHead(method: method, path: path, headers: headers), query: query, body: body)
    }

    public init(head: HTTPRequestHead, query: [(name: String, value: String)] = [], body: HTTPBody = .empty, decision: (any Sendable)? = nil) {
        self.head = head
        self.query = query
        self.body = body
        self.decision = decision
    }

    /// The method in upper case ("GET", "POST", ...).
    public var method: String { head.method }
    /// The path, percent-decoded by the server, without the query string.
    public var path: String { head.path }
    /// Request headers; names are lower-cased.
    public var headers: [(name: String, value: String)] { head.headers }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? { head.header(name) }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// All values of a query parameter.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}

/// A request body, as the route's `BodyPolicy` asked for it.
public enum HTTPBody: Sendable {
    case empty
    /// The whole body in memory.
    case bytes([UInt8])
    /// The body streamed to a file on disk.
    case file(SpoolFile)

    /// The body's size in bytes.
    public var count: Int {
        switch self {
        case .empty: return 0
        case .bytes(let bytes): return bytes.count
        case .file(let file): return file.size
        }
    }
}

/// What the server should do with a request body before the handler runs.
public enum BodyPolicy: Sendable, Equatable {
    /// Keep the body in memory, up to `limit` bytes.
    case buffer(limit: Int)
    /// Stream the body to a file in `directory`, up to `limit` bytes.
    case spool(limit: Int, directory: String)
    /// The request will be refused whatever its body says (no such path, a method the path does
    /// not take, or anything else the handler can decide from the request head). The server reads
    /// and drops the body, within its linger bounds, so that the client can read the refusal; then
    /// `respond(to:)` answers the request, given an empty body.
    case refuse

    /// The largest body kept (0 when the request is refused).
    var limit: Int {
        switch self {
        case .buffer(let limit), .spool(let limit, _): return limit
        case .refuse: return 0
        }
    }
}
