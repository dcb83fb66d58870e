-- Deletes subtract from the counters with the same queue-safe upsert as inserts and updates (see below).
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
