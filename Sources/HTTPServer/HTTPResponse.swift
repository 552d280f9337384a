/// A response produced by the application.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Response headers in order. `Content-Length` is set by the server.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body
    /// How long the server waits before it sends this response (zero: at once). The connection
    /// is suspended meanwhile, so the wait holds no worker thread; a server that is stopping
    /// sends at once. (`InProcessServer` does not wait.)
    public var delay: Duration = .zero

    /// A response body: bytes known up front, or a stream produced over time.
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(any HTTPBodyStream)
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    public init(status: Int, headers: [(name: String, value: String)], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, headers: [(name: String, value: String)], stream: any HTTPBodyStream) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        for header in headers where HeaderName.equal(header.name, name) { return header.value }
        return nil
    }

    /// The body's bytes, or an empty array for a stream.
    public var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }
}

/// What a streaming body has to say when the server asks for more.
public enum HTTPStreamChunk: Sendable {
    /// Bytes to send now.
    case data([UInt8])
    /// Nothing yet: the server parks the connection (no worker thread is held) and asks again later.
    case wait
    /// The stream is complete.
    case end
}

/// A response body produced over time, such as server-sent events.
///
/// `next()` is called on a server thread whenever the connection can take more bytes; after a
/// `.wait` the server parks the connection and asks again when the stream resumes it
/// (`parked(resume:)`), or else within its stream poll interval.
public protocol HTTPBodyStream: AnyObject, Sendable {
    /// The next piece of the body.
    func next() -> HTTPStreamChunk
    /// Called once each time the server parked the stream after a `.wait`, with what resumes it
    /// (callable from any thread, at once or later, more than once: only the first call of a
    /// parking counts). True when the stream will call it itself, as soon as it has something to
    /// send; false (the default) to be asked again at the server's stream poll interval.
    func parked(resume: @escaping @Sendable () -> Void) -> Bool
    /// Called once when the connection closes, whatever the reason.
    func close()
    /// The last bytes to send when the server stops while the stream is open (nil: none).
    func farewell() -> [UInt8]?
}

extension HTTPBodyStream {
    /// Asked again at the server's stream poll interval.
    public func parked(resume: @escaping @Sendable () -> Void) -> Bool { false }
}
