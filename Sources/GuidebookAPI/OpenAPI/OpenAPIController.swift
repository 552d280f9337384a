/// The API's description of itself: `GET /openapi.json` (the OpenAPI 3.1 document) and
/// `GET /.well-known/api-catalog` (RFC 9727: a linkset pointing at it).
struct OpenAPIController: Controller {
    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/openapi.json", document, options: [.cacheable, .open])
        router.add("GET", APICatalog.path, catalog, options: [.open])
    }

    /// The document; its gzip form comes made in advance (`OpenAPIDocument.gzipped`) when gzip is
    /// the coding the client prefers. Every other coding is the pipeline's, as for any answer.
    private func document(_ request: APIRequest) throws -> APIResponse {
        if AcceptedEncodings(request.http.header("accept-encoding")).forCompressible == .gzip, let gzipped = OpenAPIDocument.gzipped {
            return .bytes(gzipped, contentType: MediaType.json.contentType, headers: [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")])
        }
        return .bytes(OpenAPIDocument.bytes, contentType: MediaType.json.contentType)
    }

    private func catalog(_ request: APIRequest) throws -> APIResponse {
        .bytes(APICatalog.bytes, contentType: MediaType.apiCatalog.contentType,
               headers: [("Link", "<\(APICatalog.path)>; rel=\"api-catalog\"")])
    }
}
