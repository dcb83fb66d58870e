-- Idempotency-Key: the process running a keyed request beats on its row while it runs. A row left unanswered
-- whose beat stopped belongs to a process that died (kill -9, a crash): a retry takes it over within seconds
-- instead of being refused as "in progress" until a fixed timeout.
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS heartbeat_at TIMESTAMPTZ(6);
