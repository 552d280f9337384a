import HTTPServer

/// One step of the request pipeline, in the manner of a middleware: it sees the request and the
/// context on the way in, calls `next` (the stages after it, and in the end the route), and sees
/// the response on the way out. It may also answer without calling `next`, or throw (the
/// `ProblemStage` turns what stages after it throw into problem+json).
///
/// A stage that refuses requests from their head alone (method, path, headers and the route's
/// declared properties: an authentication stage, for example) implements `screen` only. The
/// pipeline asks `screen` as soon as a request's headers have arrived, before its body, so a
/// refused body is dropped rather than stored and the refusal is answered once the body has been
/// read; the default `respond` asks `screen` again and refuses the request the same way.
public protocol Stage: Sendable {
    /// Throws (a `Problem`) when the request is refused whatever its body. Asked at header time
    /// for requests that carry a body, and by the default `respond`, only for requests with a route.
    func screen(_ head: HTTPRequestHead, route: APIRoute) throws

    /// Answers the request, usually by calling `next` and adjusting what it returns.
    func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse
}

extension Stage {
    public func screen(_ head: HTTPRequestHead, route: APIRoute) throws {}

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        if let route = context.route { try screen(request.head, route: route) }
        return try next(request, &context)
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
