-- Housekeeping deletes inbox rows older than the retention, oldest first.
CREATE INDEX IF NOT EXISTS inbox_events_processed_at_idx ON inbox_events (processed_at);
