import HTTPServer

/// The fourth stage: a request with a route whose `Accept` header admits none of the types the
/// route answers with is a 406: the API's own (`MediaType.acceptableRanges`) and those the route
/// declares (`.produces`, such as the web page's HTML).
public struct ContentNegotiationStage: Stage {
    private static let acceptable = Set(MediaType.acceptableRanges)

    public init() {}

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        if let route = context.route, let accept = request.header("accept"), !accept.isEmpty {
            let produced = route.properties.producedMediaTypes
            let admitted = WeightedValue.parse(accept).contains { range in
                range.quality > 0 && (Self.acceptable.contains(range.value) || produced.contains(range.value))
            }
            if !admitted { throw Problem.notAcceptable(accept, acceptable: MediaType.acceptableRanges + produced) }
        }
        return try next(request, &context)
    }
}
