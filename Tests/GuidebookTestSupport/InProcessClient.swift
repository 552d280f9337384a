import Foundation
import HTTPServer

/// A client that calls an `HTTPHandler` directly, through `InProcessServer` (the server's own
/// handling of bodies and of the request target), and reads the answer as `HTTPTestClient` would:
/// a `Content-Length` for a body of bytes, no body for `HEAD`, 204 and 304, and a streamed body
/// read to its end (or until `timeoutSeconds`), asking the stream again every 20 ms while it waits.
public struct InProcessClient: Sendable {
    private let server: InProcessServer

    /// A client of `handler`.
    public init(handler: any HTTPHandler) {
        server = InProcessServer(handler: handler)
    }

    /// Sends a request (the target percent-encoded, as on the wire) and returns the answer. It
    /// never throws; it is declared `throws` so that tests call both kinds of client alike.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                        timeoutSeconds: Int = 5) throws -> HTTPTestResponse {
        let response = server.respond(method: method, target: target, headers: headers.map { (name: $0.0, value: $0.1) }, body: body)
        var headers = response.headers
        var bytes: [UInt8]
        switch response.body {
        case .bytes(let body):
            headers.append(("Content-Length", String(body.count)))
            bytes = body
        case .stream(let stream):
            bytes = Self.read(stream, seconds: Double(timeoutSeconds))
        }
        if method.uppercased() == "HEAD" || response.status == 204 || response.status == 304 { bytes = [] }
        return HTTPTestResponse(status: response.status, headers: headers, body: bytes)
    }

    /// Nothing to close; here so that tests can treat both kinds of client alike.
    public func close() {}

    private static func read(_ stream: any HTTPBodyStream, seconds: Double) -> [UInt8] {
        defer { stream.close() }
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            switch stream.next() {
            case .data(let chunk): bytes += chunk
            case .wait: usleep(20_000)
            case .end: return bytes
            }
        }
        return bytes
    }
}
