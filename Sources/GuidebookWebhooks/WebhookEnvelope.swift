import Foundation
import GuidebookBase
import GuidebookCore

/// The JSON body of every webhook: `{"data": ..., "timestamp": "...", "type": "..."}` (keys
/// sorted), as the Standard Webhooks payload convention suggests. The outbox keeps only the
/// event's data; the envelope is made here, at each attempt, from the event's type and the time
/// it was raised, so every retry of an event sends the same bytes. (Half a millisecond keeps the conversion
/// through `Double` from landing on the millisecond before.)
public enum WebhookEnvelope {
    /// The body sent (and signed) for `delivery`.
    public static func body(of delivery: DueWebhookDelivery) -> [UInt8] {
        body(type: delivery.eventType, raisedAt: delivery.raisedAt, data: delivery.data)
    }

    /// The body of an event of `type`, raised at `raisedAt` (Unix milliseconds), saying `data` (JSON).
    public static func body(type: String, raisedAt: Int64, data: String) -> [UInt8] {
        var writer = JSONWriter(capacity: data.utf8.count + 96)
        writer.beginObject()
        writer.key("data")
        writer.raw(Array(data.utf8))
        writer.field("timestamp", Timestamp.format(Date(timeIntervalSince1970: (Double(raisedAt) + 0.5) / 1000)))
        writer.field("type", type)
        writer.endObject()
        return writer.bytes
    }
}
