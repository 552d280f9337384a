import HTTPServer

/// The first stage: gives the request its id (the client's `X-Request-Id` when it is a sane token,
/// a generated one otherwise) and answers it in `X-Request-Id`.
public struct RequestIDStage: Stage {
    public init() {}

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        context.requestID = RequestID.accept(request.header("x-request-id")) ?? RequestID.generate()
        var response = try next(request, &context)
        response.headers.append(("X-Request-Id", context.requestID))
        return response
    }
}
