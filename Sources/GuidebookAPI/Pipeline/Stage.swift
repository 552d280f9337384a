import HTTPServer

/// One step of the request pipeline, in the manner of a middleware: it sees the request and the
/// context on the way in, calls `next` (the stages after it, and in the end the route), and sees
/// the response on the way out. It may also answer without calling `next`, or throw (the
/// `ProblemStage` turns what stages after it throw into problem+json).
///
/// A stage that refuses requests from their head alone (method, path, headers and the route's
/// declared properties: the authentication stage, for example) implements `screen`. The pipeline
/// asks `screen` once, as soon as a request's headers have arrived and before its body, so a
/// refused body is dropped rather than stored. The refusal is kept in the request's context and
/// answered when the request reaches the stage that refused it (`refuse`), after the stages
/// before it have run, as if the stage had thrown it then.
public protocol Stage: Sendable {
    /// Throws (a `Problem`) when the request is refused whatever its body. Asked when the head
    /// arrives, only for requests with a route.
    func screen(_ head: HTTPRequestHead, route: APIRoute) throws

    /// The same, for a stage that notes what it found in the context (the authenticated
    /// principal); by default `screen(_:route:)`.
    func screen(_ head: HTTPRequestHead, context: inout RequestContext) throws

    /// Answers a request that this stage's `screen` refused with `refusal`, when the request
    /// reaches it; by default throws `refusal`.
    func refuse(_ request: HTTPRequest, because refusal: any Error, context: inout RequestContext) throws -> APIResponse

    /// Answers the request, usually by calling `next` and adjusting what it returns.
    func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse
}

extension Stage {
    public func screen(_ head: HTTPRequestHead, route: APIRoute) throws {}

    public func screen(_ head: HTTPRequestHead, context: inout RequestContext) throws {
        if let route = context.route { try screen(head, route: route) }
    }

    public func refuse(_ request: HTTPRequest, because refusal: any Error, context: inout RequestContext) throws -> APIResponse {
        throw refusal
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        try next(request, &context)
    }
}

/// The rest of the pipeline after a stage: the stages after it, then the route.
public struct Next: Sendable {
    let run: @Sendable (HTTPRequest, inout RequestContext) throws -> APIResponse

    /// Runs the rest of the pipeline.
    public func callAsFunction(_ request: HTTPRequest, _ context: inout RequestContext) throws -> APIResponse {
        try run(request, &context)
    }
}
