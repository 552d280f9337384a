import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookWiki

/// oEmbed (oembed.com) for a topic's or a guideline's URL: `GET /oembed?url=…&format=json`
/// answers a `rich` embed whose `html` is an iframe of the embed page (`/embed/topics/{slug}`,
/// `/embed/guidelines/{id}`), with its `width` and `height` (at most `maxwidth`/`maxheight`) and
/// the title in the language `lang` (or `Accept-Language`) asks for. The URLs it knows are the web
/// page's (`/topics/{slug}`, `/guidelines/{id}`) and the embeds' own; anything else is a 404, as
/// the specification asks. Only JSON is offered: `format=xml` is refused (400).
struct OEmbedController: Controller {
    let store: Store
    let publicURL: String?

    /// The iframe's size when the consumer does not bound it.
    static let width = 720, height = 600

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/oembed", oEmbed, options: [.cacheable, .role(.reader)])
    }

    /// What a URL points at.
    enum Resource: Equatable {
        case topic(String), guideline(String)
    }

    /// The resource of a Guidebook page or embed URL, and the URL's origin.
    static func resource(of url: String) -> (Resource, origin: String)? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil else { return nil }
        var parts = components.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if parts.first == "embed" { parts.removeFirst() }
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        let origin = scheme + "://" + (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
        switch parts[0] {
        case "topics": return (.topic(parts[1]), origin)
        case "guidelines": return (.guideline(parts[1]), origin)
        default: return nil
        }
    }

    private func oEmbed(_ request: APIRequest) throws -> APIResponse {
        guard let url = request.query("url"), !url.isEmpty else { throw Problem.badParameter("url", "url is required: a topic's or guideline's address") }
        let format = request.query("format") ?? "json"
        guard format == "json" else { throw Problem.badParameter("format", "format must be json (the only format offered), not '\(format.prefix(40))'") }
        guard let (resource, urlOrigin) = Self.resource(of: url) else {
            throw Problem.notFound("'\(url.prefix(200))' is not the address of a Guidebook topic or guideline (/topics/{slug}, /guidelines/{id})")
        }
        let maxWidth = try Self.bound(request, "maxwidth"), maxHeight = try Self.bound(request, "maxheight")
        let origin = publicURL ?? urlOrigin
        return try store.read { reader in
            let languages = try Renderings.languages(request, reader: reader)
            let title: String, embedPath: String
            switch resource {
            case .topic(let slug):
                guard let topic = try reader.topicSummary(slug: slug) else { throw StoreError.notFound(kind: "topic", id: slug) }
                title = languages.title(topic.title) ?? slug
                embedPath = "/embed/topics/" + LinkPreview.percentEncoded(slug)
            case .guideline(let id):
                guard let guideline = try reader.guideline(id: id) else { throw StoreError.notFound(kind: "guideline", id: id) }
                title = try languages.title(reader.topicTitle(slug: guideline.topic)) ?? guideline.topic
                embedPath = "/embed/guidelines/" + LinkPreview.percentEncoded(id)
            }
            let width = min(Self.width, maxWidth ?? Self.width), height = min(Self.height, maxHeight ?? Self.height)
            let src = origin + embedPath + "?lang=" + LinkPreview.percentEncoded(languages.locales.joined(separator: ","))
            let html = "<iframe src=\"\(HTMLFragmentRenderer.escaped(src))\" width=\"\(width)\" height=\"\(height)\" title=\""
                + HTMLFragmentRenderer.escaped(title) + "\" style=\"border:0\" loading=\"lazy\"></iframe>"
            var json = JSONWriter(capacity: 1024)
            json.beginObject()
            json.field("version", "1.0")
            json.field("type", "rich")
            json.field("title", title)
            json.field("provider_name", "Guidebook")
            json.field("provider_url", origin + "/")
            json.field("html", html)
            json.field("width", width)
            json.field("height", height)
            json.field("cache_age", 3600)
            json.endObject()
            return .json(json, headers: [("Content-Language", languages.primary), ("Vary", "Accept-Language")])
        }
    }

    /// `maxwidth` or `maxheight`: a whole number from 1 to 10000 when given.
    private static func bound(_ request: APIRequest, _ name: String) throws -> Int? {
        guard let text = request.query(name) else { return nil }
        guard let value = Int(text), (1...10_000).contains(value) else { throw Problem.badParameter(name, "\(name) must be a whole number from 1 to 10000") }
        return value
    }
}
