import Foundation
import GuidebookBase
import GuidebookCore

/// The JSON forms of webhooks and their deliveries. The secret appears only in the answer that
/// created the webhook.
enum WebhookRepresentation {
    static func write(_ webhook: Webhook, secret: String? = nil, into json: inout JSONWriter) {
        json.beginObject()
        json.field("id", webhook.id)
        json.field("url", webhook.url)
        json.field("description", webhook.description)
        json.key("events")
        json.beginArray()
        for event in webhook.events { json.string(event) }
        json.endArray()
        json.key("topics")
        json.beginArray()
        for topic in webhook.topics { json.string(topic) }
        json.endArray()
        json.field("enabled", webhook.isEnabled)
        json.field("disabled_at", webhook.disabledAt.map(time))
        json.field("disabled_reason", webhook.disabledReason)
        json.field("created_at", time(webhook.createdAt))
        if let secret { json.field("secret", secret) }
        json.endObject()
    }

    static func write(_ delivery: WebhookDelivery, into json: inout JSONWriter) {
        json.beginObject()
        json.field("id", Int(delivery.id))
        json.field("event_id", delivery.eventID)
        json.field("event_type", delivery.eventType)
        json.field("state", delivery.state.rawValue)
        json.field("created_at", time(delivery.createdAt))
        json.field("next_attempt_at", delivery.state == .pending ? time(delivery.nextAttemptAt) : nil)
        json.objects("attempts", delivery.attempts) { json, attempt in
            json.field("attempted_at", time(attempt.attemptedAt))
            json.field("status", attempt.status)
            json.field("latency_ms", attempt.latencyMilliseconds)
            json.field("error", attempt.error)
        }
        json.endObject()
    }

    /// Unix milliseconds as the API's RFC 3339 timestamps.
    private static func time(_ milliseconds: Int64) -> String {
        Timestamp.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
