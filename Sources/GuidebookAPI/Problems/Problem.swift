/// An RFC 9457 problem detail: the body of every error response (`application/problem+json`).
public struct Problem: Error, Sendable, Equatable {
    /// A short, stable name for the kind of problem; the `type` URI is built from it.
    public var kind: String
    /// The HTTP status.
    public var status: Int
    /// A short human summary of the kind of problem.
    public var title: String
    /// What went wrong with this request, in words a person can act on.
    public var detail: String
    /// Extension members (for example the offending `parameter`).
    public var extra: [String: String]
    /// Headers that belong with the problem (`Allow` for 405, `Retry-After` for 503).
    public var headers: [(name: String, value: String)]

    public init(kind: String, status: Int, title: String, detail: String, extra: [String: String] = [:], headers: [(name: String, value: String)] = []) {
        self.kind = kind
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
        self.headers = headers
    }

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.kind == rhs.kind && lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.extra == rhs.extra
    }

    /// The problem type URI, relative to the API so that it resolves to its documentation.
    public var typeURI: String { "/problems/\(kind)" }

    // MARK: The kinds of problem the API reports

    public static func notFound(_ detail: String) -> Problem {
        Problem(kind: "not-found", status: 404, title: "Not Found", detail: detail)
    }

    public static func badParameter(_ name: String, _ detail: String) -> Problem {
        Problem(kind: "invalid-parameter", status: 400, title: "Invalid Parameter", detail: detail, extra: ["parameter": name])
    }

    public static func invalidBody(_ detail: String, field: String? = nil, line: Int? = nil) -> Problem {
        var extra: [String: String] = [:]
        if let field { extra["field"] = field }
        if let line { extra["line"] = String(line) }
        return Problem(kind: "invalid-body", status: 400, title: "Invalid Request Body", detail: detail, extra: extra)
    }

    public static func methodNotAllowed(_ method: String, allowed: [String]) -> Problem {
        Problem(kind: "method-not-allowed", status: 405, title: "Method Not Allowed",
                detail: "\(method) is not supported here; use \(allowed.joined(separator: ", "))",
                headers: [("Allow", allowed.joined(separator: ", "))])
    }

    public static func notAcceptable(_ accept: String) -> Problem {
        Problem(kind: "not-acceptable", status: 406, title: "Not Acceptable",
                detail: "this resource is available as application/json only, not as '\(accept.prefix(200))'")
    }

    public static func unsupportedMediaType(_ type: String, supported: [String]) -> Problem {
        Problem(kind: "unsupported-media-type", status: 415, title: "Unsupported Media Type",
                detail: "'\(type.prefix(200))' is not accepted here; send one of \(supported.joined(separator: ", "))")
    }

    public static func bodyTooLarge(limit: Int) -> Problem {
        Problem(kind: "body-too-large", status: 413, title: "Content Too Large",
                detail: "the request body is larger than the limit of \(limit) bytes", extra: ["limit": String(limit)])
    }

    public static func conflict(_ detail: String) -> Problem {
        Problem(kind: "conflict", status: 409, title: "Conflict", detail: detail)
    }

    public static func unavailable(_ detail: String, retryAfter: Int) -> Problem {
        Problem(kind: "unavailable", status: 503, title: "Service Unavailable", detail: detail,
                headers: [("Retry-After", String(retryAfter))])
    }

    public static func internalError(requestID: String) -> Problem {
        Problem(kind: "internal-error", status: 500, title: "Internal Server Error",
                detail: "the server failed to answer; the log has the details under request id \(requestID)")
    }

    /// The problem as JSON bytes.
    public func body(instance: String) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("type", typeURI)
        json.field("title", title)
        json.field("status", status)
        json.field("detail", detail)
        json.field("instance", instance)
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) { json.field(key, value) }
        json.endObject()
        return json.bytes
    }
}
