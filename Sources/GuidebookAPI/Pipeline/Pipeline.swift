import GuidebookCore
import HTTPServer

/// The request path of the API: the router and the stages every request passes through, in order,
/// before its route's handler runs; the handler the HTTP server calls.
///
/// The route is matched once, when the request's head arrives (`decide`), and every stage's
/// `screen` is asked then; the context that results travels with the request to `respond`, which
/// neither matches nor screens again. The stages are composed once, at start, into one chain that
/// ends in the route's handler. A request without a route goes through the stages too, and the end
/// of the chain answers it with its refusal (404, 405, or the server's own).
public final class Pipeline: HTTPHandler {
    /// The routes.
    public let router: Router<RouteHandler>
    private let stages: [any Stage]
    private let configuration: APIConfiguration
    private let metrics: Metrics
    private let foreground: ForegroundActivity?
    private let chain: Next

    /// A pipeline of `stages`, first to last, in front of `router`'s routes; each request it
    /// answers is noted in `foreground`.
    public init(router: Router<RouteHandler>, stages: [any Stage], configuration: APIConfiguration, metrics: Metrics,
                foreground: ForegroundActivity? = nil) {
        self.router = router
        self.foreground = foreground
        self.stages = stages
        self.configuration = configuration
        self.metrics = metrics
        var chain = Next(run: Self.runRoute)
        for (index, stage) in stages.enumerated().reversed() {
            let next = chain
            chain = Next { request, context in
                // The stage that refused the head answers with its refusal, in its place in the chain.
                if let screened = context.screenedOut, screened.stage == index {
                    return try stage.refuse(request, because: screened.error, context: &context)
                }
                return try stage.respond(to: request, context: &context, next: next)
            }
        }
        self.chain = chain
    }

    /// The decision about a request from its head: its route and parameters (or why it has none),
    /// and what the stages' `screen` found (the principal) or refused. Its body goes nowhere when
    /// there is no route or a stage refused the request (the server then drops the body and the
    /// refusal is answered when the body has ended); otherwise where the route declared.
    public func decide(_ head: HTTPRequestHead, hasBody: Bool) -> HeadDecision {
        let context = context(for: head)
        guard hasBody else { return HeadDecision(body: .buffer(limit: 0), note: context) }
        guard let route = context.route, context.screenedOut == nil else { return HeadDecision(body: .refuse, note: context) }
        switch route.properties.body {
        case .buffer: return HeadDecision(body: .buffer(limit: configuration.bodyLimit), note: context)
        case .spool: return HeadDecision(body: .spool(limit: configuration.importBodyLimit, directory: configuration.spoolDirectory), note: context)
        }
    }

    /// Where a request's body goes, decided from its head (`decide`).
    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy {
        decide(head, hasBody: true).body
    }

    /// Answers a request, with the context decided from its head (made now for a request that
    /// comes without one, such as one built by hand).
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        foreground?.note()
        var context = request.decision as? RequestContext ?? context(for: request.head)
        return run(request, &context)
    }

    /// The route matched and every stage's `screen` asked (the first refusal stops it).
    private func context(for head: HTTPRequestHead) -> RequestContext {
        var context: RequestContext
        switch router.match(method: head.method, path: head.path) {
        case .found(let route, let parameters):
            context = RequestContext(route: route, parameters: parameters, refusal: nil, metrics: metrics)
        case .methodNotAllowed(let allowed):
            return RequestContext(route: nil, parameters: [:], refusal: .methodNotAllowed(head.method, allowed: allowed),
                                  allowedMethods: allowed, metrics: metrics)
        case .notFound:
            return RequestContext(route: nil, parameters: [:], refusal: .notFound("no resource at \(head.path.prefix(200))"), metrics: metrics)
        }
        for (index, stage) in stages.enumerated() {
            do {
                try stage.screen(head, context: &context)
            } catch {
                context.screenedOut = (index, error)
                break
            }
        }
        return context
    }

    /// Answers a request the server refused on its own (the body over its limit or not stored, a
    /// malformed or ambiguous head, a control character in the target, a target or head too large)
    /// through the same stages (request id, access log and metrics, problem+json).
    public func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse {
        var problem: Problem
        switch rejection {
        case .bodyTooLarge(let limit):
            problem = .bodyTooLarge(limit: limit)
        case .bodyNotStored(let reason):
            problem = .unavailable("the upload could not be stored on the server; try again later", retryAfter: 30)
            problem.logLine = ("upload could not be stored", [("reason", .string(reason))])
        case .malformed(let reason):
            problem = Problem(.badRequest, detail: reason)
        case .badQueryParameter(let name):
            problem = .badParameter(name, "the query parameter '\(name.prefix(100))' holds a control character (NUL, another C0 control or DEL) once percent-decoded")
        case .targetTooLong(let limit):
            problem = Problem(.uriTooLong, detail: "the request target is longer than the limit of \(limit) bytes", extra: ["limit": String(limit)])
        case .headTooLarge(let limit):
            problem = Problem(.headerFieldsTooLarge, detail: "the request head is larger than the limit of \(limit) bytes", extra: ["limit": String(limit)])
        }
        var context = RequestContext(route: nil, parameters: [:], refusal: problem, metrics: metrics)
        return run(HTTPRequest(head: head), &context)
    }

    private func run(_ request: HTTPRequest, _ context: inout RequestContext) -> HTTPResponse {
        do {
            return try chain(request, &context).http
        } catch {
            // The ProblemStage answers whatever the stages after it throw; this is for a pipeline without one.
            return ProblemStage.response(for: ProblemMapper.problem(for: error, requestID: context.requestID), path: request.path).http
        }
    }

    /// The end of the chain: the route's handler, or the refusal when there is no route.
    private static func runRoute(_ request: HTTPRequest, _ context: inout RequestContext) throws -> APIResponse {
        guard let route = context.route else { throw context.refusal ?? Problem.notFound("no resource at \(request.path.prefix(200))") }
        return try route.handler(APIRequest(http: request, context: context))
    }
}
