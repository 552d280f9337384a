import GuidebookBase
import GuidebookText
import HTTPServer

/// The fifth stage: a route that needs a role gets it from the request's bearer token, or the
/// request is refused: 401 without a valid token (`WWW-Authenticate: Bearer realm="guidebook"`),
/// 403 with a token of a lesser role. Reads (`.role(.reader)`) need a token only with
/// `--auth-reads` or when the route declares `.tokenAlways`; `.open` routes never do, and a token
/// sent to them is not looked at.
///
/// The decision is made once, from the request head (`screen`), so a refused request's body is
/// dropped while it arrives instead of being stored, and the principal travels in the request's
/// context to the handler. Counting, logging and slowing down happen once, when the refusal is
/// answered (`refuse`): every failure is counted in `/metrics` by reason and
/// logged without the token; a client that keeps sending wrong tokens waits (`AuthFailureThrottle`).
public struct AuthenticationStage: Stage {
    let authenticator: TokenAuthenticator
    let throttle: AuthFailureThrottle
    let configuration: AuthenticationConfiguration
    let logger: Logger

    /// Authenticates with `authenticator` as `configuration` says; wrong tokens cost time by `throttle`.
    public init(authenticator: TokenAuthenticator, throttle: AuthFailureThrottle, configuration: AuthenticationConfiguration, logger: Logger) {
        self.authenticator = authenticator
        self.throttle = throttle
        self.configuration = configuration
        self.logger = logger
    }

    /// Why a request was refused.
    enum Failure: Error, Equatable {
        /// No `Authorization` header.
        case missing
        /// An `Authorization` header that is not `Bearer TOKEN`.
        case malformed
        /// A bearer token that is no valid token (never was, or revoked).
        case unknown
        /// A valid token whose role is below the one required.
        case forbidden(Principal)

        /// The reason as counted in `/metrics` and logged.
        var reason: String {
            switch self {
            case .missing: return "missing"
            case .malformed: return "malformed"
            case .unknown: return "unknown"
            case .forbidden: return "forbidden"
            }
        }

        /// A guess at a token (rather than no token, or the wrong one of one's own): these cost time.
        var isWrongToken: Bool { self == .malformed || self == .unknown }

        /// The problem answered for a route that needs `role`.
        func problem(required role: Role) -> Problem {
            let challenge = "Bearer realm=\"guidebook\""
            var problem: Problem
            switch self {
            case .missing:
                problem = Problem(.unauthorized, detail: "this needs a token with the role \(role.rawValue) or higher; send it as 'Authorization: Bearer TOKEN'",
                                  headers: [("WWW-Authenticate", challenge)])
            case .malformed:
                problem = Problem(.unauthorized, detail: "the Authorization header must be 'Bearer TOKEN' with a token of letters, digits and - . _ ~ + /",
                                  headers: [("WWW-Authenticate", challenge + ", error=\"invalid_request\"")])
            case .unknown:
                problem = Problem(.unauthorized, detail: "the token is not valid: it is unknown or was revoked",
                                  headers: [("WWW-Authenticate", challenge + ", error=\"invalid_token\"")])
            case .forbidden(let principal):
                problem = Problem(.forbidden, detail: "the token '\(principal.name)' has the role \(principal.role.rawValue); this needs \(role.rawValue) or higher",
                                  extra: ["role": principal.role.rawValue],
                                  headers: [("WWW-Authenticate", challenge + ", error=\"insufficient_scope\"")])
            }
            problem.extra["required_role"] = role.rawValue
            return problem
        }
    }

    /// The role `route` needs under this configuration; nil when it needs none.
    func requiredRole(_ route: APIRoute) -> Role? {
        guard let role = route.properties.role else { return nil }
        return role == .reader && !configuration.readsNeedToken && !route.properties.needsTokenAlways ? nil : role
    }

    /// The principal of the request's token if it has `role` or a higher one, or why not.
    func check(_ head: HTTPRequestHead, needs role: Role) throws -> Result<Principal, Failure> {
        switch BearerCredentials(head) {
        case .missing: return .failure(.missing)
        case .malformed: return .failure(.malformed)
        case .token(let token):
            guard let principal = try authenticator.authenticate(token) else { return .failure(.unknown) }
            return principal.role >= role ? .success(principal) : .failure(.forbidden(principal))
        }
    }

    /// A refusal found when the head arrived, answered (counted, logged, slowed down) in `refuse`.
    struct Refusal: Error {
        let failure: Failure
        let role: Role
    }

    /// Authenticates the request once, when its head arrives: the principal goes into the
    /// context; a missing, wrong or too weak token refuses the request (then its body is dropped).
    public func screen(_ head: HTTPRequestHead, context: inout RequestContext) throws {
        guard let route = context.route, let role = requiredRole(route) else { return }
        switch try check(head, needs: role) {
        case .success(let principal): context.principal = principal
        case .failure(let failure): throw Refusal(failure: failure, role: role)
        }
    }

    public func refuse(_ request: HTTPRequest, because refusal: any Error, context: inout RequestContext) throws -> APIResponse {
        guard let refusal = refusal as? Refusal, let route = context.route else { throw refusal }
        let (failure, role) = (refusal.failure, refusal.role)
        let client = clientAddress(request.head)
        let delay = failure.isWrongToken ? throttle.failure(from: client) : .zero
        context.metrics.recordAuthFailure(reason: failure.reason, delay: delay)
        var fields: [(String, LogValue)] = [
            ("reason", .string(failure.reason)), ("method", .string(request.method)), ("route", .string(route.template)),
            ("required_role", .string(role.rawValue)), ("client", .string(client.map(\.description) ?? "unknown")),
        ]
        if case .forbidden(let principal) = failure { fields.append(("token_name", .string(principal.name))) }
        if delay > .zero { fields.append(("delay_ms", .double(Double(delay.components.attoseconds) / 1e15 + Double(delay.components.seconds) * 1000))) }
        fields.append(("request_id", .string(context.requestID)))
        logger.warning("authentication failed", fields)
        var problem = failure.problem(required: role)
        problem.delay = delay
        throw problem
    }

    /// The client a request comes from: the connection's peer, or, when the peer is a trusted
    /// proxy, the last address in `X-Forwarded-For` that is not a trusted proxy.
    func clientAddress(_ head: HTTPRequestHead) -> PeerAddress? {
        guard let peer = head.peer, configuration.trustedProxies.contains(peer), let forwarded = head.header("x-forwarded-for") else {
            return head.peer
        }
        for hop in forwarded.split(separator: ",").reversed() {
            guard let address = PeerAddress(String(hop.trimmingSpaces())) else { return peer }
            if !configuration.trustedProxies.contains(address) { return address }
        }
        return peer
    }
}
