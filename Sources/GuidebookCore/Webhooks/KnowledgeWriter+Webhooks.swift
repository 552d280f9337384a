import Foundation
internal import SQLite

// The webhook outbox: an event is written in the transaction of the change that caused it, so it is
// sent exactly when that change commits, and survives a crash after the commit. The outbox keeps
// what the event says; GuidebookWebhooks wraps it in the envelope when it sends.

extension KnowledgeWriter {
    /// Records an event of `type` carrying `data` for every enabled webhook subscribed to `type`,
    /// inside this writer's transaction: it is committed (and later delivered by the sender of
    /// `guidebook serve`) exactly when the change that caused it is. Call it once per transaction
    /// and type, with everything the transaction changed in `data` (events are batched per transaction).
    ///
    /// Costs one indexed lookup when nobody subscribed (then nothing is written and the result is
    /// nil); otherwise one event row and one delivery row per endpoint. Returns the event's id
    /// (the `webhook-id` its receivers see).
    @discardableResult
    public func enqueueWebhookEvent<Payload: Encodable>(_ type: WebhookEventType, data: Payload) throws -> String? {
        try enqueueWebhookEvent(type, data: data, onlyTo: nil)
    }

    /// `enqueueWebhookEvent(_:data:)` for one endpoint only, whatever it subscribed to (pings).
    func enqueueWebhookEvent<Payload: Encodable>(_ type: WebhookEventType, data: Payload, onlyTo webhookID: String?) throws -> String? {
        precondition(database.isInTransaction, "webhook events are written inside the transaction of their change")
        // The endpoints that get it: enabled ones subscribed to the type, or the one named.
        let targets = webhookID == nil
            ? "SELECT s.webhook_id AS id FROM webhook_subscriptions s JOIN webhooks w ON w.id = s.webhook_id WHERE s.event = ?1 AND w.disabled_at IS NULL"
            : "SELECT id FROM webhooks WHERE id = ?1 AND disabled_at IS NULL"
        let target: SQLValue = .text(webhookID ?? type.rawValue)
        guard try database.scalarInt("SELECT EXISTS (\(targets))", [target]) == 1 else { return nil }
        let id = try insertEvent(type, data: data)
        try database.run("INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at, created_at) SELECT ?2, target.id, ?3, ?3 FROM (\(targets)) AS target",
                         [target, .text(id), .integer(WebhookClock.nowMilliseconds())])
        return id
    }

    /// Records an event of `type` about `items`, each of one topic (`topic`; nil: of none known),
    /// for every enabled webhook subscribed to `type`: a webhook without topics gets `data` of
    /// every item; a webhook filtered by topics gets `data` of its topics' items, or nothing when
    /// none is of its topics (webhooks with the same topics share one event). Costs one indexed
    /// lookup when nobody subscribed.
    func enqueueTopicEvent<Item, Payload: Encodable>(_ type: WebhookEventType, items: [Item], topic: (Item) -> String?,
                                                     data: ([Item]) -> Payload) throws {
        precondition(database.isInTransaction, "webhook events are written inside the transaction of their change")
        var filters: [String: [String]] = [:]
        try database.forEachRow("""
            SELECT s.webhook_id, coalesce((SELECT group_concat(topic, char(31)) FROM (SELECT topic FROM webhook_topics t WHERE t.webhook_id = s.webhook_id ORDER BY topic)), '')
            FROM webhook_subscriptions s JOIN webhooks w ON w.id = s.webhook_id WHERE s.event = ?1 AND w.disabled_at IS NULL
            """, [.text(type.rawValue)]) { filters[$0.text(1), default: []].append($0.text(0)) }
        guard !filters.isEmpty else { return }
        let now = WebhookClock.nowMilliseconds()
        for (filter, webhooks) in filters.sorted(by: { $0.key < $1.key }) {
            let topics = Set(filter.split(separator: "\u{1F}").map(String.init))
            let selected = topics.isEmpty ? items : items.filter { topic($0).map(topics.contains) ?? false }
            guard !selected.isEmpty else { continue }
            let id = try insertEvent(type, data: data(selected))
            for webhook in webhooks.sorted() {
                try database.run("INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at, created_at) VALUES (?1, ?2, ?3, ?3)",
                                 [.text(id), .text(webhook), .integer(now)])
            }
        }
    }

    /// Writes one event row and returns its id (the `webhook-id` its receivers see).
    private func insertEvent<Payload: Encodable>(_ type: WebhookEventType, data: Payload) throws -> String {
        let id = WebhookIdentifiers.make(prefix: "msg_")
        try database.run("INSERT INTO webhook_events (id, type, data, created_at) VALUES (?, ?, ?, ?)",
                         [.text(id), .text(type.rawValue), .text(try Self.eventData(data)), .integer(WebhookClock.nowMilliseconds())])
        queuedWebhookEvents += 1
        return id
    }

    /// An event's data as the outbox keeps it: JSON with sorted keys, so that the same change
    /// gives the same bytes. The envelope around it is the sender's (`WebhookEnvelope`).
    private static func eventData<Payload: Encodable>(_ data: Payload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(data), as: UTF8.self)
    }
}

/// Identifiers of webhooks and events: a prefix and 16 random hex digits (the system generator;
/// they need to be unique, not secret).
enum WebhookIdentifiers {
    static func make(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Unix milliseconds, as the webhook tables store time.
public enum WebhookClock {
    public static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
