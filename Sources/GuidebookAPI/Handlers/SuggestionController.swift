import GuidebookBase
import GuidebookCore

/// Suggestions for a translation (docs/review.md), under `…/translations/{locale}/suggestions` of
/// a guideline, a topic or a section: anyone with a token (reader or above) suggests a text; editors
/// and reviewers vote (+1 or -1; not on their own: 409), accept one (it becomes the translation,
/// `translated`, pinned to the English revision it was made for; with `If-Match`) or reject it.
struct SuggestionController: Controller {
    let store: Store
    /// `--require-if-match`: a write without `If-Match` is a 428.
    let requireIfMatch: Bool

    func register(into router: inout Router<RouteHandler>) {
        let base = "/translations/{locale}/suggestions"
        let read: [RouteOption] = [.cacheable, .role(.reader)], edit: [RouteOption] = [.role(.editor)]
        TextOwnerRoute.add("GET", base, into: &router, options: read, list)
        TextOwnerRoute.add("POST", base, into: &router, options: [.role(.reader), .tokenAlways], create)
        TextOwnerRoute.add("GET", base + "/{suggestion}", into: &router, options: read, show)
        TextOwnerRoute.add("POST", base + "/{suggestion}/votes", into: &router, options: edit, vote)
        TextOwnerRoute.add("POST", base + "/{suggestion}/accept", into: &router, options: edit, accept)
        TextOwnerRoute.add("POST", base + "/{suggestion}/reject", into: &router, options: edit, reject)
    }

    private static func path(_ owner: TextOwner, _ locale: String) -> String {
        owner.path + "/translations/\(locale)/suggestions"
    }

    /// The suggestion `{suggestion}` names (a number; anything else names none: 404).
    private static func number(_ request: APIRequest, _ owner: TextOwner, _ locale: String) throws -> Int64 {
        guard let id = Int64(request.parameter("suggestion")), id > 0 else {
            throw StoreError.notFound(kind: "suggestion", id: "\(owner.id)/\(locale)/\(request.parameter("suggestion").prefix(20))")
        }
        return id
    }

    /// A suggestion's members.
    static func write(_ suggestion: Suggestion, into json: inout JSONWriter) {
        let path = Self.path(suggestion.owner, suggestion.locale) + "/\(suggestion.id)"
        json.field("id", Int(suggestion.id))
        json.field("resource", suggestion.owner.path)
        json.field("locale", suggestion.locale)
        json.field("fields", suggestion.fields)
        json.field("source_revision", suggestion.sourceRevision)
        json.field("author", suggestion.author)
        json.field("created_at", suggestion.createdAt)
        json.field("state", suggestion.state.rawValue)
        json.field("decided_by", suggestion.decidedBy)
        json.field("decided_at", suggestion.decidedAt)
        json.field("score", suggestion.score)
        json.objects("votes", suggestion.votes) { json, vote in
            json.field("voter", vote.voter)
            json.field("value", vote.value)
            json.field("voted_at", vote.votedAt)
        }
        json.object("links", [("self", path), ("votes", path + "/votes"), ("accept", path + "/accept"), ("reject", path + "/reject")])
    }

    private static func answer(_ suggestion: Suggestion, status: Int = 200, version: String? = nil) -> APIResponse {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        write(suggestion, into: &json)
        json.endObject()
        var headers: [(String, String)] = status == 201 ? [("Location", path(suggestion.owner, suggestion.locale) + "/\(suggestion.id)")] : []
        if let version { headers.append(("ETag", ETag.of(json.bytes, version: version))) }
        var response = APIResponse.json(json, status: status, headers: headers)
        response.isCacheable = false
        if let version { response.resourceVersion = version }
        return response
    }

    private func list(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        let state = try request.query("state").map { text -> Suggestion.State in
            guard let state = Suggestion.State(rawValue: text) else { throw Problem.badParameter("state", "state must be open, accepted or rejected, not '\(text.prefix(40))'") }
            return state
        }
        return try TextOwnerRoute.list(store, owner: owner, locale: { try TextOwnerRoute.translationLocale(request, $0, owner) },
                                       read: { try $0.suggestions(owner, locale: $1, state: state) }, write: { Self.write($0, into: &$1) })
    }

    private func show(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        let suggestion = try store.read { reader -> Suggestion in
            let locale = try TextOwnerRoute.translationLocale(request, reader, owner)
            let id = try Self.number(request, owner, locale)
            guard let suggestion = try reader.suggestion(id, of: owner, locale: locale) else {
                throw StoreError.notFound(kind: "suggestion", id: "\(owner.id)/\(locale)/\(id)")
            }
            return suggestion
        }
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        Self.write(suggestion, into: &json)
        json.endObject()
        return .json(json)
    }

    private func create(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let texts = owner.fieldNames.map { fields.string($0) }
        let problems = fields.finish()
        let author = request.tokenName ?? "anonymous"
        let suggestion = try store.write(token: request.tokenName) { writer -> Suggestion in
            let locale = try TextOwnerRoute.translationLocale(request, writer.reader, owner)
            let id = try writer.editor.suggest(owner, locale: locale, fields: texts, author: author, problems: problems)
            guard let suggestion = try writer.reader.suggestion(id, of: owner, locale: locale) else { throw StoreError.corrupt("suggestion \(id) vanished") }
            return suggestion
        }
        return Self.answer(suggestion, status: 201)
    }

    private func vote(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let value = fields.int("value")
        var problems = fields.finish()
        if value == nil, !problems.contains(where: { $0.name == "value" }) { problems.append(InvalidField("value", "is required: 1 or -1")) }
        if let value, value != 1, value != -1 { problems.append(InvalidField("value", "must be 1 or -1, not \(value)")) }
        return try decide(request, owner: owner, problems: problems) { writer, locale, id in
            try writer.editor.vote(id, of: owner, locale: locale, voter: request.tokenName ?? "anonymous", value: value ?? 0)
            return nil
        }
    }

    private func accept(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        let problems = EditRequest.Fields(try EditRequest.optionalBody(request)).finishing()
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try decide(request, owner: owner, problems: problems) { writer, locale, id in
            try writer.editor.accept(id, of: owner, locale: locale, by: request.tokenName, precondition: precondition, role: request.translationRole)
        }
    }

    private func reject(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        let problems = EditRequest.Fields(try EditRequest.optionalBody(request)).finishing()
        return try decide(request, owner: owner, problems: problems) { writer, locale, id in
            try writer.editor.reject(id, of: owner, locale: locale, by: request.tokenName)
            return nil
        }
    }

    /// One write on suggestion `{suggestion}`: `change` returns the resource's new version when
    /// the translation changed; the answer is the suggestion as it is after it.
    private func decide(_ request: APIRequest, owner: TextOwner, problems: [InvalidField],
                        _ change: (KnowledgeWriter, String, Int64) throws -> String?) throws -> APIResponse {
        if !problems.isEmpty { throw StoreError.validation(problems) }
        let (suggestion, version) = try store.write(token: request.tokenName) { writer -> (Suggestion, String?) in
            let locale = try TextOwnerRoute.translationLocale(request, writer.reader, owner)
            let id = try Self.number(request, owner, locale)
            let version = try change(writer, locale, id)
            guard let suggestion = try writer.reader.suggestion(id, of: owner, locale: locale) else {
                throw StoreError.notFound(kind: "suggestion", id: "\(owner.id)/\(locale)/\(id)")
            }
            return (suggestion, version)
        }
        return Self.answer(suggestion, version: version)
    }
}
