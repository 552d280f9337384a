import GuidebookCore

/// One finished attempt, for the log.
public struct WebhookAttemptReport: Sendable {
    public var webhookID: String
    public var eventID: String
    public var deliveryID: Int64
    /// 1 for the first attempt.
    public var attempt: Int
    public var status: Int?
    public var latencyMilliseconds: Int
    public var error: String?
    public var outcome: Store.WebhookAttemptOutcome
}
