import GuidebookBase
import GuidebookCore

/// The write side of the knowledge base: topics, sections and guidelines created (`POST`, 201
/// with `Location`), replaced (`PUT`), merge-patched (`PATCH`, RFC 7396) and deleted, a
/// section's guidelines reordered. (A section's `GET` is `WikiController`'s, with its renderings.)
///
/// Every write is one store transaction that checks `If-Match` against the resource's version,
/// validates every field (422 listing each invalid one), updates the search index and appends to
/// the change log; the next read or search sees it (the response cache and the search cache
/// follow the store's commits). A write answers with the resource as a `GET` would show it,
/// with its new ETag.
struct EditingController: Controller {
    let store: Store
    /// `--require-if-match`: a write without `If-Match` is a 428.
    let requireIfMatch: Bool

    func register(into router: inout Router<RouteHandler>) {
        let edit: [RouteOption] = [.role(.editor)]
        router.add("POST", "/v1/topics", createTopic, options: edit)
        router.add("PUT", "/v1/topics/{slug}", replaceTopic, options: edit)
        router.add("PATCH", "/v1/topics/{slug}", replaceTopic, options: edit)
        router.add("DELETE", "/v1/topics/{slug}", deleteTopic, options: edit)

        router.add("POST", "/v1/topics/{slug}/sections", createSection, options: edit)
        router.add("PUT", "/v1/topics/{slug}/sections/{key}", replaceSection, options: edit)
        router.add("PATCH", "/v1/topics/{slug}/sections/{key}", replaceSection, options: edit)
        router.add("DELETE", "/v1/topics/{slug}/sections/{key}", deleteSection, options: edit)
        router.add("PUT", "/v1/topics/{slug}/sections/{key}/order", reorder, options: edit)

        router.add("POST", "/v1/guidelines", createGuideline, options: edit)
        router.add("PUT", "/v1/guidelines/{id}", replaceGuideline, options: edit)
        router.add("PATCH", "/v1/guidelines/{id}", replaceGuideline, options: edit)
        router.add("DELETE", "/v1/guidelines/{id}", deleteGuideline, options: edit)
    }

    // MARK: Topics

    private func createTopic(_ request: APIRequest) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let draft = TopicDraft(slug: fields.string("slug"), category: fields.string("category"), title: fields.string("title"), summary: fields.string("summary"))
        let problems = fields.finish()
        return try store.write(token: request.tokenName) { writer in
            let version = try writer.editor.createTopic(draft, problems: problems)
            let slug = draft.slug ?? ""
            return try topicResponse(slug, version: version, writer: writer, request: request, created: true)
        }
    }

    private func replaceTopic(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        return try replace(request, current: { Self.document(of: try $0.topicSummary(slug: slug)) }) { writer, fields, precondition in
            let draft = TopicDraft(slug: fields.string("slug"), category: fields.string("category"), title: fields.string("title"), summary: fields.string("summary"))
            let version = try writer.editor.replaceTopic(slug: slug, draft, precondition: precondition, problems: fields.finish())
            return try topicResponse(slug, version: version, writer: writer, request: request, created: false)
        }
    }

    private func deleteTopic(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        return try EditRequest.delete(request, in: store, required: requireIfMatch) { try $0.editor.deleteTopic(slug: slug, precondition: $1) }
    }

    /// The editable fields of a topic as a JSON object (what a merge patch applies to).
    private static func document(of topic: TopicSummary?) -> JSONValue {
        guard let topic else { return .object([]) }
        var members: [(key: String, value: JSONValue)] = [("slug", .string(topic.slug)), ("category", .string(topic.category))]
        if let title = topic.title[SourceLocale.code] { members.append(("title", .string(title))) }
        if let summary = topic.summary[SourceLocale.code], !summary.isEmpty { members.append(("summary", .string(summary))) }
        return .object(members)
    }

    private func topicResponse(_ slug: String, version: String, writer: KnowledgeWriter, request: APIRequest, created: Bool) throws -> APIResponse {
        guard let topic = try writer.reader.topic(slug: slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
        return try represent(version: version, reader: writer.reader, request: request, capacity: 8192, location: created ? "/v1/topics/\(slug)" : nil) {
            Representations.write(topic, localizer: $0, into: &$1)
        }
    }

    // MARK: Sections

    private func createSection(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let draft = SectionDraft(key: fields.string("key"), title: fields.string("title"), position: fields.int("position"))
        let problems = fields.finish()
        // `If-Match` here is the topic's ETag (the new section changes the topic); as on the other
        // creations it is not required under `--require-if-match`, only honoured when sent.
        let precondition = try EditRequest.precondition(request, required: false)
        return try store.write(token: request.tokenName) { writer in
            let version = try writer.editor.createSection(topic: slug, draft, precondition: precondition, problems: problems)
            return try sectionResponse(slug, draft.key ?? "", version: version, writer: writer, request: request, created: true)
        }
    }

    private func replaceSection(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        let key = request.parameter("key")
        let current = { (reader: KnowledgeReader) -> JSONValue? in
            guard let (_, section) = try reader.section(topic: slug, key: key) else { return nil }
            var members: [(key: String, value: JSONValue)] = [("key", .string(section.key)), ("position", .number(Double(section.position)))]
            if let title = section.title[SourceLocale.code], !title.isEmpty { members.append(("title", .string(title))) }
            return .object(members)
        }
        return try replace(request, current: current) { writer, fields, precondition in
            let draft = SectionDraft(key: fields.string("key"), title: fields.string("title"), position: fields.int("position"))
            let version = try writer.editor.replaceSection(topic: slug, key: key, draft, precondition: precondition, problems: fields.finish())
            return try sectionResponse(slug, key, version: version, writer: writer, request: request, created: false)
        }
    }

    private func deleteSection(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        let key = request.parameter("key")
        return try EditRequest.delete(request, in: store, required: requireIfMatch) { try $0.editor.deleteSection(topic: slug, key: key, precondition: $1) }
    }

    /// `{"guidelines": [id, ...]}`: every guideline of the section, in their new order.
    private func reorder(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        let key = request.parameter("key")
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let ids = fields.strings("guidelines")
        var problems = fields.finish()
        if ids == nil, !problems.contains(where: { $0.name == "guidelines" }) { problems.append(InvalidField("guidelines", "is required")) }
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try store.write(token: request.tokenName) { writer in
            let version = try writer.editor.reorderGuidelines(topic: slug, section: key, ids: ids ?? [], precondition: precondition, problems: problems)
            return try sectionResponse(slug, key, version: version, writer: writer, request: request, created: false)
        }
    }

    private func sectionResponse(_ slug: String, _ key: String, version: String, writer: KnowledgeWriter, request: APIRequest, created: Bool) throws -> APIResponse {
        guard let (topic, section) = try writer.reader.section(topic: slug, key: key) else { throw StoreError.notFound(kind: "section", id: slug + "/" + key) }
        let location = created ? "/v1/topics/\(slug)/sections/\(key)" : nil
        return try represent(version: version, reader: writer.reader, request: request, capacity: 4096, location: location) {
            Representations.write(section, of: topic, localizer: $0, into: &$1)
        }
    }

    // MARK: Guidelines

    private func createGuideline(_ request: APIRequest) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let draft = Self.guidelineDraft(&fields)
        let problems = fields.finish()
        return try store.write(token: request.tokenName) { writer in
            let version = try writer.editor.createGuideline(draft, problems: problems)
            return try guidelineResponse(draft.id ?? "", version: version, writer: writer, request: request, created: true)
        }
    }

    private func replaceGuideline(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        let current = { (reader: KnowledgeReader) -> JSONValue? in
            guard let current = try reader.guideline(id: id) else { return nil }
            return .object([
                ("id", .string(current.id)), ("topic", .string(current.topic)), ("section", .string(current.section)),
                ("text", .string(current.text[SourceLocale.code] ?? "")), ("position", .number(Double(current.position))),
            ])
        }
        return try replace(request, current: current) { writer, fields, precondition in
            let draft = Self.guidelineDraft(&fields)
            let version = try writer.editor.replaceGuideline(id: id, draft, precondition: precondition, problems: fields.finish())
            return try guidelineResponse(id, version: version, writer: writer, request: request, created: false)
        }
    }

    private func deleteGuideline(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        return try EditRequest.delete(request, in: store, required: requireIfMatch) { try $0.editor.deleteGuideline(id: id, precondition: $1) }
    }

    private static func guidelineDraft(_ fields: inout EditRequest.Fields) -> GuidelineDraft {
        GuidelineDraft(id: fields.string("id"), topic: fields.string("topic"), section: fields.string("section"),
                       text: fields.string("text"), position: fields.int("position"))
    }

    func guidelineResponse(_ id: String, version: String, writer: KnowledgeWriter, request: APIRequest, created: Bool) throws -> APIResponse {
        guard let guideline = try writer.reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
        return try represent(version: version, reader: writer.reader, request: request, capacity: 1024, location: created ? "/v1/guidelines/\(id)" : nil) {
            Representations.write(guideline, localizer: $0, into: &$1)
        }
    }

    // MARK: Shared

    /// A `PUT` or `PATCH`: for a `PATCH` the body is merged into `current`, the resource's editable
    /// fields now (nil when there is no such resource: the body alone); `write` reads the fields
    /// and writes them. All in one store write, with the request's `If-Match` precondition.
    private func replace(_ request: APIRequest, current: (KnowledgeReader) throws -> JSONValue?,
                         _ write: (KnowledgeWriter, inout EditRequest.Fields, WritePrecondition) throws -> APIResponse) throws -> APIResponse {
        let body = try EditRequest.body(request)
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try store.write(token: request.tokenName) { writer in
            var document = body
            if request.http.method == "PATCH", let current = try current(writer.reader) { document = current.merged(with: body) }
            var fields = EditRequest.Fields(document)
            return try write(writer, &fields, precondition)
        }
    }

    /// The answer to a write (`written`): the representation `write` makes in the request's locales.
    private func represent(version: String, reader: KnowledgeReader, request: APIRequest, capacity: Int, location: String?,
                           _ write: (Localizer, inout JSONWriter) -> Void) throws -> APIResponse {
        let localizer = try KnowledgeController.localizer(request, reader: reader)
        var json = JSONWriter(capacity: capacity)
        write(localizer, &json)
        return Self.written(json, version: version, localizer: localizer, location: location)
    }

    static let noContent = APIResponse(status: 204, headers: [], body: .bytes([]), isCacheable: false)

    /// The answer to a write: the resource's representation with its new ETag; 201 and `Location`
    /// for a creation.
    static func written(_ json: JSONWriter, version: String, localizer: Localizer, location: String?) -> APIResponse {
        var headers = [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language"), ("ETag", ETag.of(json.bytes, version: version))]
        if let location { headers.append(("Location", location)) }
        var response = APIResponse.json(json, status: location == nil ? 200 : 201, headers: headers)
        response.isCacheable = false
        response.resourceVersion = version
        return response
    }
}
