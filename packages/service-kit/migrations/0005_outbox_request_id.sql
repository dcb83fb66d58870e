-- The request that wrote the event (X-Request-Id), published as a NATS header so a consumer's log lines
-- can be joined to the request that caused them. Null for events written outside a request (jobs).
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS request_id TEXT;
