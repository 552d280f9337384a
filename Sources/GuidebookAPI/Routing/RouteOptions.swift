/// Something a route declares about itself when it is registered, for the stages of the pipeline
/// to act on:
///
/// ```swift
/// router.add("GET", "/v1/topics/{slug}", topic, options: [.cacheable, .role(.reader)])
/// router.add("POST", "/v1/imports", submitImport, options: [.body(.spool), .role(.admin)])
/// router.add("GET", "/imports", page, options: [.produces(["text/html", "application/xhtml+xml"]), .open])
/// ```
///
/// Every route declares its access, `.open` or `.role(...)`: the application refuses to start with
/// a route that declares neither (a programmer error), and the auth matrix test fails.
public enum RouteOption: Sendable {
    /// Its successful answers depend only on the stored data and the request, so the response
    /// cache may reuse them until the next commit.
    case cacheable
    /// Where its request body goes (without this option: kept in memory, up to `--body-limit`).
    case body(RouteBody)
    /// Media ranges an `Accept` header may name for it besides the API's own
    /// (`MediaType.acceptableRanges`): the types it answers with, as a client may ask for them.
    case produces([String])
    /// The role a client's token needs to call it. `.reader` (reads) is asked for only when reads
    /// are not public (`--auth-reads`); `.editor`, `.reviewer` and `.admin` always.
    case role(Role)
    /// With `.role(.reader)`: a token is asked for even when reads are public (`GET /v1/me`, which
    /// has nothing to say without one).
    case tokenAlways
    /// Open to everyone whatever the settings: the probes, the contract, the web page's shell and
    /// its assets, `/metrics`.
    case open
}

/// Where a route's request body goes, decided when the request's headers arrive.
public enum RouteBody: Sendable, Equatable {
    /// Kept in memory, up to the body limit (`--body-limit`).
    case buffer
    /// Streamed to a spool file on disk, up to the import limit (`--import-limit`).
    case spool
}

/// The roles a client's token can carry, least first.
public enum Role: String, Sendable, CaseIterable, Comparable {
    /// Reads (when reads are not public).
    case reader
    /// Content, translations and the glossary.
    case editor
    /// An editor who also approves translations and changes approved ones (docs/review.md).
    case reviewer
    /// Imports, jobs, tokens and webhooks.
    case admin

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a route declared, with the defaults for what it did not.
public struct RouteProperties: Sendable, Equatable {
    /// The response cache may reuse its answers until the next commit.
    public var isCacheable = false
    /// Where its request body goes.
    public var body = RouteBody.buffer
    /// The media ranges `Accept` may name for it besides the API's own.
    public var producedMediaTypes: [String] = []
    /// The role a client needs; nil: none (an open route, or one that declared nothing).
    public var role: Role?
    /// Declared `.open`: no token is asked for, whatever the settings.
    public var isOpen = false
    /// Declared `.tokenAlways`: its role is asked for even when reads are public.
    public var needsTokenAlways = false

    /// True when the route declared its access (`.open` or `.role(...)`), as every route must.
    public var declaresAccess: Bool { isOpen != (role != nil) }

    public init(_ options: [RouteOption] = []) {
        for option in options {
            switch option {
            case .cacheable: isCacheable = true
            case .body(let body): self.body = body
            case .produces(let ranges): producedMediaTypes += ranges
            case .role(let role): self.role = role
            case .open: isOpen = true
            case .tokenAlways: needsTokenAlways = true
            }
        }
    }
}
