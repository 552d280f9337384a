/// One event on its way to one endpoint, with its attempts (for `GET /v1/webhooks/{id}/deliveries`).
public struct WebhookDelivery: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Waiting for its next attempt.
        case pending
        /// A receiver answered 2xx.
        case delivered
        /// Every attempt failed; the endpoint was disabled.
        case failed
    }

    /// One POST and what came of it.
    public struct Attempt: Sendable, Equatable {
        /// Unix milliseconds.
        public var attemptedAt: Int64
        /// The HTTP status, nil when no answer came.
        public var status: Int?
        public var latencyMilliseconds: Int
        /// Why it failed; nil on success.
        public var error: String?

        public init(attemptedAt: Int64, status: Int?, latencyMilliseconds: Int, error: String?) {
            (self.attemptedAt, self.status, self.latencyMilliseconds, self.error) = (attemptedAt, status, latencyMilliseconds, error)
        }
    }

    public var id: Int64
    /// The event's id (the `webhook-id` header).
    public var eventID: String
    public var eventType: String
    public var state: State
    /// Unix milliseconds; meaningful while pending.
    public var nextAttemptAt: Int64
    public var createdAt: Int64
    public var attempts: [Attempt]
}

/// A delivery the sender may attempt now, with what it needs to send it.
public struct DueWebhookDelivery: Sendable, Equatable {
    public var id: Int64
    public var webhookID: String
    public var url: String
    /// The endpoint's `whsec_...` secret.
    public var secret: String
    public var eventID: String
    /// The event's type (`content.changed`, ...).
    public var eventType: String
    /// What the event says, as JSON: the `data` of the body the sender sends.
    public var data: String
    /// When the event was raised, Unix milliseconds: the envelope's `timestamp`.
    public var raisedAt: Int64
    /// Attempts made before this one.
    public var attempts: Int
}
