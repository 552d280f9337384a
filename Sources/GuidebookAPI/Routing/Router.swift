/// Maps (method, path) to a route. Paths are templates such as `/v1/topics/{slug}`.
///
/// The routes are kept as a trie of path segments, as Hummingbird's router keeps them: at each
/// segment a literal (`translations/checks`) is tried before a capture (`translations/{locale}`),
/// so the most specific template wins whatever order the routes were registered in. A path whose
/// literal branch has no route for the method falls back to the capture branch; a path that
/// matches templates but none with the method is a 405 listing every method they take.
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
        /// The names of its captures, in path order.
        let parameterNames: [String]
        public let handler: Handler
        /// What the route declared about itself: cacheability, where its body goes, its role.
        public let properties: RouteProperties

        init(method: String, template: String, segments: [Segment], handler: Handler, properties: RouteProperties) {
            (self.method, self.template, self.segments, self.handler, self.properties) = (method, template, segments, handler, properties)
            parameterNames = segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
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

    /// One segment position of the trie: the routes whose template ends here, by method, and the
    /// segments that may follow.
    struct Node: Sendable {
        var routes: [String: Route] = [:]
        /// Methods in registration order, for a stable `Allow` list.
        var methods: [String] = []
        /// Keyed by `Substring` so that a request's path segment is looked up as it is, uncopied.
        var literals: [Substring: Node] = [:]
        /// The node after a capture, whatever the capture is named in each template.
        var capture: [Node] = []

        mutating func insert(_ route: Route, at segments: ArraySlice<Segment>) {
            guard let first = segments.first else {
                precondition(routes[route.method] == nil, "route \(route.method) \(route.template) registered twice")
                routes[route.method] = route
                methods.append(route.method)
                return
            }
            switch first {
            case .literal(let text):
                literals[Substring(text), default: Node()].insert(route, at: segments.dropFirst())
            case .parameter:
                if capture.isEmpty { capture.append(Node()) }
                capture[0].insert(route, at: segments.dropFirst())
            }
        }
    }

    private var root = Node()
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
        let route = Route(method: method, template: template, segments: segments, handler: handler, properties: RouteProperties(options))
        root.insert(route, at: segments[...])
        routes.append(route)
    }

    /// Every route, in registration order.
    public var allRoutes: [Route] { routes }

    /// Finds the route for a request.
    public func match(method: String, path: String) -> Match {
        let parts = Self.split(path)
        let lookupMethod = method == "HEAD" ? "GET" : method
        var captures: [Substring] = []
        captures.reserveCapacity(4)
        var allowed: [String] = []
        if let route = Self.find(lookupMethod, in: root, parts: parts[...], captures: &captures, allowed: &allowed) {
            var parameters: [String: String] = [:]
            if !captures.isEmpty {
                parameters.reserveCapacity(captures.count)
                for (name, value) in zip(route.parameterNames, captures) { parameters[name] = String(value) }
            }
            return .found(route, parameters: parameters)
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: allowed)
    }

    /// Depth first, literal before capture: the first route with `method` at the end of `parts`;
    /// the methods of the templates that match without it are collected in `allowed`.
    private static func find(_ method: String, in node: Node, parts: ArraySlice<Substring>, captures: inout [Substring],
                             allowed: inout [String]) -> Route? {
        guard let part = parts.first else {
            if let route = node.routes[method] { return route }
            for other in node.methods where !allowed.contains(other) { allowed.append(other) }
            return nil
        }
        let rest = parts.dropFirst()
        if !node.literals.isEmpty, let literal = node.literals[part],
           let route = find(method, in: literal, parts: rest, captures: &captures, allowed: &allowed) {
            return route
        }
        // An empty segment (a trailing slash, or an encoded slash the server decoded) is no value.
        if let capture = node.capture.first, !part.isEmpty {
            captures.append(part)
            if let route = find(method, in: capture, parts: rest, captures: &captures, allowed: &allowed) { return route }
            captures.removeLast()
        }
        return nil
    }

    /// Path segments after the leading slash. Empty segments are kept, so `/v1/topics//` (an
    /// encoded slash, decoded by the server) or a trailing slash matches no template.
    private static func split(_ path: String) -> [Substring] {
        // By UTF-8 byte: a "/" is always a whole character, and splitting by characters would
        // break the path into grapheme clusters first.
        let utf8 = path.utf8
        var start = utf8.startIndex
        if start < utf8.endIndex, utf8[start] == UInt8(ascii: "/") { start = utf8.index(after: start) }
        if start == utf8.endIndex { return [] }
        var parts: [Substring] = []
        parts.reserveCapacity(6)
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                parts.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(path[start..<utf8.endIndex])
        return parts
    }
}
