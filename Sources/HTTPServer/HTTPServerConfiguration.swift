/// How the server listens and what it tolerates.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or "localhost".
    public var host: String
    /// The port; 0 picks a free one (read it back from `HTTPServer.port`).
    public var port: UInt16
    /// Worker threads in the pool (each serves many connections through epoll).
    public var threads: Int
    /// Connections open at once; more are refused at accept time.
    public var connectionLimit: Int
    /// Seconds an idle or slow connection may live.
    public var connectionTimeoutSeconds: Int
    /// Seconds a connection has to send a complete request head, from its start or from the end of
    /// its previous answer, however steadily it sends (the idle timeout does not see a client that
    /// dribbles a byte a second); then it is closed.
    public var headerTimeoutSeconds: Int
    /// The longest request target answered (longer: 414), in bytes. libmicrohttpd answers a head
    /// that does not fit its buffer itself (see `docs/security.md`); this is below that.
    public var targetLimit: Int
    /// The largest request head answered (larger: 431), in bytes; below libmicrohttpd's own bound.
    public var headLimit: Int
    /// PEM certificate and key for HTTPS; nil serves plain HTTP.
    public var tls: TLS?
    /// Milliseconds between polls of waiting streams.
    public var streamPollMilliseconds: Int
    /// How long and how much of a refused request's body (405, 404, 413) the server reads and
    /// drops before it answers, so that a client still sending can read the refusal (as nginx's
    /// lingering close does). A body beyond either bound gets the connection closed.
    public var linger: Linger

    /// The bounds on reading a refused request's body.
    public struct Linger: Sendable {
        /// Seconds from the refusal to the end of the body.
        public var seconds: Int
        /// Bytes of body read after the refusal.
        public var bytes: Int
        public init(seconds: Int = 2, bytes: Int = 4 * 1024 * 1024) {
            self.seconds = seconds
            self.bytes = bytes
        }

        /// True when a refused body declared as `declared` bytes (nil: chunked, length unknown) is
        /// worth reading to its end before answering; false answers at once (and closes).
        func reads(bodyOf declared: Int?) -> Bool {
            seconds > 0 && bytes > 0 && (declared ?? 0) <= bytes
        }
    }

    /// A certificate and its private key, both PEM text.
    public struct TLS: Sendable {
        public var certificatePEM: String
        public var keyPEM: String
        public init(certificatePEM: String, keyPEM: String) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
        }
    }

    public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, connectionLimit: Int = 1024,
                connectionTimeoutSeconds: Int = 30, headerTimeoutSeconds: Int = 10, tls: TLS? = nil, streamPollMilliseconds: Int = 200,
                linger: Linger = Linger(), targetLimit: Int = 8 * 1024, headLimit: Int = 9 * 1024) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.headerTimeoutSeconds = headerTimeoutSeconds
        self.targetLimit = targetLimit
        self.headLimit = headLimit
        self.tls = tls
        self.streamPollMilliseconds = streamPollMilliseconds
        self.linger = linger
    }
}
