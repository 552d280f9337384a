import GuidebookBase
import GuidebookCore
import GuidebookText

/// The history of every text (docs/review.md): the English of a guideline, topic or section
/// (`…/history`) and each translation (`…/translations/{locale}/history`): every version with who
/// made it, when, its review state and the English revision it translated; a word-level diff of a
/// version against the one before (Korean by syllables, `TextDiff`); and a revert, which makes a
/// version current again as a new version (an edit, with `If-Match`).
struct HistoryController: Controller {
    let store: Store
    /// `--require-if-match`: a write without `If-Match` is a 428.
    let requireIfMatch: Bool

    func register(into router: inout Router<RouteHandler>) {
        let read: [RouteOption] = [.cacheable, .role(.reader)], edit: [RouteOption] = [.role(.editor)]
        for (prefix, isSource) in [("/history", true), ("/translations/{locale}/history", false)] {
            TextOwnerRoute.add("GET", prefix, into: &router, options: read) { try list($0, owner: $1, source: isSource) }
            TextOwnerRoute.add("GET", prefix + "/{n}/diff", into: &router, options: read) { try diff($0, owner: $1, source: isSource) }
            TextOwnerRoute.add("POST", prefix + "/{n}/revert", into: &router, options: edit) { try revert($0, owner: $1, source: isSource) }
        }
    }

    /// The text's locale: the source's for `…/history`, the route's for a translation's.
    private static func locale(_ request: APIRequest, source: Bool) -> String {
        source ? SourceLocale.code : request.parameter("locale")
    }

    /// Every version of the text, in one read: 404 for an unknown resource or locale, or for the
    /// source locale named as a translation.
    private static func history(_ reader: KnowledgeReader, _ owner: TextOwner, locale: String, source: Bool) throws -> [TextVersion] {
        if !source {
            guard let info = try reader.locales().first(where: { $0.code == locale }) else { throw Problem.notFound("no locale '\(locale.prefix(40))'; see /v1/locales") }
            if info.isSource { throw Problem.notFound("'\(locale)' is the source locale: its history is \(owner.path)/history") }
        }
        guard let versions = try reader.textHistory(owner, locale: locale) else { throw StoreError.notFound(kind: owner.resource.rawValue, id: owner.id) }
        return versions
    }

    private static func base(_ owner: TextOwner, locale: String, source: Bool) -> String {
        owner.path + (source ? "" : "/translations/\(locale)") + "/history"
    }

    private func list(_ request: APIRequest, owner: TextOwner, source: Bool) throws -> APIResponse {
        let locale = Self.locale(request, source: source)
        let versions = try store.read { try Self.history($0, owner, locale: locale, source: source) }
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        json.field("resource", owner.path)
        json.field("locale", locale)
        json.field("source", source)
        json.objects("items", versions) { json, version in Self.write(version, base: Self.base(owner, locale: locale, source: source), into: &json) }
        json.endObject()
        return .json(json)
    }

    /// One version's members.
    static func write(_ version: TextVersion, base: String, into json: inout JSONWriter) {
        json.field("version", version.number)
        json.field("current", version.isCurrent)
        if let fields = version.fields { json.field("fields", fields) } else { json.key("fields"); json.null() }
        json.field("state", version.review?.rawValue)
        json.field("source_revision", version.sourceRevision)
        json.field("changed_by", version.changedBy)
        json.field("changed_at", version.changedAt)
        json.field("action", version.action?.rawValue)
        json.field("note", version.note)
        json.object("links", [("diff", "\(base)/\(version.number)/diff"), ("revert", "\(base)/\(version.number)/revert")])
    }

    /// The version `{n}` names: a whole number; anything else names no version (404).
    private static func number(_ request: APIRequest, owner: TextOwner, locale: String) throws -> Int {
        guard let number = Int(request.parameter("n")), number > 0 else {
            throw StoreError.notFound(kind: "version", id: "\(owner.id)/\(locale)/\(request.parameter("n").prefix(20))")
        }
        return number
    }

    private func diff(_ request: APIRequest, owner: TextOwner, source: Bool) throws -> APIResponse {
        let locale = Self.locale(request, source: source)
        let number = try Self.number(request, owner: owner, locale: locale)
        let versions = try store.read { try Self.history($0, owner, locale: locale, source: source) }
        guard let index = versions.firstIndex(where: { $0.number == number }) else {
            throw StoreError.notFound(kind: "version", id: "\(owner.id)/\(locale)/\(number)")
        }
        let version = versions[index], previous = index > 0 ? versions[index - 1] : nil
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        json.field("resource", owner.path)
        json.field("locale", locale)
        json.field("version", number)
        json.field("against", previous?.number)
        json.object("fields") { json in
            for name in owner.fieldNames {
                let old = previous?.fields?[name] ?? "", new = version.fields?[name] ?? ""
                json.key(name)
                json.beginArray()
                for piece in TextDiff.diff(old, new) {
                    json.beginObject()
                    json.field("op", piece.operation.rawValue)
                    json.field("text", piece.text)
                    json.endObject()
                }
                json.endArray()
            }
        }
        json.endObject()
        return .json(json)
    }

    private func revert(_ request: APIRequest, owner: TextOwner, source: Bool) throws -> APIResponse {
        let locale = Self.locale(request, source: source)
        let number = try Self.number(request, owner: owner, locale: locale)
        let problems = EditRequest.Fields(try EditRequest.optionalBody(request)).finishing()
        if !problems.isEmpty { throw StoreError.validation(problems) }
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try store.write(token: request.tokenName) { writer in
            if !source, locale == SourceLocale.code {
                throw Problem.notFound("'\(locale)' is the source locale: revert its versions at \(owner.path)/history/\(number)/revert")
            }
            let resourceVersion = try writer.editor.revert(owner, locale: locale, to: number, precondition: precondition, role: request.translationRole)
            guard let current = try writer.readerOfEverything.textHistory(owner, locale: locale)?.last else {
                throw StoreError.notFound(kind: owner.resource.rawValue, id: owner.id)
            }
            var json = JSONWriter()
            json.beginObject()
            Self.write(current, base: Self.base(owner, locale: locale, source: source), into: &json)
            json.endObject()
            var response = APIResponse.json(json, headers: [("ETag", ETag.of(json.bytes, version: resourceVersion))])
            response.isCacheable = false
            response.resourceVersion = resourceVersion
            return response
        }
    }
}
