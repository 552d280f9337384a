import Archive
import Crypto
import GuidebookBase
import GuidebookCore
import GuidebookWiki

/// What wikis take besides the JSON API: a section as a resource of its own (JSON, Markdown or
/// HTML, like topics and guidelines), embeddable pages for iframes, and the export's layouts as
/// archives (`GET /v1/export?format=…`, answered through `KnowledgeController`'s route).
struct WikiController: Controller {
    let store: Store
    /// The `frame-ancestors` sources of the embed pages' policy (`GUIDEBOOK_EMBED_ANCESTORS`).
    let embedAncestors: String
    /// The origin of link previews' absolute URLs (`--public-url`).
    var publicURL: String? = nil

    /// What `Accept` may ask for at the embed pages.
    static let embedMediaTypes = ["text/html"]

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/topics/{slug}/sections/{key}",
                   Renderings(store: store).negotiated("key", kind: "section", json: section, document: Renderings.sectionDocument),
                   options: [.cacheable, .produces(Rendition.producedMediaTypes), .role(.reader)])
        router.add("GET", "/embed/topics/{slug}", embedTopic, options: [.cacheable, .produces(Self.embedMediaTypes), .role(.reader)])
        router.add("GET", "/embed/guidelines/{id}", embedGuideline, options: [.cacheable, .produces(Self.embedMediaTypes), .role(.reader)])
    }

    private func section(_ request: APIRequest, key: String, reader: KnowledgeReader) throws -> APIResponse {
        let slug = request.parameter("slug")
        let localizer = try KnowledgeController.localizer(request, reader: reader)
        guard let (topic, section) = try reader.section(topic: slug, key: key) else {
            if try reader.topicSummary(slug: slug) == nil { throw StoreError.notFound(kind: "topic", id: slug) }
            throw StoreError.notFound(kind: "section", id: slug + "/" + key)
        }
        var json = JSONWriter(capacity: 4096)
        Representations.write(section, of: topic, localizer: localizer, into: &json)
        // The section's version leads the ETag, so the ETag read here is what `If-Match` on its writes compares.
        return APIResponse.json(json, headers: [("Content-Language", localizer.contentLanguage)]).versioned(section.version)
    }

    // MARK: Embeds

    private func embedTopic(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        return try embed(request) { reader, languages in
            guard let topic = try reader.topic(slug: slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
            return (.topic(topic, in: languages), languages.title(topic.summary.title) ?? slug, slug,
                    { origin, available in .topic(topic.summary, languages: RenderLanguages([languages.primary]), available: available,
                                                  pageURL: origin + "/topics/" + LinkPreview.percentEncoded(slug), origin: origin) })
        }
    }

    private func embedGuideline(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        return try embed(request) { reader, languages in
            guard let guideline = try reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
            let topicTitle = try reader.topicTitle(slug: guideline.topic)
            let title = languages.title(topicTitle) ?? guideline.topic
            return (.guideline(guideline, in: languages), title, guideline.topic,
                    { origin, available in .guideline(guideline, topicTitle: topicTitle, languages: RenderLanguages([languages.primary]), available: available,
                                                      pageURL: origin + "/guidelines/" + LinkPreview.percentEncoded(id), origin: origin) })
        }
    }

    /// The embed page of what `read` finds (a document, the page's title, the topic its link opens,
    /// and its link preview given the origin and the locales held).
    private func embed(_ request: APIRequest,
                       read: (KnowledgeReader, RenderLanguages) throws -> (document: WikiDocument, title: String, topic: String,
                                                                           preview: (String, [String]) -> LinkPreview)) throws -> APIResponse {
        let theme = try Self.theme(request)
        return try store.read { reader in
            let (document, title, topic, preview) = try read(reader, try Renderings.languages(request, reader: reader))
            let linkPreview = preview(PublicOrigin.of(request, configured: publicURL), try reader.locales().map(\.code))
            let page = EmbedPage.render(document, title: title, theme: theme, fullTopic: "/topics/" + topic, preview: linkPreview)
            return .bytes(page, contentType: "text/html; charset=utf-8", headers: Self.embedHeaders(ancestors: embedAncestors) + [
                ("Content-Language", document.servedLocales.joined(separator: ", ")),
                ("Vary", "Accept-Language"),
            ])
        }
    }

    /// `?theme=auto|light|dark` (default auto: the reader's `prefers-color-scheme`).
    static func theme(_ request: APIRequest) throws -> EmbedPage.Theme {
        guard let text = request.query("theme") else { return .auto }
        guard let theme = EmbedPage.Theme(rawValue: text.lowercased()) else {
            throw Problem.badParameter("theme", "theme must be auto, light or dark, not '\(text.prefix(40))'")
        }
        return theme
    }

    /// The embed pages' headers: a policy that allows the page's one stylesheet (by its hash) and
    /// nothing else, framing by `ancestors`; no `X-Frame-Options` and no
    /// `Cross-Origin-Embedder-Policy`, so wikis (Outline's embed check) accept the page.
    static func embedHeaders(ancestors: String) -> [(name: String, value: String)] {
        [
            ("Content-Security-Policy", "default-src 'none'; style-src '\(styleHash)'; img-src 'none'; base-uri 'none'; "
                + "form-action 'none'; frame-ancestors \(ancestors)"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ]
    }

    /// `sha256-…` of the embed page's stylesheet, for `style-src`.
    static let styleHash = "sha256-" + ByteEncoding.base64(Digest.sha256(EmbedPage.stylesheet))

    // MARK: The layouts as archives

    /// `GET /v1/export?format=LAYOUT[&archive=tar.gz|zip]`: the tree `guidebook export --format
    /// LAYOUT` writes, as a gzip-compressed tar (the default) or a zip; `format=bookstack` answers
    /// the Portable ZIP of one locale (`lang`, default the source locale) as it is, ready for
    /// BookStack's import. Built from one read transaction; only the compressed archive is held in
    /// memory, one topic's pages at a time before they are compressed.
    static func layoutArchive(_ layout: WikiLayout, _ request: APIRequest, store: Store) throws -> APIResponse {
        if layout == .bookstack { return try bookStackZip(request, store: store) }
        let kind = request.query("archive") ?? "tar.gz"
        var bytes: [UInt8] = []
        let collect: ([UInt8]) throws -> Void = { bytes += $0 }
        let contentType: String, filename: String
        switch kind {
        case "tar.gz", "tgz":
            let deflater = try Deflater(.gzip, output: collect)
            let tar = TarWriter(output: { try deflater.write($0) })
            try store.read { reader in
                try LayoutExport(layout: layout, reader: reader).forEachFile { try tar.addFile($0.path, contents: $0.contents, modified: $0.modified) }
            }
            try tar.finish()
            try deflater.finish()
            (contentType, filename) = ("application/gzip", "guidebook-\(layout.rawValue).tar.gz")
        case "zip":
            let zip = ZipWriter(output: collect)
            try store.read { reader in
                try LayoutExport(layout: layout, reader: reader).forEachFile { try zip.addFile($0.path, contents: $0.contents, modified: $0.modified) }
            }
            try zip.finish()
            (contentType, filename) = ("application/zip", "guidebook-\(layout.rawValue).zip")
        default:
            throw Problem.badParameter("archive", "archive must be tar.gz or zip, not '\(kind.prefix(40))'")
        }
        return .bytes(bytes, contentType: contentType, headers: [("Content-Disposition", "attachment; filename=\"\(filename)\"")])
    }

    /// The BookStack Portable ZIP of the locale `lang` names (one book per locale).
    private static func bookStackZip(_ request: APIRequest, store: Store) throws -> APIResponse {
        if let kind = request.query("archive"), kind != "zip" {
            throw Problem.badParameter("archive", "format=bookstack is a Portable ZIP: archive must be zip (or left out), not '\(kind.prefix(40))'")
        }
        let locale = request.query("lang") ?? SourceLocale.code
        var zip: [UInt8]?
        try store.read { reader in
            guard try reader.locales().contains(where: { $0.code == locale }) else {
                throw Problem.badParameter("lang", "lang must be one locale the knowledge base holds (GET /v1/locales), not '\(locale.prefix(40))'")
            }
            try LayoutExport(layout: .bookstack, reader: reader).forEachFile { file in
                if file.path == "guidebook-" + locale + ".zip" { zip = file.contents }
            }
        }
        return .bytes(zip ?? [], contentType: "application/zip", headers: [("Content-Disposition", "attachment; filename=\"guidebook-\(locale).zip\"")])
    }

    /// What `Accept` may ask for at `/v1/export` besides JSON.
    static let archiveMediaTypes = ["application/gzip", "application/zip"]
}
