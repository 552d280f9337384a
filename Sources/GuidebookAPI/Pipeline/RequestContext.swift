/// What the pipeline knows about a request besides the request itself; it travels through the
/// stages to the handler (`APIRequest.context`).
public struct RequestContext: Sendable {
    /// The matched route; nil when no route will run (no such path, a method the path does not
    /// take, or a request the server refused on its own): then `refusal` is the answer.
    public let route: APIRoute?
    /// Values of the `{name}` segments of the route template.
    public let parameters: [String: String]
    /// Why no route runs (404, 405, or the server's own 413 or 503); nil when a route was found.
    public let refusal: Problem?
    /// The request id: the client's `X-Request-Id` when it is sane, or a generated one (set by
    /// `RequestIDStage`, the first stage).
    public internal(set) var requestID = ""
    /// The counters served at `/metrics`.
    public let metrics: Metrics
    /// Who sent the request: the token it carried, when its route asked for one (set by
    /// `AuthenticationStage`); nil on open and public routes. Its `name` is what a change records.
    public internal(set) var principal: Principal?

    init(route: APIRoute?, parameters: [String: String], refusal: Problem?, metrics: Metrics) {
        self.route = route
        self.parameters = parameters
        self.refusal = refusal
        self.metrics = metrics
    }

    /// The route template, the request's name in logs and metrics ("-" without a route).
    public var routeName: String { route?.template ?? "-" }
}
