import CMicroHTTPD

/// Everything the server collects about one request across MHD's access-handler calls.
/// Travels in MHD's per-request pointer and is released by the completion callback.
final class RequestState {
    let method: String
    let path: String
    let policy: BodyPolicy
    var buffer: [UInt8] = []
    var spool: SpoolFile?
    var received = 0
    var rejection: HTTPRejection?
    /// When the first body byte arrived (for the minimum upload rate).
    var bodyStarted: ContinuousClock.Instant?

    init(method: String, path: String, policy: BodyPolicy) {
        self.method = method
        self.path = path
        self.policy = policy
    }

    var limit: Int {
        switch policy {
        case .buffer(let limit), .spool(let limit, _): return limit
        }
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

    /// Stores one chunk of the body, or records why it cannot.
    func receive(_ chunk: UnsafeRawBufferPointer) {
        guard rejection == nil else { return }
        received += chunk.count
        if received > limit {
            rejection = .bodyTooLarge(limit: limit)
            buffer = []
            spool = nil
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
                rejection = .bodyNotStored(reason: "\(error)")
                spool = nil
            }
        }
    }

    /// The body as the handler receives it.
    func takeBody() -> HTTPBody {
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

/// Collects key/value pairs from MHD's iterator into an array.
final class PairCollector {
    var pairs: [(name: String, value: String)] = []
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
