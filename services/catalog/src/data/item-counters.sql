-- The dashboard's per-project item counters (project_item_counts) as they are defined now: the functions and
-- the statement-level triggers on items that keep the counts exact in the transaction of every change (a single
-- add, an edit, a delete, a bulk import's COPY, a cascade from a deleted project). Every write path changes the
-- counts in its own statement; each statement adds its net change per (project, counter) with ON CONFLICT …
-- n = n + excluded.n, so racing writers queue on the counter row and both deltas land; rows are locked in
-- (project, counter) order so two statements never wait on each other in a cycle, and a statement whose net
-- change is zero takes no counter lock at all.
--
-- The counters: 'in-transit' (status in-transit); 'without-tracking' (no or a blank tracking number while
-- ordered or in transit); 'received:YYYY-MM' (the UTC month of receivedAt).
--
-- This file is the one place to read them. The migrations that created and redefined them are history and stay
-- as they are: to change the counters, change this file and add a migration that applies the changed
-- statements. test/item-counters.api.test.ts fails while this file and the migrated database differ.

-- One item's counters, row by row (the reference the counters' tests compare the trigger's set-based counts with).
CREATE OR REPLACE FUNCTION "item_counter_keys"(status TEXT, tracking_number TEXT, received_at TIMESTAMPTZ) RETURNS TEXT[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN status = 'in-transit' THEN 'in-transit' END,
    CASE WHEN coalesce(btrim(tracking_number), '') = '' AND status IN ('ordered', 'in-transit') THEN 'without-tracking' END,
    CASE WHEN received_at IS NOT NULL THEN 'received:' || to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM') END
  ], NULL)
$$;

-- The counts, set-based: one grouped count per counter over the statement's rows.
CREATE OR REPLACE FUNCTION "project_item_counts_apply"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- A transition table exists only for its own event, so each event has its own statement.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_item_counts AS c (project_id, counter, n)
    SELECT d.project_id, d.counter, d.n FROM (
      SELECT r.project_id, 'in-transit' AS counter, count(*)::int AS n FROM new_rows r WHERE r.status = 'in-transit' GROUP BY 1
      UNION ALL
      SELECT r.project_id, 'without-tracking', count(*)::int FROM new_rows r
      WHERE coalesce(btrim(r.tracking_number), '') = '' AND r.status IN ('ordered', 'in-transit') GROUP BY 1
      UNION ALL
      SELECT m.project_id, 'received:' || to_char(m.month, 'YYYY-MM'), m.n FROM (
        SELECT r.project_id, date_trunc('month', r.received_at AT TIME ZONE 'UTC') AS month, count(*)::int AS n
        FROM new_rows r WHERE r.received_at IS NOT NULL GROUP BY 1, 2) m) d
    ORDER BY d.project_id, d.counter
    ON CONFLICT (project_id, counter) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO project_item_counts AS c (project_id, counter, n)
    SELECT d.project_id, d.counter, d.n FROM (
      SELECT x.project_id, x.counter, sum(x.n)::int AS n FROM (
        SELECT r.project_id, 'in-transit' AS counter, count(*) AS n FROM new_rows r WHERE r.status = 'in-transit' GROUP BY 1
        UNION ALL
        SELECT r.project_id, 'in-transit', -count(*) FROM old_rows r WHERE r.status = 'in-transit' GROUP BY 1
        UNION ALL
        SELECT r.project_id, 'without-tracking', count(*) FROM new_rows r
        WHERE coalesce(btrim(r.tracking_number), '') = '' AND r.status IN ('ordered', 'in-transit') GROUP BY 1
        UNION ALL
        SELECT r.project_id, 'without-tracking', -count(*) FROM old_rows r
        WHERE coalesce(btrim(r.tracking_number), '') = '' AND r.status IN ('ordered', 'in-transit') GROUP BY 1
        UNION ALL
        SELECT m.project_id, 'received:' || to_char(m.month, 'YYYY-MM'), sum(m.n) FROM (
          SELECT r.project_id, date_trunc('month', r.received_at AT TIME ZONE 'UTC') AS month, 1 AS n FROM new_rows r WHERE r.received_at IS NOT NULL
          UNION ALL
          SELECT r.project_id, date_trunc('month', r.received_at AT TIME ZONE 'UTC'), -1 FROM old_rows r WHERE r.received_at IS NOT NULL) m
        GROUP BY m.project_id, m.month) x
      GROUP BY 1, 2 HAVING sum(x.n) <> 0) d
    -- An item moved out of a project that no longer exists has nothing left to count there.
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
    ORDER BY d.project_id, d.counter
    ON CONFLICT (project_id, counter) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Subtracted the way the other events add: ON CONFLICT … n = n + excluded.n (negative here). The former
    -- UPDATE … FROM (a UNION ALL of counts) lost a decrement when it had queued behind another writer of the
    -- same counter rows: after the wait, Postgres's recheck of the join dropped the second row (reproduced by
    -- the counters' test "keep a delete that waited on the counter rows of an import still in flight").
    INSERT INTO project_item_counts AS c (project_id, counter, n)
    SELECT d.project_id, d.counter, -d.n FROM (
      SELECT r.project_id, 'in-transit' AS counter, count(*)::int AS n FROM old_rows r WHERE r.status = 'in-transit' GROUP BY 1
      UNION ALL
      SELECT r.project_id, 'without-tracking', count(*)::int FROM old_rows r
      WHERE coalesce(btrim(r.tracking_number), '') = '' AND r.status IN ('ordered', 'in-transit') GROUP BY 1
      UNION ALL
      SELECT m.project_id, 'received:' || to_char(m.month, 'YYYY-MM'), m.n FROM (
        SELECT r.project_id, date_trunc('month', r.received_at AT TIME ZONE 'UTC') AS month, count(*)::int AS n
        FROM old_rows r WHERE r.received_at IS NOT NULL GROUP BY 1, 2) m) d
    -- A project's own deletion removes its counters (cascade): nothing to subtract, nothing to recreate.
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
    ORDER BY d.project_id, d.counter
    ON CONFLICT (project_id, counter) DO UPDATE SET n = c.n + excluded.n;
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
CREATE OR REPLACE FUNCTION "project_item_counts_clear"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM project_item_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER "items_counts_truncate" AFTER TRUNCATE ON "items" FOR EACH STATEMENT EXECUTE FUNCTION "project_item_counts_clear"();
