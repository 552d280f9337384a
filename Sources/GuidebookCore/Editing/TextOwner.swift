/// What a text belongs to: a guideline (its text), a topic (its title and summary) or a section
/// of a topic (its title). The translation workflow's routes (review, suggestions, comments,
/// history) address a text as its owner and a locale.
public enum TextOwner: Sendable, Equatable, Hashable {
    /// A guideline by its public id.
    case guideline(String)
    /// A topic by its slug.
    case topic(String)
    /// A section by its topic's slug and its key.
    case section(topic: String, key: String)

    /// The change log's kind of resource.
    public var resource: ChangeResource {
        switch self {
        case .guideline: return .guideline
        case .topic: return .topic
        case .section: return .section
        }
    }

    /// The change log's id of the resource (the guideline id, the slug, `slug#key`).
    public var id: String {
        switch self {
        case .guideline(let id): return id
        case .topic(let slug): return slug
        case .section(let topic, let key): return topic + "#" + key
        }
    }

    /// The resource's API address.
    public var path: String {
        switch self {
        case .guideline(let id): return "/v1/guidelines/\(id)"
        case .topic(let slug): return "/v1/topics/\(slug)"
        case .section(let topic, let key): return "/v1/topics/\(topic)/sections/\(key)"
        }
    }

    /// The names of its text fields, in the order the store keeps them.
    public var fieldNames: [String] {
        switch self {
        case .guideline: return ["text"]
        case .topic: return ["title", "summary"]
        case .section: return ["title"]
        }
    }
}
