/// A group of topics.
public struct Category: Sendable, Equatable {
    public var slug: String
    public var title: LocalizedText
    public var position: Int
    /// How many topics the category holds.
    public var topicCount: Int
}
