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
    /// An `Accept` that admits none of the three is a 406.
    static func choose(_ segment: String, accept: String?, isID: (String) throws -> Bool = { _ in false }) throws -> (id: String, rendition: Rendition) {
        for (suffix, rendition) in suffixes where segment.hasSuffix(suffix) {
            if try isID(segment) { break }
            return (String(segment.dropLast(suffix.count)), rendition)
        }
        guard let rendition = negotiate(accept) else {
            throw Problem.notAcceptable(accept ?? "", acceptable: [MediaType.json.rawValue] + producedMediaTypes)
        }
        return (segment, rendition)
    }

    /// The suffixes that ask for a rendition, made once.
    private static let suffixes: [(String, Rendition)] = [(".md", .markdown), (".html", .html)]

    /// The rendition `Accept` prefers, or nil when it refuses all three. Each type's weight is that
    /// of the most specific range naming it (RFC 9110 §12.5.1: the type, then `type/*`, then `*/*`),
    /// so `text/markdown;q=0, text/*` refuses Markdown. The highest weight wins; on a tie, or without
    /// the header, JSON (so `*/*` stays JSON), then Markdown, then HTML. An `Accept` that names none
    /// of the three (`application/problem+json` alone, as generated clients send it) gets JSON; only
    /// one that gives each of them q=0 is refused.
    static func negotiate(_ accept: String?) -> Rendition? {
        guard let accept, !accept.isEmpty else { return .json }
        let ranges = WeightedValue.parse(accept)
        func weight(_ type: String) -> Double? {
            let family = String(type.prefix { $0 != "/" }) + "/*"
            for range: String in [type, family, "*/*"] {
                let named = ranges.filter { $0.value == range }
                if !named.isEmpty { return named.map { $0.quality }.max() ?? 0 }
            }
            return nil
        }
        let weights = [(Rendition.json, weight(MediaType.json.rawValue)), (.markdown, weight("text/markdown")), (.html, weight("text/html"))]
        var best: (rendition: Rendition, weight: Double)?
        for case let (rendition, weight?) in weights where weight > 0 && weight > best?.weight ?? 0 { best = (rendition, weight) }
        if let best { return best.rendition }
        return weights.allSatisfy { $0.1 != nil } ? nil : .json
    }
}
