/// The events a webhook can subscribe to (`events` of `POST /v1/webhooks`).
public enum WebhookEventType: String, Sendable, CaseIterable, Codable {
    /// An import committed (its counts in `data`).
    case importSucceeded = "import.succeeded"
    /// An import failed and changed nothing (its reason in `data`).
    case importFailed = "import.failed"
    /// Content changed: the changed resources of one transaction.
    case contentChanged = "content.changed"
    /// Translations became outdated because their source text changed.
    case translationOutdated = "translation.outdated"
    /// A reviewer approved translations.
    case translationApproved = "translation.approved"
    /// A test delivery asked for with `POST /v1/webhooks/{id}/test`; sent to that endpoint only,
    /// whatever it subscribed to (not subscribable).
    case ping = "webhook.ping"

    /// The types a webhook may name in `events`.
    public static var subscribable: [WebhookEventType] { allCases.filter { $0 != .ping } }
}
