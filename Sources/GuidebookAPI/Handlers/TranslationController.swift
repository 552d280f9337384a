import GuidebookBase
import GuidebookCore
import GuidebookTranslationFiles

/// Translation work: writing and deleting translations of guidelines, topics (title, summary)
/// and sections (title); coverage per locale; the work list by state; the files for translators;
/// adding locales.
///
/// A translation records the source revision it was made from, so it is current until the
/// English changes and `outdated` from then until it is written again; a current one is in its
/// review state, `draft`, `translated` or `approved` (docs/review.md). Writes follow the review
/// rules (`ReviewRules`): `state` in the body, `approved` only by a reviewer.
struct TranslationController: Controller {
    let store: Store
    /// `--require-if-match`: a write without `If-Match` is a 428.
    let requireIfMatch: Bool
    /// Writes the coverage answers, reusing the last full one's unchanged entries.
    let coverageRendering: CoverageRendering

    func register(into router: inout Router<RouteHandler>) {
        let edit: [RouteOption] = [.role(.editor)]
        router.add("PUT", "/v1/guidelines/{id}/translations/{locale}", putGuideline, options: edit)
        router.add("DELETE", "/v1/guidelines/{id}/translations/{locale}", deleteGuideline, options: edit)
        router.add("PUT", "/v1/topics/{slug}/translations/{locale}", putTopic, options: edit)
        router.add("DELETE", "/v1/topics/{slug}/translations/{locale}", deleteTopic, options: edit)
        router.add("PUT", "/v1/topics/{slug}/sections/{key}/translations/{locale}", putSection, options: edit)
        router.add("DELETE", "/v1/topics/{slug}/sections/{key}/translations/{locale}", deleteSection, options: edit)
        router.add("GET", "/v1/translations/coverage", coverage, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/translations", workList, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/translations/export", export,
                   options: [.cacheable, .role(.reader), .produces(["application/xliff+xml", "text/x-gettext-translation"])])
        router.add("GET", "/v1/translations/units", units, options: [.cacheable, .role(.reader)])
        router.add("POST", "/v1/locales", addLocale, options: [.role(.admin)])
    }

    // MARK: Guidelines

    private func putGuideline(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        let locale = request.parameter("locale")
        return try put(request, fields: { $0.string("text") }) { writer, text, problems, precondition, write in
            let version = try writer.editor.putGuidelineTranslation(id: id, locale: locale, text: text, precondition: precondition, problems: problems,
                                                                    write: write)
            return try Self.guidelineTranslation(id, locale: locale, version: version, reader: writer.readerOfEverything)
        }
    }

    private func deleteGuideline(_ request: APIRequest) throws -> APIResponse {
        try EditRequest.delete(request, in: store, required: requireIfMatch) { writer, precondition in
            _ = try writer.editor.deleteGuidelineTranslation(id: request.parameter("id"), locale: request.parameter("locale"), precondition: precondition,
                                                             role: request.translationRole)
        }
    }

    /// The answer of a write of a guideline's translation: the translation as `GET` shows it, with the guideline's new version.
    static func guidelineTranslation(_ id: String, locale code: String, version: String, reader: KnowledgeReader) throws -> APIResponse {
        guard let guideline = try reader.guideline(id: id), let locale = try reader.locales().first(where: { $0.code == code }) else {
            throw StoreError.notFound(kind: "guideline", id: id)
        }
        var json = JSONWriter()
        Representations.writeTranslation(guideline, locale: locale, into: &json)
        return Self.written(json, version: version, locale: code)
    }

    // MARK: Topics and sections

    private func putTopic(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        let locale = request.parameter("locale")
        return try put(request, fields: { ($0.string("title"), $0.string("summary")) }) { writer, text, problems, precondition, write in
            let (title, summary) = text
            let version = try writer.editor.putTopicTranslation(slug: slug, locale: locale, title: title, summary: summary,
                                                                precondition: precondition, problems: problems, write: write)
            return try Self.fieldsTranslation(.topic(slug), locale: locale, version: version, reader: writer.reader)
        }
    }

    private func deleteTopic(_ request: APIRequest) throws -> APIResponse {
        try EditRequest.delete(request, in: store, required: requireIfMatch) { writer, precondition in
            _ = try writer.editor.deleteTopicTranslation(slug: request.parameter("slug"), locale: request.parameter("locale"), precondition: precondition,
                                                         role: request.translationRole)
        }
    }

    private func putSection(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        let key = request.parameter("key")
        let locale = request.parameter("locale")
        return try put(request, fields: { $0.string("title") }) { writer, title, problems, precondition, write in
            let version = try writer.editor.putSectionTranslation(topic: slug, key: key, locale: locale, title: title,
                                                                  precondition: precondition, problems: problems, write: write)
            return try Self.fieldsTranslation(.section(topic: slug, key: key), locale: locale, version: version, reader: writer.reader)
        }
    }

    private func deleteSection(_ request: APIRequest) throws -> APIResponse {
        try EditRequest.delete(request, in: store, required: requireIfMatch) { writer, precondition in
            _ = try writer.editor.deleteSectionTranslation(topic: request.parameter("slug"), key: request.parameter("key"),
                                                           locale: request.parameter("locale"), precondition: precondition, role: request.translationRole)
        }
    }

    /// A translation's write: `read` takes its text fields from the body, then `write` runs in one
    /// store write with them, the fields' problems, the `If-Match` precondition and what the review
    /// rules need (the body's `state` and `override_reason`, the token's role).
    private func put<Text>(_ request: APIRequest, fields read: (inout EditRequest.Fields) -> Text,
                           _ write: (KnowledgeWriter, Text, [InvalidField], WritePrecondition, TranslationWrite) throws -> APIResponse) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let text = read(&fields)
        let review = ReviewRequest.read(&fields, role: request.translationRole)
        let problems = fields.finish()
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try store.write(token: request.tokenName) { try write($0, text, problems, precondition, review) }
    }

    /// The answer of a write of a topic's or section's translation (`owner`): the translation with
    /// its state and the source it translates, with the resource's new version.
    static func fieldsTranslation(_ owner: TextOwner, locale: String, version: String, reader: KnowledgeReader) throws -> APIResponse {
        switch owner {
        case .topic(let slug):
            guard let fields = try reader.topicTranslations(slug: slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
            return written(fieldsJSON(fields, owner: [("topic", slug)], locale: locale), version: version, locale: locale)
        case .section(let slug, let key):
            guard let fields = try reader.sectionTranslations(topic: slug, key: key) else { throw StoreError.notFound(kind: "section", id: slug + "#" + key) }
            return written(fieldsJSON(fields, owner: [("topic", slug), ("section", key)], locale: locale), version: version, locale: locale)
        case .guideline(let id):
            return try guidelineTranslation(id, locale: locale, version: version, reader: reader)
        }
    }

    /// A topic's or section's translation into `locale` with its state and the source it translates.
    private static func fieldsJSON(_ fields: TranslatedFields, owner: [(String, String)], locale: String) -> JSONWriter {
        let translation = fields.translations[locale]
        var json = JSONWriter()
        json.beginObject()
        for (name, value) in owner { json.field(name, value) }
        json.field("locale", locale)
        json.field("state", (translation?.workflowState ?? .missing).rawValue)
        json.field("review_state", translation?.review.rawValue)
        json.field("text", translation?.fields ?? [:])
        json.field("source", fields.source)
        json.field("source_revision", fields.sourceRevision)
        json.field("updated_at", translation?.updatedAt)
        json.endObject()
        return json
    }

    static func written(_ json: JSONWriter, version: String, locale: String) -> APIResponse {
        var response = APIResponse.json(json, headers: [("Content-Language", locale), ("ETag", ETag.of(json.bytes, version: version))])
        response.isCacheable = false
        response.resourceVersion = version
        return response
    }

    // MARK: Coverage and the work list

    private func coverage(_ request: APIRequest) throws -> APIResponse {
        let topic = request.query("topic")
        let coverage = try store.read { reader in
            do {
                return try reader.translationCoverage(topic: topic)
            } catch StoreError.notFound(let kind, let id) where kind == "topic" {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
        }
        return .bytes(coverageRendering.json(coverage, isFull: topic == nil), contentType: MediaType.json.contentType)
    }

    private func workList(_ request: APIRequest) throws -> APIResponse {
        guard let locale = request.query("locale") else { throw Problem.badParameter("locale", "locale is required: the locale to translate into, e.g. ko") }
        let stateText = request.query("state") ?? "outdated"
        let states = try Self.states(stateText)
        let topic = request.query("topic")
        let openComments = try request.boolQuery("has_open_comments", default: false)
        let limit = try Pagination.limit(request)
        let list = "translations:\(locale):\(stateText):\(topic ?? ""):\(openComments)"
        let after = try Pagination.after(request, list: list, count: 1)
        return try store.read { reader in
            guard let info = try reader.locales().first(where: { $0.code == locale }), !info.isSource else {
                throw Problem.badParameter("locale", "no translation locale '\(locale.prefix(40))'; see /v1/locales")
            }
            let page: Page<TranslationWork>
            do {
                page = try reader.translationWork(locale: locale, states: states, topic: topic, openComments: openComments, after: after, limit: limit)
            } catch StoreError.notFound(let kind, let id) where kind == "topic" {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
            return Pagination.response(page, list: list, request: request, localizer: Localizer(requested: [SourceLocale.code, locale])) { item, json in
                json.beginObject()
                json.field("guideline", item.guideline)
                json.field("topic", item.topic)
                json.field("locale", locale)
                json.field("state", item.workflowState.rawValue)
                json.field("review_state", item.review?.rawValue)
                json.field("has_open_comments", item.hasOpenComments)
                json.field("source_text", item.sourceText)
                json.field("source_revision", item.sourceRevision)
                json.field("text", item.text)
                json.field("translated_revision", item.translatedRevision)
                json.object("links", [("guideline", "/v1/guidelines/\(item.guideline)"), ("translation", "/v1/guidelines/\(item.guideline)/translations/\(locale)")])
                json.endObject()
            }
        }
    }

    // MARK: Files for translators

    /// `GET /v1/translations/export?locale=&format=xliff2|xliff12|po[&topic=][&state=missing,outdated][&matches=true]`:
    /// every text to translate as one file (docs/translators.md); with `matches`, the memory's best
    /// match on each missing or outdated unit.
    private func export(_ request: APIRequest) throws -> APIResponse {
        guard let locale = request.query("locale") else { throw Problem.badParameter("locale", "locale is required: the locale to translate into, e.g. ko") }
        let formatText = request.query("format") ?? "xliff2"
        guard let format = TranslationFileFormat(rawValue: formatText) else {
            throw Problem.badParameter("format", "format must be xliff2, xliff12 or po, not '\(formatText.prefix(40))'")
        }
        let topic = request.query("topic")
        let export = try readUnits(request, locale: locale, topic: topic, withMatches: try request.boolQuery("matches", default: false))
        let name = "guidebook-\(topic ?? "all")-\(locale).\(format.fileExtension)"
        return .bytes(Array(format.render(export).utf8), contentType: format.contentType,
                      headers: [("Content-Language", locale), ("Content-Disposition", "attachment; filename=\"\(name)\"")])
    }

    /// The units of the export in `locale`, optionally of one topic and of the states `state` names;
    /// with `withMatches`, the memory's best match on each missing or outdated unit.
    private func readUnits(_ request: APIRequest, locale: String, topic: String?, withMatches: Bool = false) throws -> TranslationExport {
        let states = try request.query("state").map(Self.states)
        return try store.read { reader in
            guard let info = try reader.locales().first(where: { $0.code == locale }), !info.isSource else {
                throw Problem.badParameter("locale", "no translation locale '\(locale.prefix(40))'; see /v1/locales")
            }
            do {
                let export = try reader.translationExport(locale: locale, topic: topic, states: states)
                return withMatches ? try reader.addingBestMatches(to: export) : export
            } catch StoreError.notFound(let kind, let id) where kind == "topic" {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
        }
    }

    /// `GET /v1/translations/units?locale=&topic=&state=`: the units the translators' files hold, as
    /// JSON (the page's translation view): per topic, each text with its English, its translation
    /// and its state, in reading order.
    private func units(_ request: APIRequest) throws -> APIResponse {
        guard let locale = request.query("locale") else { throw Problem.badParameter("locale", "locale is required: the locale to translate into, e.g. ko") }
        let export = try readUnits(request, locale: locale, topic: request.query("topic"))
        var json = JSONWriter(capacity: 8192)
        json.beginObject()
        json.field("locale", export.locale)
        json.field("cursor", Int(export.cursor))
        json.objects("groups", export.groups) { json, group in
            json.field("topic", group.topic)
            json.field("title", group.title)
            json.objects("units", group.units) { json, unit in
                json.field("id", unit.id)
                json.field("address", unit.address)
                json.field("field", unit.field.rawValue)
                json.field("source", unit.source)
                json.field("target", unit.target)
                json.field("state", unit.workflowState.rawValue)
                json.field("review_state", unit.review?.rawValue)
                json.field("source_revision", unit.sourceRevision)
                json.field("translated_revision", unit.translatedRevision)
                json.objects("terms", unit.terms) { json, term in
                    json.field("source", term.source)
                    json.field("target", term.target)
                    json.field("note", term.note)
                }
            }
        }
        json.endObject()
        return .json(json, headers: [("Content-Language", locale)])
    }

    /// `state=missing,outdated`: a comma-separated set of states (`current`: draft, translated and approved).
    static func states(_ text: String) throws -> Set<WorkflowState> {
        var states = Set<WorkflowState>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let parsed = WorkflowState.parseFilter(String(part)) else {
                throw Problem.badParameter("state", "state must be a comma-separated list of missing, outdated, draft, translated, approved and current, not '\(text.prefix(60))'")
            }
            states.formUnion(parsed)
        }
        return states
    }

    // MARK: Locales

    private func addLocale(_ request: APIRequest) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let (code, name) = (fields.string("code"), fields.string("name"))
        let problems = fields.finish()
        try store.write(token: request.tokenName) { try $0.editor.addLocale(code: code, name: name, problems: problems) }
        var json = JSONWriter()
        json.beginObject()
        json.field("code", code ?? "")
        json.field("name", name ?? "")
        json.field("source", false)
        json.endObject()
        var response = APIResponse.json(json, status: 201, headers: [("Location", "/v1/locales")])
        response.isCacheable = false
        return response
    }
}
