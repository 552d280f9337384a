import GuidebookBase
import GuidebookCore

/// API tokens, for admins: create one (its secret is shown in that answer only), list them (names,
/// roles, created and last-used times, never secrets) and revoke one. For any token: `GET /v1/me`
/// says whose it is (the web page's sign-in checks a token with it).
struct TokenController: Controller {
    let store: Store
    let authenticator: TokenAuthenticator

    func register(into router: inout Router<RouteHandler>) {
        router.add("POST", "/v1/tokens", create, options: [.role(.admin)])
        router.add("GET", "/v1/tokens", list, options: [.role(.admin)])
        router.add("GET", "/v1/tokens/{name}", show, options: [.role(.admin)])
        router.add("DELETE", "/v1/tokens/{name}", revoke, options: [.role(.admin)])
        router.add("GET", "/v1/me", me, options: [.role(.reader), .tokenAlways])
    }

    /// `{name, role}` of the request's token; the authentication stage has refused a request without one.
    private func me(_ request: APIRequest) throws -> APIResponse {
        guard let principal = request.context.principal else { throw Problem(.unauthorized, detail: "send a token as 'Authorization: Bearer TOKEN'", headers: [("WWW-Authenticate", "Bearer realm=\"guidebook\"")]) }
        var json = JSONWriter()
        json.beginObject()
        json.field("name", principal.name)
        json.field("role", principal.role.rawValue)
        json.endObject()
        var response = APIResponse.json(json, headers: [("Cache-Control", "no-store")])
        response.isCacheable = false
        return response
    }

    private func create(_ request: APIRequest) throws -> APIResponse {
        let (name, role) = try Self.parseCreation(request)
        let secret = TokenSecret.generate()
        guard let token = try store.addToken(name: name, role: role.rawValue, digest: TokenSecret.digest(secret)) else {
            throw Problem.conflict("a token named '\(name)' exists; revoke it first or choose another name")
        }
        var json = JSONWriter()
        write(token, secret: secret, into: &json)
        var response = APIResponse.json(json, status: 201, headers: [("Location", "/v1/tokens/\(name)"), ("Cache-Control", "no-store")])
        response.isCacheable = false
        return response
    }

    /// The name and role of a creation request (`{"name": ..., "role": ...}`): every invalid field
    /// at once is a 422, a body that is no JSON object a 400, another media type than JSON a 415.
    static func parseCreation(_ request: APIRequest) throws -> (name: String, role: Role) {
        let object = try JSONBody.object(request, example: "{\"name\": \"...\", \"role\": \"reader|editor|admin\"}")
        var invalid: [(name: String, reason: String)] = []
        var name = ""
        switch object["name"] {
        case nil: invalid.append(("name", "is required"))
        case let text as String:
            name = text
            if let reason = TokenName.problem(with: text) { invalid.append(("name", reason)) }
        default: invalid.append(("name", "must be a string"))
        }
        var role = Role.reader
        switch object["role"] {
        case nil: invalid.append(("role", "is required: reader, editor, reviewer or admin"))
        case let text as String:
            if let known = Role(rawValue: text) { role = known } else { invalid.append(("role", "must be reader, editor, reviewer or admin")) }
        default: invalid.append(("role", "must be a string: reader, editor, reviewer or admin"))
        }
        invalid += JSONBody.unknownFields(object, known: ["name", "role"], what: "a token (name, role)")
        if !invalid.isEmpty { throw Problem.validationFailed(invalid) }
        return (name, role)
    }

    private func list(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        let after = try Pagination.after(request, list: "tokens", count: 1)?.first
        let tokens = try store.tokens(after: after, limit: limit + 1)
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for token in tokens.prefix(limit) { write(token, secret: nil, into: &json) }
        json.endArray()
        let next = tokens.count > limit ? tokens.prefix(limit).last.map { Cursor.encode([$0.id], list: "tokens") } : nil
        json.field("next", next)
        json.endObject()
        var headers = [("Cache-Control", "no-store")]
        if let next { headers.append(("Link", "</v1/tokens?limit=\(limit)&cursor=\(next)>; rel=\"next\"")) }
        var response = APIResponse.json(json, headers: headers)
        response.isCacheable = false
        return response
    }

    private func show(_ request: APIRequest) throws -> APIResponse {
        let name = request.parameter("name")
        guard let token = try store.token(named: name) else { throw Problem.notFound("no token named '\(name.prefix(100))'") }
        var json = JSONWriter()
        write(token, secret: nil, into: &json)
        var response = APIResponse.json(json, headers: [("Cache-Control", "no-store")])
        response.isCacheable = false
        return response
    }

    private func revoke(_ request: APIRequest) throws -> APIResponse {
        let name = request.parameter("name")
        guard try store.revokeToken(named: name) else { throw Problem.notFound("no token named '\(name.prefix(100))'") }
        return APIResponse(status: 204, headers: [], body: .bytes([]), isCacheable: false)
    }

    /// A token as the API shows it; `secret` only in the answer that created it.
    private func write(_ token: StoredToken, secret: String?, into json: inout JSONWriter) {
        json.beginObject()
        json.field("name", token.name)
        json.field("role", token.role)
        json.field("created_at", token.createdAt)
        json.field("last_used_at", authenticator.lastUsed(token))
        if let secret { json.field("token", secret) }
        json.object("links", [("self", "/v1/tokens/\(token.name)")])
        json.endObject()
    }
}
