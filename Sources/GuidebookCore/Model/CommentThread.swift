/// A thread of comments on one text: the English of a guideline, topic or section, or one of its
/// translations (docs/review.md). Open until resolved; it can be reopened.
public struct CommentThread: Sendable, Equatable {
    /// One comment: Markdown as its author wrote it.
    public struct Comment: Sendable, Equatable {
        public var id: Int64
        public var author: String
        public var body: String
        public var createdAt: String
    }

    public var id: Int64
    /// Whose text it is about.
    public var owner: TextOwner
    /// The text's locale (the source locale for a thread on the English).
    public var locale: String
    public var createdBy: String
    public var createdAt: String
    public var resolvedBy: String?
    public var resolvedAt: String?
    /// Its comments, oldest first.
    public var comments: [Comment]

    public var isOpen: Bool { resolvedAt == nil }
}
