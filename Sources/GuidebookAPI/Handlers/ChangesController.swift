import GuidebookBase
import GuidebookCore

/// `GET /v1/changes`: the change log, so that a wiki or a mirror can follow the knowledge base.
///
/// The cursor is the `seq` of the last entry seen: entries are only ever appended with increasing
/// numbers, so resuming after it misses nothing and repeats nothing. `next` is never null (on the
/// last page it is the cursor to poll with later).
struct ChangesController: Controller {
    let store: Store

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/changes", changes, options: [.cacheable, .role(.reader)])
    }

    private func changes(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        var since: Int64 = 0
        if let text = request.query("since") {
            guard let value = Int64(text), value >= 0 else {
                throw Problem.badParameter("since", "since must be the seq of a change (a whole number from 0), not '\(text.prefix(40))'")
            }
            since = value
        }
        let entries = try store.read { try $0.changes(after: since, limit: limit) }
        var json = JSONWriter(capacity: 256 + entries.count * 200)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for entry in entries { Self.write(entry, into: &json) }
        json.endArray()
        let next = String(entries.last?.seq ?? since)
        json.field("next", next)
        json.endObject()
        var headers: [(name: String, value: String)] = []
        if entries.count == limit { headers.append(("Link", "</v1/changes?since=\(next)&limit=\(limit)>; rel=\"next\"")) }
        return .json(json, headers: headers)
    }

    static func write(_ entry: ChangeEntry, into json: inout JSONWriter) {
        json.beginObject()
        json.field("seq", Int(entry.seq))
        json.field("at", entry.at)
        json.field("resource", entry.resource.rawValue)
        json.field("id", entry.id)
        json.field("kind", entry.kind.rawValue)
        json.field("locale", entry.locale)
        json.field("token", entry.token)
        json.field("etag", entry.etag)
        json.field("state", entry.state)
        if entry.kind != .deleted, let link = entry.path { json.object("links", [("self", link)]) }
        json.endObject()
    }
}
