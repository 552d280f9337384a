/// The forms a topic, section or guideline is served in: JSON (the default), CommonMark Markdown,
/// or an HTML fragment. Chosen by a `.md` / `.html` suffix on the last path segment, else by
/// `Accept` with its q-values.
enum Rendition: Sendable, Equatable {
    case json
    case markdown
    case html

    /// What `Accept` may name at these routes besides the API's own types.
    static let producedMediaTypes = ["text/markdown", "text/html"]

    /// The `Content-Type` of a Markdown or HTML rendering (RFC 7763 names the Markdown variant).
    var contentType: String {
        switch self {
        case .json: return MediaType.json.contentType
        case .markdown: return "text/markdown; charset=utf-8; variant=CommonMark"
        case .html: return "text/html; charset=utf-8"
        }
    }

    /// The id in `segment` without its suffix, and the rendition the suffix or `accept` asks for.
    /// Slugs and section keys hold no dot; a guideline id may (`topic.md` is a valid id), so
    /// `isID` is asked first: a segment that is an id as it stands is that id, negotiated by `Accept`.
    static func choose(_ segment: String, accept: String?, isID: (String) throws -> Bool = { _ in false }) rethrows -> (id: String, rendition: Rendition) {
        for (suffix, rendition) in suffixes where segment.hasSuffix(suffix) {
            if try isID(segment) { break }
            return (String(segment.dropLast(suffix.count)), rendition)
        }
        return (segment, negotiate(accept))
    }

    /// The suffixes that ask for a rendition, made once.
    private static let suffixes: [(String, Rendition)] = [(".md", .markdown), (".html", .html)]

    /// The rendition `Accept` prefers: the one with the highest q; on a tie, or without the
    /// header, JSON (so `*/*` stays JSON), then Markdown. `text/*` counts for Markdown.
    static func negotiate(_ accept: String?) -> Rendition {
        guard let accept, !accept.isEmpty else { return .json }
        var json = 0.0, markdown = 0.0, html = 0.0
        for range in WeightedValue.parse(accept) {
            switch range.value {
            case "application/json", "application/*", "*/*": json = max(json, range.quality)
            case "text/markdown", "text/*": markdown = max(markdown, range.quality)
            case "text/html": html = max(html, range.quality)
            default: continue
            }
        }
        if json >= markdown && json >= html { return .json }
        return markdown >= html ? .markdown : .html
    }
}
