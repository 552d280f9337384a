import GuidebookCore
import GuidebookWeb

/// The web page: `GET /` and the page's own addresses answer the HTML shell, `/assets/{name}`
/// its fingerprinted CSS and JavaScript. Everything the page shows it reads from the API.
///
/// `GET /` is shared with API clients: a browser (whose `Accept` prefers `text/html`) gets the
/// page, everyone else (`*/*`, JSON, no `Accept`) the JSON index of links, as before.
struct WebController: Controller {
    let store: Store
    /// The JSON index `GET /` answers to API clients.
    let apiIndex: RouteHandler
    /// The page's shell: the read-only one on a replica.
    private let shellBytes: (bytes: [UInt8], gzipped: [UInt8]?)

    init(store: Store, apiIndex: @escaping RouteHandler, revealsExistence: Bool, replica: ReplicaConfiguration? = nil) {
        self.store = store
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
    private func topic(_ request: APIRequest) throws -> APIResponse {
        guard revealsExistence else { return shell(request) }
        let exists = try store.read { try !$0.topicTitle(slug: request.parameter("slug")).isEmpty }
        return shell(request, status: exists ? 200 : 404)
    }

    private func guideline(_ request: APIRequest) throws -> APIResponse {
        guard revealsExistence else { return shell(request) }
        let exists = try store.read { try $0.guideline(id: request.parameter("id")) != nil }
        return shell(request, status: exists ? 200 : 404)
    }

    private func shell(_ request: APIRequest, status: Int = 200, vary: String = "Accept-Encoding") -> APIResponse {
        // Revalidated on every load (it is small and names the current assets); its ETag makes that a 304.
        Self.encoded(shellBytes.bytes, gzipped: shellBytes.gzipped, for: request, contentType: WebAssets.shellContentType,
                     status: status, headers: Self.securityHeaders + [("Cache-Control", "no-cache"), ("Vary", vary)])
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
