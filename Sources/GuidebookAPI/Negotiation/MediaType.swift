/// The media types the API answers with, and the `Accept` ranges that admit one of them.
///
/// Every `Content-Type` the API sends is one of these cases; the OpenAPI document describes each
/// (a test checks it), and the 406 check and the 406 problem's text both use `acceptableRanges`.
public enum MediaType: String, CaseIterable, Sendable {
    /// Resources, lists, jobs, the export and the OpenAPI document.
    case json = "application/json"
    /// Every error (RFC 9457).
    case problemJSON = "application/problem+json"
    /// A job's progress as server-sent events.
    case eventStream = "text/event-stream"
    /// `/metrics` in the Prometheus text exposition format.
    case prometheusText = "text/plain"
    /// The API catalog (RFC 9727): a linkset (RFC 9264).
    case apiCatalog = "application/linkset+json"

    /// The `Content-Type` header value: the type with its parameters.
    public var contentType: String {
        switch self {
        case .json: return "application/json; charset=utf-8"
        case .problemJSON: return "application/problem+json; charset=utf-8"
        case .eventStream: return "text/event-stream; charset=utf-8"
        case .prometheusText: return "text/plain; version=0.0.4; charset=utf-8"
        case .apiCatalog: return "application/linkset+json; profile=\"https://www.rfc-editor.org/info/rfc9727\""
        }
    }

    /// Every media range an `Accept` header may name and still be answered: the types above, the
    /// wildcards that cover them, and two names the API has always accepted for what it serves as
    /// JSON (`application/vnd.oai.openapi+json`, which the API catalog calls `/openapi.json`, and
    /// `application/x-ndjson`, the bundle format imports take).
    public static let acceptableRanges: [String] = allCases.map(\.rawValue)
        + ["application/*", "text/*", "*/*", "application/vnd.oai.openapi+json", "application/x-ndjson"]
}
