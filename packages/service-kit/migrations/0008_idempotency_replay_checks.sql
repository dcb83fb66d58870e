-- Idempotency-Key: what a replay must check again. `projects`: the projects the first request's handler reached
-- (its access checks), so a stored answer is replayed only to a caller who still reaches every one of them (a member
-- removed since gets the 404 a fresh request would). A body read as a stream is fingerprinted once its handler has
-- read it, by updating `fingerprint`: no column of its own.
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS projects UUID[];
