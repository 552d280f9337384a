/// A topic the knowledge base already has, as an import of notes recognizes it: by its English
/// title. Such a topic keeps its slug and category when notes add to it.
public struct ExistingTopic: Sendable, Equatable {
    /// The English title.
    public var title: String
    public var slug: String
    /// The category's slug.
    public var category: String
}
