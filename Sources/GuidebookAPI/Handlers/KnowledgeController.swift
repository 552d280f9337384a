import Foundation
import GuidebookCore

/// The read side of the knowledge base: categories, topics, guidelines and translations.
struct KnowledgeController: Controller {
    let store: Store

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/categories", categories, options: [.cacheable])
        router.add("GET", "/v1/topics", topics, options: [.cacheable])
        router.add("GET", "/v1/topics/{slug}", topic, options: [.cacheable])
        router.add("GET", "/v1/guidelines", guidelines, options: [.cacheable])
        router.add("GET", "/v1/guidelines/{id}", guideline, options: [.cacheable])
        router.add("GET", "/v1/guidelines/{id}/translations", translations, options: [.cacheable])
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}", translation, options: [.cacheable])
        router.add("GET", "/v1/locales", locales, options: [.cacheable])
        router.add("GET", "/v1/export", export)
    }

    /// The whole knowledge base as one bundle (the format `POST /v1/imports` takes back).
    private func export(_ request: APIRequest) throws -> APIResponse {
        let bundle = try store.read { try BundleExporter(reader: $0).export() }
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
        json.key("items")
        json.beginArray()
        for locale in locales {
            json.beginObject()
            json.field("code", locale.code)
            json.field("name", locale.name)
            json.field("source", locale.isSource)
            json.endObject()
        }
        json.endArray()
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
        let limit = try Pagination.limit(request)
        let category = request.query("category")
        let list = "topics:" + (category ?? "")
        let after = try Pagination.after(request, list: list, count: 3)
        return try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            if let category, try !reader.categoryExists(category) {
                throw Problem.badParameter("category", "no category '\(category.prefix(100))'; see /v1/categories")
            }
            let page = try reader.topics(category: category, after: after, limit: limit)
            return Pagination.response(page, list: list, request: request, localizer: localizer) { topic, json in
                Representations.write(topic, localizer: localizer, into: &json)
            }
        }
    }

    private func topic(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        return try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            guard let topic = try reader.topic(slug: slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
            var json = JSONWriter(capacity: 8192)
            Representations.write(topic, localizer: localizer, into: &json)
            return .json(json, headers: [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")])
        }
    }

    private func guidelines(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        let topic = request.query("topic")
        let list = "guidelines:" + (topic ?? "")
        let after = try Pagination.after(request, list: list, count: topic == nil ? 1 : 3)
        return try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            let page: Page<Guideline>
            do {
                page = try reader.guidelines(topic: topic, after: after, limit: limit)
            } catch StoreError.notFound(let kind, let id) where kind == "topic" {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
            return Pagination.response(page, list: list, request: request, localizer: localizer) { guideline, json in
                Representations.write(guideline, localizer: localizer, into: &json)
            }
        }
    }

    private func guideline(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        return try store.read { reader in
            let localizer = try Self.localizer(request, reader: reader)
            guard let guideline = try reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
            var json = JSONWriter(capacity: 1024)
            Representations.write(guideline, localizer: localizer, into: &json)
            return .json(json, headers: [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")])
        }
    }

    private func translations(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        return try store.read { reader in
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
        return try store.read { reader in
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
