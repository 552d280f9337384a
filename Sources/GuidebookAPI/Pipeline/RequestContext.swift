/// What the pipeline knows about a request besides the request itself. It is made once, when the
/// request's head arrives (`Pipeline.decide`: the route matched, the stages' `screen` asked, the
/// client authenticated), travels with the request to `respond` (`HTTPRequest.decision`), and on
/// through the stages to the handler (`APIRequest.context`). Nothing is matched or authenticated
/// twice.
public struct RequestContext: Sendable {
    /// The matched route; nil when no route will run (no such path, a method the path does not
    /// take, or a request the server refused on its own): then `refusal` is the answer.
    public let route: APIRoute?
    /// Values of the `{name}` segments of the route template.
    public let parameters: [String: String]
    /// Why no route runs (404, 405, or the server's own 413 or 503); nil when a route was found.
    public let refusal: Problem?
    /// The methods the request's path takes (HEAD with GET) when its own is not one of them
    /// (a 405, or a CORS preflight); nil when the path has no routes or the method matched.
    let allowedMethods: [String]?
    /// The request id: the client's `X-Request-Id` when it is sane, or a generated one (set by
    /// `RequestIDStage`, the first stage).
    public internal(set) var requestID = ""
    /// The counters served at `/metrics`.
    public let metrics: Metrics
    /// Who sent the request: the token it carried, when its route asked for one (set by
    /// `AuthenticationStage` when the head arrived); nil on open and public routes. Its `name` is
    /// what a change records.
    public internal(set) var principal: Principal?
    /// The stage whose `screen` refused the request when its head arrived (its place in the
    /// pipeline) and why; that stage answers with it when the request reaches it.
    var screenedOut: (stage: Int, error: any Error)?
    /// What the request's `Accept-Encoding` allows (read by `ContentNegotiationStage` when the
    /// head arrived; identity only until then, and for a request without a route).
    var acceptedEncodings = AcceptedEncodings.identityOnly
    /// The store's data generation as the response cache read it before the route ran (so the
    /// answer is filed under a generation no newer than what it shows); nil until read.
    var dataGeneration: Int64?
    /// The request's key in the response cache, once `CachedAnswerStage` has made it.
    var cacheKey: ResponseCache.Key?

    init(route: APIRoute?, parameters: [String: String], refusal: Problem?, allowedMethods: [String]? = nil, metrics: Metrics) {
        self.route = route
        self.parameters = parameters
        self.refusal = refusal
        self.allowedMethods = allowedMethods
        self.metrics = metrics
    }

    /// The route template, the request's name in logs and metrics ("-" without a route).
    public var routeName: String { route?.template ?? "-" }
}
