import GuidebookBase
import HTTPServer

/// The third stage: whatever the stages after it or the route throw becomes an RFC 9457
/// problem+json response (`ProblemMapper` decides which problem). Failures of the server are
/// logged with the request id; the client sees only that id.
public struct ProblemStage: Stage {
    let logger: Logger

    /// Logs failures to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        do {
            return try next(request, &context)
        } catch {
            let problem = ProblemMapper.problem(for: error, requestID: context.requestID)
            if ProblemMapper.isServerFault(problem) {
                logger.error("request failed", [("request_id", .string(context.requestID)), ("path", .string(request.path)),
                                                ("error", .string(String(describing: error)))])
            }
            if let line = problem.logLine {
                logger.error(line.message, [("request_id", .string(context.requestID))] + line.fields)
            }
            return Self.response(for: problem, path: request.path)
        }
    }

    /// The response for `problem` to a request for `path` (its `instance`).
    static func response(for problem: Problem, path: String) -> APIResponse {
        var response = APIResponse(status: problem.status, headers: [("Content-Type", MediaType.problemJSON.contentType)] + problem.headers,
                                   body: .bytes(problem.body(instance: PercentEncoding.encode(String(path.prefix(500)), keeping: "/"))),
                                   isCacheable: false)
        response.delay = problem.delay
        return response
    }
}
