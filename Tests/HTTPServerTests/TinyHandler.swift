import Foundation
import HTTPServer

/// A handler of a few lines for testing the server wrapper without the Guidebook API:
///
/// - `/echo` keeps its body in memory (up to 64 KiB) and answers it back, the query in `X-Query`
///   and the `Host` it saw in `X-Host`;
/// - `/spool` has its body spooled to a file (up to 1 MiB) and answers the file's bytes back;
/// - `/refuse`, and any request with `X-Refuse: yes`, is refused from its head (403);
/// - `/stream` answers a stream that waits until `gate` opens, then sends `hello` and ends;
/// - `/hold` keeps its worker thread until `gate` opens (at most 10 s), as a write waiting for the
///   write lock does, then answers `held`;
/// - `/thread` answers the id of the worker thread that answered it.
///
/// The server's own refusals carry `X-Rejected`: 413 for a body over the limit, 400 for a malformed
/// head (`malformed`, the reason in the body) or query parameter (`parameter=NAME`), 414 and 431.
final class TinyHandler: HTTPHandler, @unchecked Sendable {
    let spoolDirectory: String
    let gate = Gate()
    private let lock = NSLock()
    private var heads: [HTTPRequestHead] = []
    private var bodies: [(kind: String, count: Int)] = []

    init(spoolDirectory: String) {
        self.spoolDirectory = spoolDirectory
    }

    /// The heads the server asked a body policy for, in order.
    var askedHeads: [HTTPRequestHead] { lock.withLock { heads } }
    /// What bodies `respond(to:)` was given (`empty`, `bytes` or `file`, and their sizes), in order.
    /// (Not the bodies themselves: holding a spool file would keep it on disk.)
    var receivedBodies: [(kind: String, count: Int)] { lock.withLock { bodies } }

    func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy {
        lock.withLock { heads.append(head) }
        if head.path == "/refuse" || head.header("x-refuse") == "yes" { return .refuse }
        if head.path == "/spool" { return .spool(limit: 1024 * 1024, directory: spoolDirectory) }
        return .buffer(limit: 64 * 1024)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        lock.withLock { bodies.append((Self.kind(of: request.body), request.body.count)) }
        if request.path == "/refuse" || request.header("x-refuse") == "yes" {
            return HTTPResponse(status: 403, headers: [("Content-Type", "text/plain")], body: Array("refused".utf8))
        }
        switch request.path {
        case "/echo", "/spool":
            let bytes: [UInt8]
            switch request.body {
            case .empty: bytes = []
            case .bytes(let body): bytes = body
            case .file(let file): bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file.path))) ?? Data())
            }
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return HTTPResponse(status: 200, headers: [("X-Body-Kind", Self.kind(of: request.body)), ("X-Query", query), ("X-Host", request.header("host") ?? "")], body: bytes)
        case "/stream":
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], stream: GatedStream(gate: gate))
        case "/hold":
            let until = Date().addingTimeInterval(10)
            while !gate.isOpen() && Date() < until { usleep(10_000) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("held".utf8))
        case "/thread":
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(String(UInt(pthread_self())).utf8))
        default:
            return HTTPResponse(status: 404, body: Array("no such path".utf8))
        }
    }

    private static func kind(of body: HTTPBody) -> String {
        switch body {
        case .empty: return "empty"
        case .bytes: return "bytes"
        case .file: return "file"
        }
    }

    func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse {
        switch rejection {
        case .bodyTooLarge(let limit): return HTTPResponse(status: 413, headers: [("X-Rejected", "limit=\(limit)")], body: Array("too large".utf8))
        case .bodyNotStored(let reason): return HTTPResponse(status: 507, headers: [("X-Rejected", reason)], body: [])
        case .malformed(let reason): return HTTPResponse(status: 400, headers: [("X-Rejected", "malformed")], body: Array(reason.utf8))
        case .badQueryParameter(let name): return HTTPResponse(status: 400, headers: [("X-Rejected", "parameter=\(name)")], body: [])
        case .targetTooLong(let limit): return HTTPResponse(status: 414, headers: [("X-Rejected", "limit=\(limit)")], body: [])
        case .headTooLarge(let limit): return HTTPResponse(status: 431, headers: [("X-Rejected", "limit=\(limit)")], body: [])
        }
    }
}

/// A flag the test raises to let waiting streams go on.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var open = false
    private var asked = 0

    func raise() { lock.withLock { open = true } }
    /// Whether the gate is open; counts the question.
    func isOpen() -> Bool {
        lock.withLock {
            asked += 1
            return open
        }
    }
    /// How often a stream asked.
    var timesAsked: Int { lock.withLock { asked } }
}

/// Waits (parked) until its gate opens, then sends `hello` and ends.
final class GatedStream: HTTPBodyStream, @unchecked Sendable {
    private let gate: Gate
    private let lock = NSLock()
    private var sent = false

    init(gate: Gate) {
        self.gate = gate
    }

    func next() -> HTTPStreamChunk {
        lock.withLock {
            if sent { return .end }
            guard gate.isOpen() else { return .wait }
            sent = true
            return .data(Array("hello".utf8))
        }
    }

    func close() {}

    func farewell() -> [UInt8]? { Array("goodbye".utf8) }
}
