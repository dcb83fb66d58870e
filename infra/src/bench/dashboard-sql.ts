/**
 * A designer's dashboard numbers as one bare aggregate over their items: what the catalog service ran per
 * request before it kept per-project counters, and what those counters must always equal. Written out here
 * so the benchmark stands on its own instead of loading catalog's build. The benchmark checks that the
 * endpoint gives the same numbers before timing both, so counters that drift stop the run.
 */
export function dashboardStatsSqlText(userId: string): { text: string; values: unknown[] } {
  const text = `
    WITH p AS (SELECT p.id, p.status FROM projects p
               WHERE p.created_by_id = $1::uuid OR EXISTS (SELECT 1 FROM project_memberships m WHERE m.project_id = p.id AND m.user_id = $1::uuid))
    SELECT
      (SELECT count(*) FROM p WHERE p.status IN ('active', 'in-progress'))::int AS "activeProjects",
      count(*) FILTER (WHERE i.status = 'in-transit')::int AS "itemsInTransit",
      count(*) FILTER (WHERE i.received_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                         AND i.received_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')::int AS "receivedThisMonth",
      count(*) FILTER (WHERE coalesce(btrim(i.tracking_number), '') = '' AND i.status IN ('ordered', 'in-transit'))::int AS "itemsWithoutTracking"
    FROM items i WHERE i.project_id IN (SELECT id FROM p)`;
  return { text, values: [userId] };
}
