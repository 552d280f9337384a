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
    /// Its place among the topic's sections (0 first; gaps are possible).
    public var position: Int = 0
    /// Incremented on every change to the section's own fields and titles.
    public var revision: Int = 1
    public var updatedAt: String = ""
    /// The version its ETags start with (`ResourceVersion`).
    public var version: String = ""
}
