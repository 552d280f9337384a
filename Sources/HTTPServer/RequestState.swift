import CMicroHTTPD

/// Everything the server collects about one request across MHD's access-handler calls.
/// Travels in MHD's per-request pointer and is released by the completion callback.
final class RequestState {
    /// Method, path and headers.
    let head: HTTPRequestHead
    /// The query parameters, decoded from the raw target.
    let query: [(name: String, value: String)]
    let policy: BodyPolicy
    /// The handler's note from the head (`HeadDecision.note`), handed back with the request.
    let note: (any Sendable)?
    var buffer: [UInt8] = []
    var spool: SpoolFile?
    /// Body bytes received, kept or not.
    var received = 0
    /// Why the server refuses the request on its own (nil: the handler answers, refusal or not).
    var rejection: HTTPRejection?
    /// When the request was known to be refused; from then on its body is read and dropped.
    var refusedAt: ContinuousClock.Instant?
    /// Body bytes dropped since the refusal.
    var discarded = 0
    /// When the first body byte arrived (for the minimum upload rate).
    var bodyStarted: ContinuousClock.Instant?
    /// An answer with a delay, kept while the connection is suspended; sent when it is resumed.
    var delayed: HTTPResponse?
    /// True when the answer closes the connection (a head refused before its body could be framed).
    var closesConnection = false

    init(head: HTTPRequestHead, query: [(name: String, value: String)], policy: BodyPolicy, note: (any Sendable)? = nil) {
        self.head = head
        self.query = query
        self.policy = policy
        self.note = note
        if policy == .refuse { refusedAt = .now }
    }

    var method: String { head.method }

    var limit: Int { policy.limit }

    /// True once the request is known to be refused, whatever the rest of its body.
    var isRefused: Bool { refusedAt != nil }

    /// Refuses the request on the server's own account: nothing more of the body is kept.
    func reject(_ reason: HTTPRejection) {
        rejection = reason
        refusedAt = refusedAt ?? .now
        buffer = []
        spool = nil
    }

    /// True when a refused request's body has gone on past the linger bounds: reading more of it
    /// would let a client hold the connection (or the server's bandwidth) with a body nobody wants.
    func hasOutstayed(_ linger: HTTPServerConfiguration.Linger) -> Bool {
        guard let refusedAt else { return false }
        return discarded > linger.bytes || ContinuousClock.now - refusedAt > .seconds(linger.seconds)
    }

    /// True when a body has been arriving for longer than `graceSeconds` at less than
    /// `minimumBytesPerSecond` on average: such a client is holding a connection, not uploading.
    func isTooSlow(graceSeconds: Int, minimumBytesPerSecond: Int) -> Bool {
        let now = ContinuousClock.now
        guard let started = bodyStarted else {
            bodyStarted = now
            return false
        }
        let elapsed = now - started
        guard elapsed > .seconds(graceSeconds) else { return false }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(received) / seconds < Double(minimumBytesPerSecond)
    }

    /// Stores one chunk of the body, drops it when the request is refused, or records why it cannot be stored.
    func receive(_ chunk: UnsafeRawBufferPointer) {
        received += chunk.count
        if isRefused {
            discarded += chunk.count
            return
        }
        if received > limit {
            reject(.bodyTooLarge(limit: limit))
            return
        }
        switch policy {
        case .buffer:
            buffer.append(contentsOf: chunk)
        case .spool(_, let directory):
            do {
                if spool == nil { spool = try SpoolFile(directory: directory) }
                try spool?.append(chunk)
            } catch {
                reject(.bodyNotStored(reason: "\(error)"))
            }
        case .refuse:
            break
        }
    }

    /// The answer to the request once its body has been read (or will not be): the handler's
    /// answer to the server's own refusal, or its response (which, for a request the handler
    /// refused, is that refusal).
    func answer(from handler: any HTTPHandler) -> HTTPResponse {
        if let rejection {
            return handler.reject(rejection, head: head)
        }
        return handler.respond(to: HTTPRequest(head: head, query: query, body: isRefused ? .empty : takeBody(), decision: note))
    }

    /// The body as the handler receives it.
    private func takeBody() -> HTTPBody {
        if let spool {
            spool.finish()
            return .file(spool)
        }
        if case .spool(_, let directory) = policy {
            // An empty upload still gets a (empty) file so handlers see one shape.
            if let empty = try? SpoolFile(directory: directory) {
                empty.finish()
                return .file(empty)
            }
        }
        return buffer.isEmpty ? .empty : .bytes(buffer)
    }
}

/// The request line's raw target, copied by the URI log callback before libmicrohttpd decodes it
/// in place; it travels in MHD's per-request pointer until the headers have arrived.
final class RequestLine {
    let rawTarget: [UInt8]

    init(rawTarget: [UInt8]) {
        self.rawTarget = rawTarget
    }
}

/// Collects the headers from MHD's iterator: each as text, and where its name and value lie in
/// MHD's buffer (for `HeadLayout`).
final class HeaderCollector {
    var headers: [(name: String, value: String)] = []
    var places: [(name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int)] = []

    init() {
        // A request rarely has more than a dozen headers: one allocation each, not several.
        headers.reserveCapacity(12)
        places.reserveCapacity(12)
    }
}

/// One streaming response: the application's stream, bytes not yet sent, and the connection.
final class StreamContext: @unchecked Sendable {
    let stream: any HTTPBodyStream
    let connection: OpaquePointer
    unowned let core: ServerCore
    var pending: [UInt8] = []
    var pendingOffset = 0
    var sentFarewell = false

    init(stream: any HTTPBodyStream, connection: OpaquePointer, core: ServerCore) {
        self.stream = stream
        self.connection = connection
        self.core = core
    }
}
