-- Per-row publishing: a row that fails is retried with backoff (next_attempt_at) and, after the relay's
-- maximum attempts, set aside (dead_at) with its last error, so the rows behind it keep flowing.
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS last_error TEXT;
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS next_attempt_at TIMESTAMPTZ(6);
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS dead_at TIMESTAMPTZ(6);
-- What the relay scans: rows still to publish, in seq order.
CREATE INDEX IF NOT EXISTS outbox_events_pending_idx ON outbox_events (seq) WHERE published_at IS NULL AND dead_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_events_dead_idx ON outbox_events (dead_at) WHERE dead_at IS NOT NULL;
