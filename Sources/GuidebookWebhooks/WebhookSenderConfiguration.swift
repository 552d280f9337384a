import HTTPClient

/// Settings of the webhook sender, read once at start by the executable.
public struct WebhookSenderConfiguration: Sendable {
    /// Which addresses deliveries may connect to.
    public var policy: OutboundAddressPolicy
    /// How long one POST may take, connection included (seconds).
    public var timeoutSeconds: Double
    /// When failed deliveries are tried again.
    public var retries: RetrySchedule
    /// How often the outbox is looked at when nothing wakes the sender (another process's commits
    /// are seen this way); seconds.
    public var pollSeconds: Double
    /// Deliveries in flight at once (one per endpoint at most).
    public var maxConcurrent: Int

    public init(policy: OutboundAddressPolicy = OutboundAddressPolicy(allowsPrivate: false), timeoutSeconds: Double = 10,
                retries: RetrySchedule = RetrySchedule(), pollSeconds: Double = 0.5, maxConcurrent: Int = 16) {
        (self.policy, self.timeoutSeconds, self.retries, self.pollSeconds, self.maxConcurrent) = (policy, timeoutSeconds, retries, pollSeconds, maxConcurrent)
    }
}
