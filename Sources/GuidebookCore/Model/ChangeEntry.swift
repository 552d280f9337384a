/// One entry of the change log: a resource that a committed write created, changed or deleted.
public struct ChangeEntry: Sendable, Equatable {
    /// The entry's place in the log: increasing, never reused; the cursor of `GET /v1/changes`.
    public var seq: Int64
    /// When the change committed (RFC 3339, UTC).
    public var at: String
    /// What kind of resource changed.
    public var resource: ChangeResource
    /// The topic's slug, the section's "topic-slug#key" or the guideline's id.
    public var id: String
    public var kind: ChangeKind
    /// The locale of a `translation` change.
    public var locale: String?
    /// The name of the token that made the change (nil: no token).
    public var token: String?
    /// The resource's version after the change (`ResourceVersion`); nil for a deletion.
    public var version: String?
    /// What the change left it in: a translation's state (`draft`, `translated`, `approved`;
    /// `missing` once deleted), a suggestion's (`open`, `accepted`, `rejected`) or a comment
    /// thread's (`open`, `resolved`); nil for other changes.
    public var state: String? = nil

    /// The API path of the resource (`/v1/guidelines/{id}`, ...).
    public var path: String? { Self.path(of: resource, id: id) }

    /// The version as a whole entity tag (`"…"`): `If-Match` with it succeeds while the resource
    /// is still at this version. Nil for a deletion.
    public var etag: String? { version.map { "\"" + $0 + "\"" } }

    /// The API path of `resource` `id`, nil for a section id without its topic.
    public static func path(of resource: ChangeResource, id: String) -> String? {
        switch resource {
        case .topic: return "/v1/topics/\(id)"
        case .guideline: return "/v1/guidelines/\(id)"
        case .section:
            let parts = id.split(separator: "#", maxSplits: 1)
            return parts.count == 2 ? "/v1/topics/\(parts[0])/sections/\(parts[1])" : nil
        case .glossary: return "/v1/glossary/\(id)"
        }
    }
}

/// The kinds of resource the change log names.
public enum ChangeResource: String, Sendable, CaseIterable {
    case topic, section, guideline, glossary
}

/// What a change did to its resource.
public enum ChangeKind: String, Sendable, CaseIterable {
    /// The resource was created.
    case created
    /// Its source text or its other fields changed.
    case updated
    /// It was deleted.
    case deleted
    /// One translation of it (`locale`) was written, deleted, approved or un-approved.
    case translation
    /// A glossary entry changed.
    case glossary
    /// A comment was written in a thread on one of its texts (`locale`: the text's), or the thread resolved or reopened.
    case comment
    /// A suggestion for one of its translations (`locale`) was made, accepted or rejected.
    case suggestion
}
