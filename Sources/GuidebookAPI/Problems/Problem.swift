import GuidebookBase
/// An RFC 9457 problem detail: the body of every error response (`application/problem+json`).
public struct Problem: Error, Sendable, Equatable {
    /// The kinds of problem the API reports; each has its status, its title and a `type` URI
    /// (`/problems/{kind}`) that the OpenAPI document describes (a test checks every kind is there).
    public enum Kind: String, CaseIterable, Sendable {
        case notFound = "not-found", invalidParameter = "invalid-parameter", invalidBody = "invalid-body"
        case methodNotAllowed = "method-not-allowed", notAcceptable = "not-acceptable", unsupportedMediaType = "unsupported-media-type"
        case bodyTooLarge = "body-too-large", conflict, translationMissing = "translation-missing"
        case unavailable, internalError = "internal-error"
        case unauthorized, forbidden, validationFailed = "validation-failed"
        case preconditionFailed = "precondition-failed", preconditionRequired = "precondition-required"
        case badRequest = "bad-request", uriTooLong = "uri-too-long", headerFieldsTooLarge = "header-fields-too-large"
        case checkErrors = "check-errors"

        /// The HTTP status.
        public var status: Int {
            switch self {
            case .invalidParameter, .invalidBody, .badRequest: return 400
            case .unauthorized: return 401
            case .forbidden: return 403
            case .notFound, .translationMissing: return 404
            case .methodNotAllowed: return 405
            case .notAcceptable: return 406
            case .conflict, .checkErrors: return 409
            case .bodyTooLarge: return 413
            case .uriTooLong: return 414
            case .headerFieldsTooLarge: return 431
            case .unsupportedMediaType: return 415
            case .preconditionFailed: return 412
            case .validationFailed: return 422
            case .preconditionRequired: return 428
            case .internalError: return 500
            case .unavailable: return 503
            }
        }

        /// A short human summary of the kind of problem.
        public var title: String {
            switch self {
            case .notFound: return "Not Found"
            case .invalidParameter: return "Invalid Parameter"
            case .invalidBody: return "Invalid Request Body"
            case .methodNotAllowed: return "Method Not Allowed"
            case .notAcceptable: return "Not Acceptable"
            case .unsupportedMediaType: return "Unsupported Media Type"
            case .bodyTooLarge: return "Content Too Large"
            case .conflict: return "Conflict"
            case .translationMissing: return "Translation Missing"
            case .unavailable: return "Service Unavailable"
            case .internalError: return "Internal Server Error"
            case .unauthorized: return "Unauthorized"
            case .forbidden: return "Forbidden"
            case .validationFailed: return "Validation Failed"
            case .preconditionFailed: return "Precondition Failed"
            case .preconditionRequired: return "Precondition Required"
            case .badRequest: return "Bad Request"
            case .uriTooLong: return "URI Too Long"
            case .headerFieldsTooLarge: return "Request Header Fields Too Large"
            case .checkErrors: return "Quality Check Errors"
            }
        }

        /// The problem type URI, relative to the API so that it resolves to its documentation.
        public var typeURI: String { "/problems/\(rawValue)" }
    }

    /// The kind of problem.
    public var kind: Kind
    /// What went wrong with this request, in words a person can act on.
    public var detail: String
    /// Extension members (for example the offending `parameter`).
    public var extra: [String: String]
    /// Headers that belong with the problem (`Allow` for 405, `Retry-After` for 503).
    public var headers: [(name: String, value: String)]
    /// For a 422: every invalid field of the request body at once, each with why (RFC 9457's
    /// `invalid_params` example member: `[{"name": ..., "reason": ...}]`).
    public var invalidParams: [(name: String, reason: String)] = []
    /// Extension members that are lists of objects of text members (`errors` of a `check-errors`
    /// problem), written after the others; a member whose value is nil is left out.
    public var objectLists: [(name: String, items: [[(String, String?)]])] = []
    /// How long the server waits before it answers (a client that keeps sending wrong tokens).
    public var delay: Duration = .zero
    /// A line for the server's log, never sent to the client: the `ProblemStage` writes it at
    /// error level with the request id (for a refusal whose cause an operator must see).
    public var logLine: (message: String, fields: [(String, LogValue)])?

    public init(_ kind: Kind, detail: String, extra: [String: String] = [:], headers: [(name: String, value: String)] = []) {
        self.kind = kind
        self.detail = detail
        self.extra = extra
        self.headers = headers
    }

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.kind == rhs.kind && lhs.detail == rhs.detail && lhs.extra == rhs.extra
            && lhs.invalidParams.map(\.name) == rhs.invalidParams.map(\.name) && lhs.invalidParams.map(\.reason) == rhs.invalidParams.map(\.reason)
    }

    /// The HTTP status.
    public var status: Int { kind.status }
    /// A short human summary of the kind of problem.
    public var title: String { kind.title }
    /// The problem type URI.
    public var typeURI: String { kind.typeURI }

    // MARK: The problems the API reports, with the members that name their cause

    public static func notFound(_ detail: String) -> Problem {
        Problem(.notFound, detail: detail)
    }

    public static func badParameter(_ name: String, _ detail: String) -> Problem {
        Problem(.invalidParameter, detail: detail, extra: ["parameter": name])
    }

    public static func invalidBody(_ detail: String, field: String? = nil, line: Int? = nil) -> Problem {
        var extra: [String: String] = [:]
        if let field { extra["field"] = field }
        if let line { extra["line"] = String(line) }
        return Problem(.invalidBody, detail: detail, extra: extra)
    }

    public static func methodNotAllowed(_ method: String, allowed: [String]) -> Problem {
        Problem(.methodNotAllowed, detail: "\(method) is not supported here; use \(allowed.joined(separator: ", "))",
                headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// `accept` admits none of the `acceptable` media ranges.
    public static func notAcceptable(_ accept: String, acceptable: [String]) -> Problem {
        Problem(.notAcceptable, detail: "'\(accept.prefix(200))' admits none of the types this resource is available as; "
                + "accept one of \(acceptable.joined(separator: ", "))")
    }

    /// `acceptEncoding` refuses every content coding the API can send.
    public static func notAcceptableEncoding(_ acceptEncoding: String) -> Problem {
        Problem(.notAcceptable, detail: "'\(acceptEncoding.prefix(200))' refuses every content coding this resource is available in; "
                + "accept one of \(ContentCoding.allCases.map(\.rawValue).joined(separator: ", ")) (identity is acceptable unless refused with identity;q=0 or *;q=0)")
    }

    public static func unsupportedMediaType(_ type: String, supported: [String]) -> Problem {
        Problem(.unsupportedMediaType, detail: "'\(type.prefix(200))' is not accepted here; send one of \(supported.joined(separator: ", "))")
    }

    /// A request whose body is sent in a content coding (`Content-Encoding: gzip`): request bodies
    /// are read as sent, so the API would take the compressed bytes for the content. RFC 9110
    /// §8.4.1 asks for a 415 with `Accept-Encoding` naming what is accepted.
    public static func unsupportedRequestCoding(_ coding: String) -> Problem {
        Problem(.unsupportedMediaType, detail: "a request body in Content-Encoding '\(coding.prefix(100))' is not accepted; send it uncompressed",
                headers: [("Accept-Encoding", "identity")])
    }

    public static func bodyTooLarge(limit: Int) -> Problem {
        Problem(.bodyTooLarge, detail: "the request body is larger than the limit of \(limit) bytes", extra: ["limit": String(limit)])
    }

    /// A write reached a read replica: 503 naming the primary (`primary` member, `Link: <…>; rel="primary"`
    /// to the same path there), or saying none was configured.
    public static func replicaRefusesWrite(primaryURL: String?, path: String) -> Problem {
        guard let primaryURL else {
            return Problem(.unavailable, detail: "this server is a read replica and cannot write; send writes to the primary",
                           headers: [("Retry-After", "60")])
        }
        return Problem(.unavailable, detail: "this server is a read replica and cannot write; send writes to the primary at \(primaryURL)",
                       extra: ["primary": primaryURL],
                       headers: [("Retry-After", "60"), ("Link", "<\(primaryURL)\(path)>; rel=\"primary\"")])
    }

    public static func conflict(_ detail: String) -> Problem {
        Problem(.conflict, detail: detail)
    }

    public static func unavailable(_ detail: String, retryAfter: Int) -> Problem {
        Problem(.unavailable, detail: detail, headers: [("Retry-After", String(retryAfter))])
    }

    /// The request body has invalid fields: each with its reason (`invalid_params`).
    public static func validationFailed(_ params: [(name: String, reason: String)]) -> Problem {
        var problem = Problem(.validationFailed, detail: params.count == 1 ? "\(params[0].name): \(params[0].reason)"
                              : "\(params.count) fields are invalid; see invalid_params")
        problem.invalidParams = params
        return problem
    }

    public static func internalError(requestID: String) -> Problem {
        Problem(.internalError, detail: "the server failed to answer; the log has the details under request id \(requestID)")
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
        if !invalidParams.isEmpty {
            json.objects("invalid_params", invalidParams) { json, param in
                json.field("name", param.name)
                json.field("reason", param.reason)
            }
        }
        for list in objectLists {
            json.objects(list.name, list.items) { json, members in
                for (name, value) in members { if let value { json.field(name, value) } }
            }
        }
        json.endObject()
        return json.bytes
    }
}
