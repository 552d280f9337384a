import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookWiki

/// The read side of the knowledge base: categories, topics, guidelines and translations.
struct KnowledgeController: Controller {
    let store: Store

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/categories", categories, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/topics", topics, options: [.cacheable, .role(.reader)])
        let renderings = Renderings(store: store)
        router.add("GET", "/v1/topics/{slug}", renderings.negotiated("slug", kind: "topic", json: topic, document: Renderings.topicDocument),
                   options: [.cacheable, .produces(Rendition.producedMediaTypes), .role(.reader)])
        router.add("GET", "/v1/guidelines", guidelines, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/guidelines/{id}",
                   renderings.negotiated("id", kind: "guideline", isID: { try $0.guideline(id: $1) != nil }, json: guideline,
                                         document: Renderings.guidelineDocument),
                   options: [.cacheable, .produces(Rendition.producedMediaTypes), .role(.reader)])
        router.add("GET", "/v1/guidelines/{id}/translations", translations, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}", translation, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/locales", locales, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/export", export, options: [.produces(WikiController.archiveMediaTypes), .role(.reader)])
    }

    /// The whole knowledge base as one bundle (the format `POST /v1/imports` takes back), or with
    /// `format=markdown|wikijs|mkdocs|docusaurus|bookstack` in a layout (`WikiLayout`), as an archive.
    private func export(_ request: APIRequest) throws -> APIResponse {
        switch request.query("format") ?? "json" {
        case "json": break
        case let name:
            guard let layout = WikiLayout(rawValue: name) else {
                throw Problem.badParameter("format", "format must be json or one of \(WikiLayout.names), not '\(name.prefix(40))'")
            }
            return try WikiController.layoutArchive(layout, request, store: store)
        }
        // The bundle is the base as stored (a backup, what an import takes back): every translation.
        let bundle = try store.read(includingUnpublished: true) { try BundleExporter(reader: $0).export() }
        let data = try BundleCodec.encode(bundle)
        return .bytes([UInt8](data), contentType: MediaType.json.contentType,
                      headers: [("Content-Disposition", "attachment; filename=\"guidebook-export.json\"")])
    }

    /// The locales to answer in, negotiated against the locales the store holds.
    static func localizer(_ request: APIRequest, reader: KnowledgeReader) throws -> Localizer {
        let available = try reader.locales().map(\.code)
        let locales = try LocaleNegotiator.negotiate(lang: request.query("lang"), acceptLanguage: request.http.header("accept-language"),
                                                     available: available, source: SourceLocale.code)
        return Localizer(requested: locales)
    }

    private func locales(_ request: APIRequest) throws -> APIResponse {
        let locales = try store.read { try $0.locales() }
        var json = JSONWriter()
        json.beginObject()
        json.objects("items", locales) { json, locale in
            json.field("code", locale.code)
            json.field("name", locale.name)
            json.field("source", locale.isSource)
        }
        json.endObject()
        return .json(json)
    }

    private func categories(_ request: APIRequest) throws -> APIResponse {
        try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            let categories = try reader.categories()
            var json = JSONWriter()
            json.beginObject()
            json.key("items")
            json.beginArray()
            for category in categories { Representations.write(category, localizer: localizer, into: &json) }
            json.endArray()
            json.endObject()
            return .json(json, headers: [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")])
        }
    }

    private func topics(_ request: APIRequest) throws -> APIResponse {
        try localizedPage(request, list: "topics", filter: "category", cursorKeys: { _ in 3 }) { reader, category, after, limit in
            if let category, try !reader.categoryExists(category) {
                throw Problem.badParameter("category", "no category '\(category.prefix(100))'; see /v1/categories")
            }
            return try reader.topics(category: category, after: after, limit: limit)
        } write: { Representations.write($0, localizer: $1, into: &$2) }
    }

    /// A topic with its sections and guidelines, written as the read streams them: the topic and
    /// its section heads first, then each guideline into its section's part (a topic's guidelines
    /// come ordered by position, the sections interleaved), the parts joined in section order.
    private func topic(_ request: APIRequest, slug: String, reader: KnowledgeReader) throws -> APIResponse {
        let localizer = try Self.localizer(request, reader: reader)
        var json = JSONWriter(capacity: 8192)
        var sections: [(json: JSONWriter, localizer: Localizer)] = []
        var version = ""
        let found = try reader.readTopic(slug: slug, head: { topic, heads in
            version = topic.version
            json.beginObject()
            Representations.writeTopicFields(topic, localizer: localizer, into: &json)
            json.key("sections")
            json.beginArray()
            for head in heads {
                var part = (json: JSONWriter(capacity: 8192), localizer: localizer.part())
                part.json.beginObject()
                Representations.writeSectionHead(head, localizer: part.localizer, into: &part.json)
                part.json.beginArray()
                sections.append(part)
            }
        }, guideline: { index, guideline in
            Representations.write(guideline, localizer: sections[index].localizer, into: &sections[index].json)
        })
        guard found else { throw StoreError.notFound(kind: "topic", id: slug) }
        json.reserveCapacity(more: sections.reduce(16) { $0 + $1.json.count + 2 })
        for index in sections.indices {
            sections[index].json.endArray()
            sections[index].json.endObject()
            json.raw(sections[index].json)
            localizer.absorb(sections[index].localizer)
        }
        json.endArray()
        json.endObject()
        return APIResponse.json(json, headers: [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")]).versioned(version)
    }

    private func guidelines(_ request: APIRequest) throws -> APIResponse {
        try localizedPage(request, list: "guidelines", filter: "topic", cursorKeys: { $0 == nil ? 1 : 3 }) { reader, topic, after, limit in
            do {
                return try reader.guidelines(topic: topic, after: after, limit: limit)
            } catch StoreError.notFound(let kind, let id) where kind == "topic" {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
        } write: { Representations.write($0, localizer: $1, into: &$2) }
    }

    private func guideline(_ request: APIRequest, id: String, reader: KnowledgeReader) throws -> APIResponse {
        let localizer = try Self.localizer(request, reader: reader)
        guard let guideline = try reader.guidelineRecord(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
        var json = JSONWriter(capacity: 1024)
        Representations.write(guideline, localizer: localizer, into: &json)
        // The guideline's version leads the ETag, so the ETag read here is what `If-Match` on its writes compares.
        return APIResponse.json(json, headers: [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")])
            .versioned(guideline.version)
    }

    /// A page of a list in the negotiated locales. The query parameter `filter` may narrow the list
    /// (`read` checks it); `cursorKeys` says how many keys the list's cursors hold.
    private func localizedPage<Item>(_ request: APIRequest, list name: String, filter: String, cursorKeys: (String?) -> Int,
                                     read: (KnowledgeReader, String?, [Int64]?, Int) throws -> Page<Item>,
                                     write: @escaping (Item, Localizer, inout JSONWriter) -> Void) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        let value = request.query(filter)
        let list = name + ":" + (value ?? "")
        let after = try Pagination.after(request, list: list, count: cursorKeys(value))
        return try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            let page = try read(reader, value, after, limit)
            return Pagination.response(page, list: list, request: request, localizer: localizer) { write($0, localizer, &$1) }
        }
    }

    private func translations(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        return try store.read(includingUnpublished: true) { reader in
            guard let guideline = try reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
            let locales = try reader.locales().filter { !$0.isSource }
            var json = JSONWriter()
            json.beginObject()
            json.field("guideline", guideline.id)
            json.key("source")
            json.beginObject()
            json.field("locale", SourceLocale.code)
            json.field("text", guideline.text[SourceLocale.code] ?? "")
            json.endObject()
            json.key("items")
            json.beginArray()
            for locale in locales { Representations.writeTranslation(guideline, locale: locale, into: &json) }
            json.endArray()
            json.endObject()
            return .json(json)
        }
    }

    private func translation(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        let code = request.parameter("locale").lowercased()
        return try store.read(includingUnpublished: true) { reader in
            guard let guideline = try reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
            guard let locale = try reader.locales().first(where: { $0.code == code }) else {
                throw Problem.notFound("no locale '\(code.prefix(40))'; see /v1/locales")
            }
            if locale.isSource {
                throw Problem.notFound("'\(code)' is the source locale; its text is the guideline itself at /v1/guidelines/\(id)")
            }
            guard guideline.translations[code] != nil else {
                throw Problem(.translationMissing, detail: "guideline '\(id)' has no \(locale.name) (\(code)) translation yet",
                              extra: ["state": "missing"])
            }
            var json = JSONWriter()
            Representations.writeTranslation(guideline, locale: locale, into: &json)
            return .json(json, headers: [("Content-Language", code)])
        }
    }
}
