internal import SQLite

// Webhook endpoints and their outbox, for the API (create, list, show, delete, ping, deliveries)
// and for the sender (due deliveries, claims, attempts).

extension Store {
    // MARK: Endpoints

    /// Stores a new endpoint receiving `events` (validated by the caller) of `topics` (slugs; empty:
    /// every topic), signed with `secret`.
    public func createWebhook(url: String, description: String, events: [WebhookEventType], topics: [String] = [], secret: String) throws -> Webhook {
        let webhook = Webhook(id: WebhookIdentifiers.make(prefix: "wh_"), url: url, description: description,
                              events: Set(events.map(\.rawValue)).sorted(), topics: Set(topics).sorted(), createdAt: WebhookClock.nowMilliseconds())
        try write { writer in
            try writer.database.run("INSERT INTO webhooks (id, url, description, secret, created_at) VALUES (?, ?, ?, ?, ?)",
                                    [.text(webhook.id), .text(url), .text(description), .text(secret), .integer(webhook.createdAt)])
            for event in webhook.events {
                try writer.database.run("INSERT INTO webhook_subscriptions (webhook_id, event) VALUES (?, ?)", [.text(webhook.id), .text(event)])
            }
            for topic in webhook.topics {
                try writer.database.run("INSERT INTO webhook_topics (webhook_id, topic) VALUES (?, ?)", [.text(webhook.id), .text(topic)])
            }
        }
        return webhook
    }

    /// Every endpoint, oldest first.
    public func webhooks() throws -> [Webhook] {
        try read { try Self.webhooks(in: $0.database, where: "", []) }
    }

    /// One endpoint, nil when there is none with this id.
    public func webhook(id: String) throws -> Webhook? {
        try read { try Self.webhooks(in: $0.database, where: "WHERE w.id = ?1", [.text(id)]).first }
    }

    /// Deletes an endpoint with its pending and past deliveries; false when there was none.
    public func deleteWebhook(id: String) throws -> Bool {
        try write { writer in
            try writer.database.run("DELETE FROM webhooks WHERE id = ?", [.text(id)])
            let deleted = writer.database.changes > 0
            // Events nobody is left to receive go with it.
            try writer.database.run("DELETE FROM webhook_events WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)")
            return deleted
        }
    }

    /// Queues a `webhook.ping` for endpoint `id`; its event id, or nil when the endpoint is missing or disabled.
    public func enqueueWebhookPing(id: String) throws -> String? {
        try write { try $0.enqueueWebhookEvent(.ping, data: ["webhook_id": id], onlyTo: id) }
    }

    /// The endpoint's latest deliveries, newest first, each with its attempts.
    public func webhookDeliveries(webhookID: String, limit: Int) throws -> [WebhookDelivery] {
        try read { reader in
            var deliveries = try reader.database.rows("""
                SELECT d.id, d.event_id, e.type, d.state, d.next_attempt_at, d.created_at
                FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
                WHERE d.webhook_id = ? ORDER BY d.id DESC LIMIT ?
                """, [.text(webhookID), .int(limit)]) {
                WebhookDelivery(id: $0.int64(0), eventID: $0.text(1), eventType: $0.text(2),
                                state: WebhookDelivery.State(rawValue: $0.text(3)) ?? .pending,
                                nextAttemptAt: $0.int64(4), createdAt: $0.int64(5), attempts: [])
            }
            for index in deliveries.indices {
                deliveries[index].attempts = try reader.database.rows("""
                    SELECT attempted_at, status, latency_ms, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY id
                    """, [.integer(deliveries[index].id)]) {
                    WebhookDelivery.Attempt(attemptedAt: $0.int64(0), status: $0.optionalInt(1), latencyMilliseconds: $0.int(2), error: $0.optionalText(3))
                }
            }
            return deliveries
        }
    }

    // MARK: The sender's side

    /// The oldest due delivery (at `now`, Unix milliseconds) of each enabled endpoint with one pending:
    /// the head of every endpoint's queue, oldest first.
    public func dueWebhookDeliveries(now: Int64, limit: Int) throws -> [DueWebhookDelivery] {
        try read { reader in
            // With one min() aggregate, SQLite takes the other columns from the row holding the minimum.
            try reader.database.rows("""
                SELECT head.id, head.webhook_id, w.url, w.secret, head.event_id, e.type, e.data, e.created_at, head.attempts FROM (
                    SELECT d.id, d.webhook_id, d.event_id, d.attempts, min(d.next_attempt_at) AS due FROM webhook_deliveries d
                    WHERE d.state = 'pending' AND d.next_attempt_at <= ?1 GROUP BY d.webhook_id
                ) AS head JOIN webhooks w ON w.id = head.webhook_id JOIN webhook_events e ON e.id = head.event_id
                WHERE w.disabled_at IS NULL ORDER BY head.due, head.id LIMIT ?2
                """, [.integer(now), .int(limit)]) {
                DueWebhookDelivery(id: $0.int64(0), webhookID: $0.text(1), url: $0.text(2), secret: $0.text(3),
                                   eventID: $0.text(4), eventType: $0.text(5), data: $0.text(6), raisedAt: $0.int64(7), attempts: $0.int(8))
            }
        }
    }

    /// When the next pending delivery of an enabled endpoint falls due (Unix milliseconds), nil when none is pending.
    public func nextWebhookAttemptAt() throws -> Int64? {
        try read { reader in
            try reader.database.firstRow("""
                SELECT min(d.next_attempt_at) FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                WHERE d.state = 'pending' AND w.disabled_at IS NULL
                """) { $0.isNull(0) ? nil : $0.int64(0) }.flatMap { $0 }
        }
    }

    /// Takes delivery `id` for one attempt: moves its next attempt to `leaseUntil`, so that if this
    /// process dies during the attempt it falls due again then (here or in the next process). False
    /// when another sender took it first or it is no longer due.
    public func claimWebhookDelivery(id: Int64, now: Int64, leaseUntil: Int64) throws -> Bool {
        try write { writer in
            try writer.database.run("""
                UPDATE webhook_deliveries SET next_attempt_at = ?3 WHERE id = ?1 AND state = 'pending' AND next_attempt_at <= ?2
                """, [.integer(id), .integer(now), .integer(leaseUntil)])
            return writer.database.changes == 1
        }
    }

    /// What an attempt decided for its delivery.
    public enum WebhookAttemptOutcome: Sendable, Equatable {
        /// The receiver answered 2xx.
        case delivered
        /// Failed; try again at this time (Unix milliseconds).
        case retry(at: Int64)
        /// Failed for the last time: the delivery fails and the endpoint is disabled with `reason`.
        case giveUp(reason: String)
    }

    /// Records one attempt of delivery `deliveryID` and what follows from it, in one transaction.
    /// Nothing happens when the delivery is gone (its endpoint was deleted meanwhile).
    public func recordWebhookAttempt(deliveryID: Int64, _ attempt: WebhookDelivery.Attempt, outcome: WebhookAttemptOutcome) throws {
        try write { writer in
            let database = writer.database
            guard let webhookID = try database.firstRow("SELECT webhook_id FROM webhook_deliveries WHERE id = ?", [.integer(deliveryID)], { $0.text(0) }) else {
                return
            }
            try database.run("INSERT INTO webhook_attempts (delivery_id, attempted_at, status, latency_ms, error) VALUES (?, ?, ?, ?, ?)",
                             [.integer(deliveryID), .integer(attempt.attemptedAt), .optionalInt(attempt.status),
                              .int(attempt.latencyMilliseconds), .optionalText(attempt.error)])
            switch outcome {
            case .delivered:
                try database.run("UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1 WHERE id = ?", [.integer(deliveryID)])
            case .retry(let at):
                try database.run("UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
                                 [.integer(at), .integer(deliveryID)])
            case .giveUp(let reason):
                try database.run("UPDATE webhook_deliveries SET state = 'failed', attempts = attempts + 1 WHERE id = ?", [.integer(deliveryID)])
                try database.run("UPDATE webhooks SET disabled_at = ?, disabled_reason = ? WHERE id = ? AND disabled_at IS NULL",
                                 [.integer(attempt.attemptedAt), .text(reason), .text(webhookID)])
            }
        }
    }

    private static func webhooks(in database: Database, where condition: String, _ values: [SQLValue]) throws -> [Webhook] {
        var events: [String: [String]] = [:], topics: [String: [String]] = [:]
        try database.forEachRow("SELECT webhook_id, event FROM webhook_subscriptions ORDER BY event") {
            events[$0.text(0), default: []].append($0.text(1))
        }
        try database.forEachRow("SELECT webhook_id, topic FROM webhook_topics ORDER BY topic") {
            topics[$0.text(0), default: []].append($0.text(1))
        }
        return try database.rows("""
            SELECT w.id, w.url, w.description, w.created_at, w.disabled_at, w.disabled_reason FROM webhooks w \(condition) ORDER BY w.created_at, w.id
            """, values) {
            Webhook(id: $0.text(0), url: $0.text(1), description: $0.text(2), events: events[$0.text(0)] ?? [], topics: topics[$0.text(0)] ?? [],
                    createdAt: $0.int64(3),
                    disabledAt: $0.isNull(4) ? nil : $0.int64(4), disabledReason: $0.optionalText(5))
        }
    }
}
