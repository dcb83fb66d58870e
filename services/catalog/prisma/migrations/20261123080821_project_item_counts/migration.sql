-- CreateTable
CREATE TABLE "project_item_counts" (
    "project_id" UUID NOT NULL,
    "counter" VARCHAR(20) NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "project_item_counts_pkey" PRIMARY KEY ("project_id","counter")
);

-- AddForeignKey
ALTER TABLE "project_item_counts" ADD CONSTRAINT "project_item_counts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The dashboard's item counts, kept exact by statement-level triggers on items: every write path (a single
-- add, an edit, a delete, a bulk import's COPY, the seed, a cascade from a deleted project) changes the counts
-- in its own statement and transaction. Each statement adds its net change per (project, counter) with
-- ON CONFLICT … n = n + excluded.n: racing writers queue on the counter row and both deltas land. Rows are
-- locked in (project, counter) order so two statements never wait on each other in a cycle, and a
-- statement whose net change is zero (an edit of the name, a photo) takes no counter lock at all.

-- The counters one item falls under. Exactly the dashboard's definitions: in transit; no (or a blank)
-- tracking number while ordered or in transit; received in the month of receivedAt (UTC).
CREATE FUNCTION "item_counter_keys"(status TEXT, tracking_number TEXT, received_at TIMESTAMPTZ) RETURNS TEXT[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN status = 'in-transit' THEN 'in-transit' END,
    CASE WHEN coalesce(btrim(tracking_number), '') = '' AND status IN ('ordered', 'in-transit') THEN 'without-tracking' END,
    CASE WHEN received_at IS NOT NULL THEN 'received:' || to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM') END
  ], NULL)
$$;

CREATE FUNCTION "project_item_counts_apply"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- A transition table exists only for its own event, so each event has its own statement.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_item_counts AS c (project_id, counter, n)
    SELECT d.project_id, d.counter, d.n FROM (
      SELECT r.project_id, k AS counter, count(*)::int AS n
      FROM new_rows r CROSS JOIN LATERAL unnest(item_counter_keys(r.status, r.tracking_number, r.received_at)) k
      GROUP BY 1, 2) d
    ORDER BY d.project_id, d.counter
    ON CONFLICT (project_id, counter) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO project_item_counts AS c (project_id, counter, n)
    SELECT d.project_id, d.counter, d.n FROM (
      SELECT x.project_id, x.counter, sum(x.delta)::int AS n FROM (
        SELECT r.project_id, k AS counter, 1 AS delta
        FROM new_rows r CROSS JOIN LATERAL unnest(item_counter_keys(r.status, r.tracking_number, r.received_at)) k
        UNION ALL
        SELECT r.project_id, k, -1
        FROM old_rows r CROSS JOIN LATERAL unnest(item_counter_keys(r.status, r.tracking_number, r.received_at)) k) x
      GROUP BY 1, 2 HAVING sum(x.delta) <> 0) d
    -- An item moved out of a project that no longer exists has nothing left to count there.
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
    ORDER BY d.project_id, d.counter
    ON CONFLICT (project_id, counter) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE project_item_counts c SET n = c.n - d.n
    FROM (
      SELECT r.project_id, k AS counter, count(*)::int AS n
      FROM old_rows r CROSS JOIN LATERAL unnest(item_counter_keys(r.status, r.tracking_number, r.received_at)) k
      GROUP BY 1, 2 ORDER BY 1, 2) d
    -- A project's own deletion removes its counters (cascade); nothing to subtract there.
    WHERE c.project_id = d.project_id AND c.counter = d.counter;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "items_counts_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_item_counts_apply"();
CREATE TRIGGER "items_counts_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_item_counts_apply"();
CREATE TRIGGER "items_counts_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "project_item_counts_apply"();

-- TRUNCATE fires no DELETE trigger: emptying items empties the counts with it.
CREATE FUNCTION "project_item_counts_clear"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM project_item_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER "items_counts_truncate" AFTER TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "project_item_counts_clear"();

-- Backfill from the items already there; writers wait (SHARE lock) so none slips between count and trigger.
LOCK TABLE "items" IN SHARE MODE;
INSERT INTO "project_item_counts" (project_id, counter, n)
SELECT i.project_id, k, count(*)::int
FROM "items" i CROSS JOIN LATERAL unnest(item_counter_keys(i.status, i.tracking_number, i.received_at)) k
GROUP BY 1, 2;
