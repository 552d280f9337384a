import GuidebookBase
/// The API catalog (RFC 9727) at `/.well-known/api-catalog`: a linkset (RFC 9264) whose first
/// context is the catalog, with an `item` link to the API, and whose second context is the API,
/// with its `service-desc` (the OpenAPI document) and `status` (the readiness probe).
///
/// Links are relative: they resolve against the URL the catalog was fetched from, so the catalog
/// stays right behind a proxy that changes the scheme or host.
enum APICatalog {
    /// The well-known path.
    static let path = "/.well-known/api-catalog"

    /// The catalog as JSON bytes.
    static let bytes: [UInt8] = {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("linkset")
        json.beginArray()

        json.beginObject()
        json.field("anchor", path)
        link(&json, relation: "item", href: "/", type: nil, title: "Guidebook API")
        json.endObject()

        json.beginObject()
        json.field("anchor", "/")
        link(&json, relation: "service-desc", href: "/openapi.json", type: "application/vnd.oai.openapi+json;version=3.1", title: "OpenAPI 3.1 description")
        link(&json, relation: "status", href: "/readyz", type: "application/json", title: "Readiness")
        json.endObject()

        json.endArray()
        json.endObject()
        return json.bytes
    }()

    /// Writes one relation with a single target: `"relation": [{"href": ..., "type": ..., "title": ...}]`.
    private static func link(_ json: inout JSONWriter, relation: String, href: String, type: String?, title: String) {
        json.key(relation)
        json.beginArray()
        json.beginObject()
        json.field("href", href)
        if let type { json.field("type", type) }
        json.field("title", title)
        json.endObject()
        json.endArray()
    }
}
