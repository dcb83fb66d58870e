-- Idempotency-Key (the kit's idempotency middleware): a keyed POST inserts its row before its handler runs,
-- so of several identical requests at once exactly one wins the primary key and has the effect; the
-- winner then stores its answer, which retries with the key receive for a day. `lease` is the winning
-- attempt's token: only it completes or releases the row.
CREATE TABLE IF NOT EXISTS idempotency_keys (
    caller TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    lease UUID NOT NULL,
    created_at TIMESTAMPTZ(6) NOT NULL,
    status INTEGER,
    headers JSONB,
    body BYTEA,
    completed_at TIMESTAMPTZ(6),
    CONSTRAINT idempotency_keys_pkey PRIMARY KEY (caller, key)
);
-- Housekeeping deletes keys older than a day, oldest first.
CREATE INDEX IF NOT EXISTS idempotency_keys_created_at_idx ON idempotency_keys (created_at);
