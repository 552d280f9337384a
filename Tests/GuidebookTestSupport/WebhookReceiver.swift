import Foundation
import HTTPServer

/// A webhook receiver on 127.0.0.1 for tests: a real HTTP server that records every request and
/// answers as scripted (a status, or hanging for a while before answering), one answer per request
/// in order, then `otherwise`. `stop()` releases hanging requests and stops the server.
public final class WebhookReceiver: HTTPHandler, @unchecked Sendable {
    /// How to answer one request.
    public enum Answer: Sendable {
        case status(Int)
        /// Wait this long (or until `stop()`) before answering 200.
        case hang(seconds: Double)
    }

    /// One request as it arrived.
    public struct Request: Sendable {
        public let path: String
        public let headers: [String: String]
        public let body: [UInt8]
        /// The status it was answered with.
        public let answered: Int
        /// It was made to hang first (its sender may have given up or died meanwhile).
        public let hung: Bool
    }

    private let condition = NSCondition()
    private var script: [Answer]
    private var otherwise: Answer
    private var requests: [Request] = []
    private var started = 0
    private var isStopped = false
    private var server: HTTPServer?
    /// The port it listens on.
    public private(set) var port: UInt16 = 0

    public init(answers: [Answer] = [], otherwise: Answer = .status(200)) throws {
        script = answers
        self.otherwise = otherwise
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 4, connectionLimit: 64,
                                                                           connectionTimeoutSeconds: 30), handler: self)
        self.server = server
        port = server.port
    }

    deinit { stop() }

    /// Its URL (path `/hook`).
    public var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Replaces the answers still to come.
    public func answer(_ answers: [Answer], otherwise: Answer) {
        condition.withLock {
            script = answers
            self.otherwise = otherwise
        }
    }

    /// Requests answered so far.
    public var received: [Request] { condition.withLock { requests } }
    /// Requests that arrived so far, answered or not (a hanging one counts).
    public var arrived: Int { condition.withLock { started } }

    /// Waits until `predicate` holds for the answered requests, or `seconds` pass; returns them.
    @discardableResult
    public func wait(seconds: Double, until predicate: ([Request]) -> Bool) -> [Request] {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(requests) && condition.wait(until: deadline) {}
        return requests
    }

    /// Waits until `count` requests have arrived (answered or not), or `seconds` pass.
    public func waitForArrivals(_ count: Int, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while started < count && condition.wait(until: deadline) {}
        return started >= count
    }

    public func stop() {
        condition.withLock {
            isStopped = true
            condition.broadcast()
        }
        server?.stop(graceSeconds: 1)
        server = nil
    }

    // MARK: HTTPHandler

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .buffer(limit: 1024 * 1024) }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        condition.lock()
        started += 1
        let answer = script.isEmpty ? otherwise : script.removeFirst()
        condition.broadcast()
        var status = 200
        var hung = false
        switch answer {
        case .status(let code): status = code
        case .hang(let seconds):
            hung = true
            let deadline = Date().addingTimeInterval(seconds)
            while !isStopped && condition.wait(until: deadline) {}
        }
        var headers: [String: String] = [:]
        for name in ["webhook-id", "webhook-timestamp", "webhook-signature", "content-type", "user-agent"] {
            headers[name] = request.header(name)
        }
        let body: [UInt8]
        if case .bytes(let bytes) = request.body { body = bytes } else { body = [] }
        requests.append(Request(path: request.path, headers: headers, body: body, answered: status, hung: hung))
        condition.broadcast()
        condition.unlock()
        // A redirect names a place to go (`/elsewhere`), so a client that followed it would show.
        let location: [(name: String, value: String)] = (300..<400).contains(status) ? [("Location", "/elsewhere")] : []
        return HTTPResponse(status: status, headers: [("Content-Type", "text/plain")] + location, body: Array("ok".utf8))
    }

    public func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse {
        HTTPResponse(status: 413)
    }
}
