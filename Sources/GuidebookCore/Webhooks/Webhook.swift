/// A registered webhook endpoint as stored (its secret is never part of this value: it is shown
/// once, when the endpoint is created, and read back only by the sender).
public struct Webhook: Sendable, Equatable {
    public var id: String
    public var url: String
    public var description: String
    /// The event types it receives, sorted.
    public var events: [String]
    /// The topics (slugs) whose events it receives, sorted; empty: every topic.
    public var topics: [String] = []
    /// Unix milliseconds.
    public var createdAt: Int64
    /// When deliveries kept failing and the endpoint was disabled (Unix milliseconds), nil while enabled.
    public var disabledAt: Int64?
    /// Why it was disabled.
    public var disabledReason: String?

    public init(id: String, url: String, description: String, events: [String], topics: [String] = [], createdAt: Int64,
                disabledAt: Int64? = nil, disabledReason: String? = nil) {
        (self.id, self.url, self.description, self.events, self.topics, self.createdAt) = (id, url, description, events, topics, createdAt)
        (self.disabledAt, self.disabledReason) = (disabledAt, disabledReason)
    }

    public var isEnabled: Bool { disabledAt == nil }
}
