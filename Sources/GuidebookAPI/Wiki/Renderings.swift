import GuidebookCore
import GuidebookWiki
import HTTPServer

/// Serves a knowledge-base resource as JSON, Markdown or an HTML fragment (`Rendition`): the
/// route's JSON handler for JSON, the `WikiDocument` it builds for the other two, rendered in the
/// locales `lang` (or `Accept-Language`) asks for. Every answer varies by `Accept` and
/// `Accept-Language`; the `ConditionalRequestStage` adds the ETag and answers 304, as for JSON.
struct Renderings: Sendable {
    let store: Store

    /// Builds the document of the resource `id` in `languages`; nil when there is none (a 404).
    typealias DocumentBuilder = @Sendable (KnowledgeReader, APIRequest, String, RenderLanguages) throws -> WikiDocument?

    /// A handler for a route whose last path parameter `parameter` may carry a `.md` or `.html`
    /// suffix. `json` answers JSON for the id without its suffix; `kind` names the resource in a 404.
    /// The whole answer is read in one read transaction (the suffix check, the record, its
    /// locales), given to `json` and `document` as their reader.
    func negotiated(_ parameter: String, kind: String, isID: (@Sendable (KnowledgeReader, String) throws -> Bool)? = nil,
                    json: @escaping @Sendable (APIRequest, String, KnowledgeReader) throws -> APIResponse,
                    document: @escaping DocumentBuilder) -> RouteHandler {
        let store = self.store
        return { request in
            let segment = request.parameter(parameter)
            let accept = request.http.header("accept")
            var response = try store.read { reader in
                let (id, rendition) = try Rendition.choose(segment, accept: accept) { candidate in
                    guard let isID else { return false }
                    return try isID(reader, candidate)
                }
                switch rendition {
                case .json: return try json(request, id, reader)
                case .markdown, .html: return try Self.render(request, id: id, kind: kind, as: rendition, reader: reader, document: document)
                }
            }
            response.headers.removeAll { HeaderName.equal($0.name, "vary") }
            response.headers.append(("Vary", "Accept, Accept-Language"))
            return response
        }
    }

    /// The Markdown or HTML rendering of the resource `id`.
    static func render(_ request: APIRequest, id: String, kind: String, as rendition: Rendition, reader: KnowledgeReader,
                       document build: DocumentBuilder) throws -> APIResponse {
        let languages = try languages(request, reader: reader)
        guard let document = try build(reader, request, id, languages) else { throw StoreError.notFound(kind: kind, id: id) }
        let body = rendition == .markdown ? MarkdownRenderer.render(document) : HTMLFragmentRenderer.render(document)
        return .bytes(body, contentType: rendition.contentType,
                      headers: [("Content-Language", document.servedLocales.joined(separator: ", "))])
    }

    /// The locales to render in: `lang` (`en`, `ko`, `en,ko`), else the best of `Accept-Language`, else the source locale.
    static func languages(_ request: APIRequest, reader: KnowledgeReader) throws -> RenderLanguages {
        let available = try reader.locales().map(\.code)
        let locales = try LocaleNegotiator.negotiate(lang: request.query("lang"), acceptLanguage: request.http.header("accept-language"),
                                                     available: available, source: SourceLocale.code)
        return RenderLanguages(locales)
    }

    // MARK: The documents

    static let topicDocument: DocumentBuilder = { reader, _, slug, languages in
        try reader.topic(slug: slug).map { WikiDocument.topic($0, in: languages) }
    }

    static let guidelineDocument: DocumentBuilder = { reader, _, id, languages in
        try reader.guideline(id: id).map { WikiDocument.guideline($0, in: languages) }
    }

    static let sectionDocument: DocumentBuilder = { reader, request, key, languages in
        guard let topic = try reader.topic(slug: request.parameter("slug")),
              let section = topic.sections.first(where: { $0.key == key }) else { return nil }
        return WikiDocument.section(section, of: topic.summary, in: languages)
    }
}
