-- The webhook outbox keeps what an event says, not the body that is sent: the envelope (type,
-- timestamp, data) is made by the sender in GuidebookWebhooks, from the event's type and
-- created_at, so its shape lives in one place. Events already queued keep their data; their
-- timestamp becomes created_at, the moment they were queued (it was read within a millisecond of it).
ALTER TABLE webhook_events RENAME COLUMN body TO data;
UPDATE webhook_events SET data = json_extract(data, '$.data')
    WHERE json_valid(data) AND json_type(data, '$.data') IN ('object', 'array');
