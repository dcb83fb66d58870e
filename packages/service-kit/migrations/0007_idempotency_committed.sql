-- Idempotency-Key: the handler's transaction stamps the key's row as it commits. A row committed but never
-- answered (the process died in between) is not run again by a retry: the change stands, and the retry is told so.
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS committed_at TIMESTAMPTZ(6);
