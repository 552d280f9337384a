import GuidebookText
import HTTPServer

/// What a request's `Authorization` header holds, as the authentication stage reads it.
enum BearerCredentials: Equatable {
    /// No `Authorization` header.
    case missing
    /// A header that is not `Bearer TOKEN` with a well-formed token (another scheme, no token,
    /// characters a bearer token cannot hold, or too long).
    case malformed
    /// A well-formed bearer token (not yet known to be valid).
    case token(Substring)

    /// Reads the header of `head`. The scheme is case-insensitive (RFC 9110); one or more spaces
    /// separate it from the token.
    init(_ head: HTTPRequestHead) {
        guard let header = head.header("authorization") else {
            self = .missing
            return
        }
        let trimmed = header.trimmingSpaces()
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else {
            self = .malformed
            return
        }
        let token = trimmed[space...].drop { $0 == " " }
        self = TokenSecret.isBearerSyntax(token) ? .token(token) : .malformed
    }
}
