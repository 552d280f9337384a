import HTTPServer

/// The fourth stage: a request with a route whose `Accept` header admits none of the types the API
/// answers with (`MediaType.acceptableRanges`) is a 406.
public struct ContentNegotiationStage: Stage {
    private static let acceptable = Set(MediaType.acceptableRanges)

    public init() {}

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        if context.route != nil, let accept = request.header("accept"), !accept.isEmpty, !Self.admitsAny(accept) {
            throw Problem.notAcceptable(accept)
        }
        return try next(request, &context)
    }

    /// True when one of the header's ranges is acceptable and not excluded by `q=0`.
    static func admitsAny(_ accept: String) -> Bool {
        accept.split(separator: ",").contains { range in
            let pieces = range.split(separator: ";")
            let type = pieces.first.map { $0.trimmingCharacters(in: " ").lowercased() } ?? ""
            // A range with q=0 (in any spelling: Q=0, q=0.0, q=0.000) means "not this".
            let q = pieces.dropFirst().compactMap { parameter -> Double? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ").lowercased() }
                return pair.count == 2 && pair[0] == "q" ? Double(pair[1]) : nil
            }.first ?? 1
            return acceptable.contains(type) && q > 0
        }
    }
}
