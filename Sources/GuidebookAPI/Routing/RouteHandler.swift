/// The shape of every route's handler.
public typealias RouteHandler = @Sendable (APIRequest) throws -> APIResponse

/// A group of related endpoints that adds its routes to the router.
public protocol Controller: Sendable {
    func register(into router: inout Router<RouteHandler>)
}

/// A route of the API, as the router holds it.
public typealias APIRoute = Router<RouteHandler>.Route
