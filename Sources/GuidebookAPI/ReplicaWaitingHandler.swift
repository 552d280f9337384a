import HTTPServer

/// What a read replica answers while its file does not exist yet (the first `litestream restore`
/// has not finished): `/livez` says alive, everything else (`/readyz` first) is 503 problem+json
/// saying what it waits for. The real application takes over once the file is there.
public struct ReplicaWaitingHandler: HTTPHandler {
    let reason: String

    /// Waits for `reason` (e.g. "the first restore of data/guidebook.sqlite").
    public init(reason: String) {
        self.reason = reason
    }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .refuse }

    public func respond(to request: HTTPRequest) -> HTTPResponse { answer(path: request.path) }

    public func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse { answer(path: head.path) }

    private func answer(path: String) -> HTTPResponse {
        if path == "/livez" {
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
                                body: Array(#"{"status":"alive"}"#.utf8))
        }
        let problem = Problem.unavailable("not ready: this read replica is waiting for \(reason)", retryAfter: 5)
        return HTTPResponse(status: 503, headers: [("Content-Type", "application/problem+json"), ("Cache-Control", "no-store")] + problem.headers,
                            body: problem.body(instance: String(path.prefix(200))))
    }
}
