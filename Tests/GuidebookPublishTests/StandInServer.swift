import Foundation
import HTTPServer

/// A wiki's API stood in for by a real HTTP server on 127.0.0.1, written in the test from the
/// API's documented requests and answers (we cannot run BookStack or Outline here). It records
/// every request with the time it arrived and answers through the test's `route`.
final class StandInServer: HTTPHandler, @unchecked Sendable {
    struct Request {
        let method: String
        let path: String
        let query: [(name: String, value: String)]
        let headers: [(name: String, value: String)]
        let body: [UInt8]
        let at: Date

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
        /// The parts of a `multipart/form-data` body, by name: (file name, bytes).
        var parts: [String: (filename: String?, data: [UInt8])] {
            guard let type = header("content-type"), let range = type.range(of: "boundary=") else { return [:] }
            let delimiter = Array(("--" + type[range.upperBound...]).utf8)
            var result: [String: (String?, [UInt8])] = [:]
            var chunks: [[UInt8]] = []
            var start = 0, index = 0
            while index + delimiter.count <= body.count {
                if Array(body[index..<index + delimiter.count]) == delimiter {
                    if index > start { chunks.append(Array(body[start..<index])) }
                    index += delimiter.count
                    start = index
                } else { index += 1 }
            }
            for chunk in chunks {
                let text = String(decoding: chunk, as: UTF8.self)
                guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
                let head = String(text[..<headEnd.lowerBound])
                guard let name = head.firstMatch(of: /name="([^"]*)"/)?.1 else { continue }
                let filename = head.firstMatch(of: /filename="([^"]*)"/).map { String($0.1) }
                let headBytes = Array(text[..<headEnd.upperBound].utf8).count
                var data = Array(chunk[headBytes...])
                if data.suffix(2) == [13, 10] { data.removeLast(2) }
                result[String(name)] = (filename, data)
            }
            return result.mapValues { (filename: $0.0, data: $0.1) }
        }
    }

    private let lock = NSLock()
    private var recorded: [Request] = []
    private var server: HTTPServer?
    private let route: @Sendable (Request, Int) -> HTTPResponse
    private(set) var port: UInt16 = 0

    /// `route` answers each request; its second argument counts the requests before it.
    init(route: @escaping @Sendable (Request, Int) -> HTTPResponse) throws {
        self.route = route
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, connectionLimit: 32,
                                                                           connectionTimeoutSeconds: 30), handler: self)
        self.server = server
        port = server.port
    }

    var url: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { lock.withLock { recorded } }

    func stop() {
        server?.stop(graceSeconds: 1)
        server = nil
    }

    static func json(_ status: Int, _ object: Any, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers,
                     body: [UInt8]((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()))
    }

    func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .buffer(limit: 16 * 1024 * 1024) }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var body: [UInt8] = []
        if case .bytes(let bytes) = request.body { body = bytes }
        let record = Request(method: request.method, path: request.path, query: request.query, headers: request.headers, body: body, at: Date())
        let count = lock.withLock { () -> Int in
            recorded.append(record)
            return recorded.count - 1
        }
        return route(record, count)
    }

    func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse { HTTPResponse(status: 413) }
}
