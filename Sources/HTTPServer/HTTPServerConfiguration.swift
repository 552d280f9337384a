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
    /// PEM certificate and key for HTTPS; nil serves plain HTTP.
    public var tls: TLS?
    /// Milliseconds between polls of waiting streams.
    public var streamPollMilliseconds: Int

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
                connectionTimeoutSeconds: Int = 30, tls: TLS? = nil, streamPollMilliseconds: Int = 200) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.tls = tls
        self.streamPollMilliseconds = streamPollMilliseconds
    }
}
