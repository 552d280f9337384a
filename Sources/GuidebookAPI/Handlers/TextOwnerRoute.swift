import GuidebookBase
import GuidebookCore

/// The three kinds of resource whose texts the translation workflow's routes address, each by its
/// route prefix (`/v1/guidelines/{id}`, `/v1/topics/{slug}`, `/v1/topics/{slug}/sections/{key}`):
/// a controller registers one handler under all three and reads the owner back from the request.
enum TextOwnerRoute: CaseIterable {
    case guideline, topic, section

    /// The route prefix, with its parameters.
    var prefix: String {
        switch self {
        case .guideline: return "/v1/guidelines/{id}"
        case .topic: return "/v1/topics/{slug}"
        case .section: return "/v1/topics/{slug}/sections/{key}"
        }
    }

    /// The owner a request to a route under this prefix names.
    func owner(_ request: APIRequest) -> TextOwner {
        switch self {
        case .guideline: return .guideline(request.parameter("id"))
        case .topic: return .topic(request.parameter("slug"))
        case .section: return .section(topic: request.parameter("slug"), key: request.parameter("key"))
        }
    }

    /// Registers `handler` (given the owner) at `suffix` under every prefix.
    static func add(_ method: String, _ suffix: String, into router: inout Router<RouteHandler>, options: [RouteOption],
                    _ handler: @escaping @Sendable (APIRequest, TextOwner) throws -> APIResponse) {
        for route in allCases {
            router.add(method, route.prefix + suffix, { request in try handler(request, route.owner(request)) }, options: options)
        }
    }
}

extension TextOwnerRoute {
    /// The translation locale the route's `{locale}` names, checked in `reader`: 404 for an
    /// unknown locale or the source locale (whose text is the resource's own).
    static func translationLocale(_ request: APIRequest, _ reader: KnowledgeReader, _ owner: TextOwner) throws -> String {
        let locale = request.parameter("locale")
        guard let info = try reader.locales().first(where: { $0.code == locale }), !info.isSource else {
            throw Problem.notFound("no translation locale '\(locale.prefix(40))' for \(owner.path); see /v1/locales")
        }
        return locale
    }

    /// `{resource, locale, items}`: what `read` finds for the text of `owner` in the locale
    /// `locale` gives, in one read (404 when `read` finds no `owner`), each item written by `write`.
    static func list<Item>(_ store: Store, owner: TextOwner, locale: @escaping (KnowledgeReader) throws -> String,
                           read: (KnowledgeReader, String) throws -> [Item]?, write: (Item, inout JSONWriter) -> Void) throws -> APIResponse {
        let (code, items) = try store.read { reader -> (String, [Item]) in
            let code = try locale(reader)
            guard let items = try read(reader, code) else { throw StoreError.notFound(kind: owner.resource.rawValue, id: owner.id) }
            return (code, items)
        }
        var json = JSONWriter(capacity: 2048)
        json.beginObject()
        json.field("resource", owner.path)
        json.field("locale", code)
        json.objects("items", items) { json, item in write(item, &json) }
        json.endObject()
        return .json(json)
    }
}

extension APIRequest {
    /// The role the request's token has in the review rules: a reviewer or an admin counts as a
    /// reviewer, anyone else as an editor.
    var translationRole: TranslationRole {
        (context.principal?.role ?? .reader) >= .reviewer ? .reviewer : .editor
    }
}
