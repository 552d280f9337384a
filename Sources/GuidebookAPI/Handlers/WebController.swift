import GuidebookCore
import GuidebookWeb
import GuidebookWiki

/// The web page: `GET /` and the page's own addresses answer the HTML shell, `/assets/{name}`
/// its fingerprinted CSS and JavaScript. Everything the page shows it reads from the API.
///
/// `GET /` is shared with API clients: a browser (whose `Accept` prefers `text/html`) gets the
/// page, everyone else (`*/*`, JSON, no `Accept`) the JSON index of links, as before.
struct WebController: Controller {
    let store: Store
    /// The JSON index `GET /` answers to API clients.
    let apiIndex: RouteHandler
    /// The origin of link previews' absolute URLs (`--public-url`).
    let publicURL: String?
    /// The page's shell: the read-only one on a replica.
    private let shellBytes: (bytes: [UInt8], gzipped: [UInt8]?)

    init(store: Store, apiIndex: @escaping RouteHandler, revealsExistence: Bool, replica: ReplicaConfiguration? = nil, publicURL: String? = nil) {
        self.store = store
        self.publicURL = publicURL
        self.apiIndex = apiIndex
        self.revealsExistence = revealsExistence
        self.shellBytes = replica.map { WebAssets.replicaShell(primaryURL: $0.primaryURL) } ?? (WebAssets.shell, WebAssets.shellGzipped)
    }
    /// Whether a deep link answers 404 for a topic or guideline that does not exist. Off with
    /// `--auth-reads`: a page load carries no token, so its status must not tell anyone what
    /// exists; the page then asks the API, with the token, and says so itself.
    let revealsExistence: Bool

    static let assetRoute = WebAssets.assetPrefix + "{name}"

    /// The headers every page response carries. The policy allows scripts, styles and requests
    /// from this origin only: no inline script, no other host.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// What `Accept` may ask for at the page's addresses and at its assets, besides the API's types.
    static let pageMediaTypes = ["text/html", "application/xhtml+xml"]
    static let assetMediaTypes = ["text/css", "text/javascript", "application/javascript", "image/svg+xml", "image/*"]

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/", index, options: [.produces(Self.pageMediaTypes), .open])
        router.add("GET", "/topics/{slug}", topic, options: [.produces(Self.pageMediaTypes), .open])
        router.add("GET", "/guidelines/{id}", guideline, options: [.produces(Self.pageMediaTypes), .open])
        router.add("GET", "/imports", page, options: [.produces(Self.pageMediaTypes), .open])
        router.add("GET", Self.assetRoute, asset, options: [.produces(Self.assetMediaTypes), .open])
    }

    private func index(_ request: APIRequest) throws -> APIResponse {
        guard Self.prefersHTML(request.http.header("accept")) else {
            var response = try apiIndex(request)
            response.headers.append(("Vary", "Accept"))
            return response
        }
        return shell(request, vary: "Accept, Accept-Encoding")
    }

    private func page(_ request: APIRequest) throws -> APIResponse { shell(request) }

    /// A topic's address: the page, or the page with 404 when there is no such topic (the page
    /// then says so), so links to removed topics are seen as broken.
    ///
    /// An existing topic's or guideline's page carries its link preview (Open Graph, Twitter card,
    /// oEmbed discovery) in its head, in the language `lang` or `Accept-Language` asks for; with
    /// `--auth-reads` it carries none (the page load has no token).
    private func topic(_ request: APIRequest) throws -> APIResponse {
        guard revealsExistence else { return shell(request) }
        let slug = request.parameter("slug")
        let preview = try store.read { reader -> LinkPreview? in
            guard let topic = try reader.topicSummary(slug: slug) else { return nil }
            let (languages, available) = try Self.previewLanguages(request, reader: reader)
            let origin = PublicOrigin.of(request, configured: publicURL)
            return .topic(topic, languages: languages, available: available, pageURL: origin + "/topics/" + LinkPreview.percentEncoded(slug), origin: origin)
        }
        return shell(request, status: preview == nil ? 404 : 200, preview: preview)
    }

    private func guideline(_ request: APIRequest) throws -> APIResponse {
        guard revealsExistence else { return shell(request) }
        let id = request.parameter("id")
        let preview = try store.read { reader -> LinkPreview? in
            guard let guideline = try reader.guideline(id: id) else { return nil }
            let (languages, available) = try Self.previewLanguages(request, reader: reader)
            let origin = PublicOrigin.of(request, configured: publicURL)
            return .guideline(guideline, topicTitle: try reader.topicTitle(slug: guideline.topic), languages: languages, available: available,
                              pageURL: origin + "/guidelines/" + LinkPreview.percentEncoded(id), origin: origin)
        }
        return shell(request, status: preview == nil ? 404 : 200, preview: preview)
    }

    /// The preview's language (a `lang` the page cannot use falls back to the negotiated one) and every locale held.
    static func previewLanguages(_ request: APIRequest, reader: KnowledgeReader) throws -> (RenderLanguages, [String]) {
        let available = try reader.locales().map(\.code)
        let languages = (try? Renderings.languages(request, reader: reader)) ?? RenderLanguages([SourceLocale.code])
        return (RenderLanguages([languages.primary]), available)
    }

    private func shell(_ request: APIRequest, status: Int = 200, vary: String = "Accept-Encoding", preview: LinkPreview? = nil) -> APIResponse {
        // Revalidated on every load (it is small and names the current assets); its ETag makes that a 304.
        guard let preview, let head = shellBytes.bytes.firstRange(of: Array("</head>".utf8)) else {
            return Self.encoded(shellBytes.bytes, gzipped: shellBytes.gzipped, for: request, contentType: WebAssets.shellContentType,
                                status: status, headers: Self.securityHeaders + [("Cache-Control", "no-cache"), ("Vary", vary)])
        }
        // The preview's tags go just before </head>; the answer is compressed by the pipeline like any other.
        var bytes = shellBytes.bytes
        bytes.insert(contentsOf: preview.headTags, at: head.lowerBound)
        return .bytes(bytes, contentType: WebAssets.shellContentType, status: status,
                      headers: Self.securityHeaders + [("Cache-Control", "no-cache"), ("Vary", "Accept-Encoding, Accept-Language")])
    }

    private func asset(_ request: APIRequest) throws -> APIResponse {
        let name = request.parameter("name")
        guard let asset = WebAssets.asset(fingerprintedName: name) else {
            throw Problem.notFound("no asset '\(name.prefix(100))'; the page names its assets with their current fingerprints")
        }
        return Self.encoded(asset.bytes, gzipped: asset.gzipped, for: request, contentType: asset.contentType,
                            headers: Self.securityHeaders + [("Cache-Control", "public, max-age=31536000, immutable"), ("Vary", "Accept-Encoding")])
    }

    /// The gzip form when the client accepts it (each form has its own ETag, computed from the body).
    private static func encoded(_ bytes: [UInt8], gzipped: [UInt8]?, for request: APIRequest, contentType: String,
                                status: Int = 200, headers: [(name: String, value: String)]) -> APIResponse {
        guard let gzipped, acceptsGzip(request.http.header("accept-encoding")) else {
            return .bytes(bytes, contentType: contentType, status: status, headers: headers)
        }
        return .bytes(gzipped, contentType: contentType, status: status, headers: headers + [("Content-Encoding", "gzip")])
    }

    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return WeightedValue.parse(header).contains { ($0.value == "gzip" || $0.value == "x-gzip") && $0.quality > 0 }
    }

    /// True when `Accept` ranks `text/html` above JSON: what browsers send for a page. `*/*`
    /// alone (curl) or no header keeps the JSON index.
    static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var html = 0.0
        var json = 0.0
        for range in WeightedValue.parse(accept) {
            switch range.value {
            case "text/html", "application/xhtml+xml": html = max(html, range.quality)
            case "application/json", "application/*", "*/*": json = max(json, range.quality)
            default: continue
            }
        }
        return html > json
    }
}
