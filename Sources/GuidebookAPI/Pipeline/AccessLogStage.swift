import GuidebookBase
import HTTPServer

/// The second stage: counts the request in the metrics (in flight while it runs; then by method,
/// route template and status, its duration, and what its answer records, such as a search) and
/// writes its access log line. It sees every answer: the `ProblemStage` after it turns failures
/// into responses.
public struct AccessLogStage: Stage {
    let logger: Logger

    /// Logs to `logger` (at `info`).
    public init(logger: Logger) {
        self.logger = logger
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        let started = ContinuousClock.now
        context.metrics.begin()
        let response = try next(request, &context)
        let seconds = Self.seconds(since: started)
        context.metrics.end(method: request.method, route: context.routeName, status: response.status, seconds: seconds)
        context.metrics.record(response.metricEvents)
        if logger.isEnabled(.info) {
            logger.info("request", [
                ("method", .string(request.method)), ("path", .string(String(request.path.prefix(300)))),
                ("route", .string(context.routeName)), ("status", .int(response.status)),
                ("bytes", .int(response.bodyBytes.count)), ("duration_ms", .double(seconds * 1000)),
                ("request_id", .string(context.requestID)),
            ])
        }
        return response
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
