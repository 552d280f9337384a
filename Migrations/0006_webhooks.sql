-- Webhooks: the endpoints, the events they subscribe to, and an outbox of deliveries.
--
-- An event is written to `webhook_events` with one `webhook_deliveries` row per subscribed, enabled
-- endpoint in the same transaction as the change that caused it (`KnowledgeWriter.enqueueWebhookEvent`),
-- so a crash after the commit never loses it. The sender of `guidebook serve` claims due deliveries
-- (moving `next_attempt_at` past its timeout, so a sender killed mid-attempt lets another retry it),
-- POSTs them and records every attempt. Times are Unix milliseconds.
CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,                  -- "wh_" + random hex
    url TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    -- The signing secret as shown once to its creator ("whsec_" + base64); needed to sign every delivery.
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    disabled_at INTEGER,                  -- set when deliveries kept failing
    disabled_reason TEXT
) STRICT;

CREATE TABLE webhook_subscriptions (
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    PRIMARY KEY (event, webhook_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE webhook_events (
    id TEXT PRIMARY KEY,                  -- "msg_" + random hex: the webhook-id header, the same on every retry
    type TEXT NOT NULL,
    body TEXT NOT NULL,                   -- the exact JSON body that is signed and sent
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at INTEGER NOT NULL,
    status INTEGER,                       -- the HTTP status, NULL when no answer came
    latency_ms INTEGER NOT NULL,
    error TEXT                            -- why it failed (refused address, timeout, status), NULL on success
) STRICT;
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);
