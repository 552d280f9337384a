/// The shape of every route's handler.
public typealias RouteHandler = @Sendable (APIRequest) throws -> APIResponse

/// A group of related endpoints that adds its routes to the router.
public protocol Controller: Sendable {
    func register(into router: inout Router<RouteHandler>)
}

extension Controller {
    /// Marks a handler's successful responses as pure knowledge-base reads, which the application
    /// may reuse until the next commit.
    func knowledgeRead(_ handler: @escaping RouteHandler) -> RouteHandler {
        { request in try handler(request).knowledgeRead() }
    }
}
