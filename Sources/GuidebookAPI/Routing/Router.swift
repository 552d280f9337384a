/// Maps (method, path) to a route. Paths are templates such as `/v1/topics/{slug}`.
///
/// Registering the same method and template twice is a programmer error and stops the process.
public struct Router<Handler: Sendable>: Sendable {
    /// One registered route. A class, so that every request's context refers to it rather than
    /// copying its parts.
    public final class Route: Sendable {
        public let method: String
        /// The template, used as the route's name in logs and metrics.
        public let template: String
        let segments: [Segment]
        public let handler: Handler
        /// What the route declared about itself: cacheability, where its body goes, its role.
        public let properties: RouteProperties

        init(method: String, template: String, segments: [Segment], handler: Handler, properties: RouteProperties) {
            (self.method, self.template, self.segments, self.handler, self.properties) = (method, template, segments, handler, properties)
        }
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The outcome of matching a request.
    public enum Match {
        case found(Route, parameters: [String: String])
        /// The path exists but not with this method.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private var routes: [Route] = []

    public init() {}

    /// Adds a route with what it declares about itself (`options`: none, by default, for a route
    /// whose answers are never reused, whose body is kept in memory and which needs no role).
    /// `HEAD` is answered by every `GET` route automatically.
    public mutating func add(_ method: String, _ template: String, _ handler: Handler, options: [RouteOption] = []) {
        let segments = Self.split(template).map { part -> Segment in
            if part.hasPrefix("{") && part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
        precondition(!routes.contains { $0.method == method && $0.segments == segments },
                     "route \(method) \(template) registered twice")
        routes.append(Route(method: method, template: template, segments: segments, handler: handler, properties: RouteProperties(options)))
    }

    /// Every route, in registration order.
    public var allRoutes: [Route] { routes }

    /// Finds the route for a request.
    public func match(method: String, path: String) -> Match {
        let parts = Self.split(path)
        var allowed: [String] = []
        let lookupMethod = method == "HEAD" ? "GET" : method
        for route in routes {
            guard let parameters = Self.bind(route.segments, to: parts) else { continue }
            if route.method == lookupMethod { return .found(route, parameters: parameters) }
            allowed.append(route.method)
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: allowed)
    }

    /// Path segments after the leading slash. Empty segments are kept, so `/v1/topics//` (an
    /// encoded slash, decoded by the server) or a trailing slash matches no template.
    private static func split(_ path: String) -> [Substring] {
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        if trimmed.isEmpty { return [] }
        return trimmed.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func bind(_ segments: [Segment], to parts: [Substring]) -> [String: String]? {
        guard segments.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text) where text == part: continue
            case .literal: return nil
            case .parameter where part.isEmpty: return nil
            case .parameter(let name): parameters[name] = String(part)
            }
        }
        return parameters
    }
}
