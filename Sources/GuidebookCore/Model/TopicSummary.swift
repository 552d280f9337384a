/// A topic without its sections, as listed by `GET /v1/topics`.
public struct TopicSummary: Sendable, Equatable {
    public var slug: String
    /// The category's slug.
    public var category: String
    public var title: LocalizedText
    public var summary: LocalizedText
    public var guidelineCount: Int
    /// Incremented on every change to the topic's own fields.
    public var revision: Int
    public var updatedAt: String
    /// Where the topic sorts; used by cursors.
    public var sortKey: [Int64]
    /// The version its ETags start with (`ResourceVersion`).
    public var version: String = ""
    /// When the topic was created (RFC 3339, UTC; Wiki.js's `dateCreated`).
    public var createdAt: String = ""
}
