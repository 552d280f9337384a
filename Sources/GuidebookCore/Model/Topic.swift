/// A topic with its sections and guidelines.
public struct Topic: Sendable, Equatable {
    public var summary: TopicSummary
    public var sections: [Section]
}

/// A titled part of a topic.
public struct Section: Sendable, Equatable {
    public var key: String
    public var title: LocalizedText
    public var guidelines: [Guideline]
}
