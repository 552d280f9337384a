import HTTPServer

/// Cross-origin reads for the origins the operator allows (`GUIDEBOOK_CORS_ORIGINS`; none by
/// default), so a wiki plugin's JavaScript can call the API.
///
/// A request whose `Origin` is allowed gets `Access-Control-Allow-Origin` with that origin (or `*`
/// when every origin is allowed) and the headers a client needs exposed (`ETag`, `Link`,
/// `X-Total-Count`). A preflight (`OPTIONS` with `Access-Control-Request-Method`) to a path with
/// routes is answered here, 204, before any other stage (authentication among them): with the
/// methods the path takes and the request headers the API reads when the origin is allowed,
/// without CORS headers (so the browser refuses) when it is not. Credentials are never allowed:
/// tokens travel in `Authorization`, which a script sets itself.
public struct CORSStage: Stage {
    /// The allowed origins (`https://wiki.example.com`), or `["*"]` for any.
    let origins: Set<String>

    /// The request headers a cross-origin script may send.
    static let allowedHeaders = "Accept, Accept-Language, Authorization, Content-Type, If-Match, If-None-Match, X-Request-Id"
    /// The response headers a cross-origin script may read besides the CORS-safelisted ones.
    static let exposedHeaders = "ETag, Link, X-Total-Count, X-Request-Id, Content-Language, Retry-After"

    /// Allows `origins`. The methods a preflight is told come from the request's context (the
    /// routes matched when the head arrived).
    public init(origins: [String]) {
        self.origins = Set(origins)
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        guard !origins.isEmpty, let origin = request.header("origin") else { return try next(request, &context) }
        let allowed = origins.contains("*") ? "*" : (origins.contains(origin) ? origin : nil)
        if request.method == "OPTIONS", let wanted = request.header("access-control-request-method"),
           let methods = Self.methods(of: context) {
            var headers: [(name: String, value: String)] = [("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers")]
            if let allowed, methods.contains(wanted.uppercased()) {
                headers += [
                    ("Access-Control-Allow-Origin", allowed),
                    ("Access-Control-Allow-Methods", methods.joined(separator: ", ")),
                    ("Access-Control-Allow-Headers", Self.allowedHeaders),
                    ("Access-Control-Max-Age", "600"),
                ]
            }
            return APIResponse(status: 204, headers: headers, body: .bytes([]), isCacheable: false)
        }
        var response = try next(request, &context)
        guard let allowed else { return response }
        response.headers.append(("Access-Control-Allow-Origin", allowed))
        response.headers.append(("Access-Control-Expose-Headers", Self.exposedHeaders))
        if allowed != "*" { response.headers.append(("Vary", "Origin")) }
        return response
    }

    /// The methods the path's routes take (HEAD with GET), nil when no route has the path.
    private static func methods(of context: RequestContext) -> [String]? {
        context.route.map { [$0.method] } ?? context.allowedMethods
    }
}
