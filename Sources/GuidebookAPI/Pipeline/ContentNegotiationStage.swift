import GuidebookText
import HTTPServer

/// The fourth stage: a request with a route is a 406 when its `Accept` header admits none of the
/// types the route answers with (the API's own, `MediaType.acceptableRanges`, and those the route
/// declares with `.produces`, such as the web page's HTML), or when its `Accept-Encoding` admits
/// none of the codings the API can send (identity, gzip, br: see `AcceptedEncodings`).
///
/// Both are read once, when the request's head arrives (`screen`); what `Accept-Encoding` allows
/// goes into the context, for the `ConditionalRequestStage` to compress the answer with. A request
/// that says its own body is in a content coding (`Content-Encoding` other than identity) is a 415
/// before its body is read: bodies are taken as sent, never decompressed.
public struct ContentNegotiationStage: Stage {
    private static let acceptable = Set(MediaType.acceptableRanges)

    public init() {}

    public func screen(_ head: HTTPRequestHead, context: inout RequestContext) throws {
        guard let route = context.route else { return }
        if let coding = head.header("content-encoding"),
           coding.split(separator: ",").contains(where: { $0.trimmingWhitespace().lowercased() != "identity" }) {
            throw Problem.unsupportedRequestCoding(coding)
        }
        if let accept = head.header("accept"), !accept.isEmpty {
            let produced = route.properties.producedMediaTypes
            let admitted = WeightedValue.parse(accept).contains { range in
                range.quality > 0 && (Self.acceptable.contains(range.value) || produced.contains(range.value))
            }
            if !admitted { throw Problem.notAcceptable(accept, acceptable: MediaType.acceptableRanges + produced) }
        }
        let encodings = AcceptedEncodings(head.header("accept-encoding"))
        if encodings.refusesEverything { throw Problem.notAcceptableEncoding(head.header("accept-encoding") ?? "") }
        context.acceptedEncodings = encodings
    }
}
