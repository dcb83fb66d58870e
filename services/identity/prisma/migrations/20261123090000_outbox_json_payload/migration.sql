-- The relay reads payloads back as text and publishes them unchanged, so jsonb's binary form bought
-- nothing but a parse on write. Rows live for milliseconds before they are published, so compressing
-- them (TOAST's default for large values such as bulk-import batches) only cost CPU on the hot path.
ALTER TABLE "outbox_events" ALTER COLUMN "payload" SET DATA TYPE JSON USING "payload"::json;
ALTER TABLE "outbox_events" ALTER COLUMN "payload" SET STORAGE EXTERNAL;
