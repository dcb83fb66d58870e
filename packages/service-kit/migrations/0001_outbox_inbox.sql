-- The transactional outbox and the consumers' inbox, in the service's own schema (search_path is set to it).
-- Services created these tables in their own Prisma migrations until the kit owned them, so every statement
-- is written to adopt such a database unchanged: a table or index that exists is left alone, and a
-- database from before the sequence or the json payload converges to the same shape as a fresh one.
CREATE TABLE IF NOT EXISTS outbox_events (
    id UUID NOT NULL,
    type TEXT NOT NULL,
    payload JSON NOT NULL,
    occurred_at TIMESTAMPTZ(6) NOT NULL,
    published_at TIMESTAMPTZ(6),
    attempts INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT outbox_events_pkey PRIMARY KEY (id)
);

-- The relay publishes by seq.
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS seq BIGSERIAL NOT NULL;
DROP INDEX IF EXISTS outbox_events_published_at_occurred_at_idx;
CREATE INDEX IF NOT EXISTS outbox_events_published_at_seq_idx ON outbox_events (published_at, seq);

-- The relay reads payloads back as text and publishes them unchanged, so jsonb's binary form bought nothing
-- but a parse on write; rows live for milliseconds before they are published, so compressing them (TOAST's
-- default for large values such as bulk-import batches) only cost CPU on the hot path.
DO $$
BEGIN
  IF (SELECT data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'outbox_events' AND column_name = 'payload') = 'jsonb' THEN
    ALTER TABLE outbox_events ALTER COLUMN payload SET DATA TYPE JSON USING payload::json;
  END IF;
END $$;
ALTER TABLE outbox_events ALTER COLUMN payload SET STORAGE EXTERNAL;

CREATE TABLE IF NOT EXISTS inbox_events (
    id UUID NOT NULL,
    type TEXT NOT NULL,
    processed_at TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT inbox_events_pkey PRIMARY KEY (id)
);
