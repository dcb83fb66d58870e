import type { Caller } from '@midway/service-kit';
import type { DashboardStats } from '@midway/contracts';
import { accessibleProjects } from './access.sql';
import { Prisma, type Client } from './prisma-client';

/**
 * The dashboard's four numbers (definitions in contracts): Active Projects counted over the caller's
 * projects, the item numbers summed from their per-project counters (project_item_counts), which the
 * items table's triggers keep exact in the transaction of every change — a few index lookups per project
 * instead of an aggregate over every item. "Received This Month" reads the counter of the current UTC month.
 */
export function dashboardStatsSql(caller: Caller): Prisma.Sql {
  return Prisma.sql`
    WITH p AS (SELECT p.id, p.status FROM projects p WHERE ${accessibleProjects(caller)})
    SELECT
      (SELECT count(*) FROM p WHERE p.status IN ('active', 'in-progress'))::int AS "activeProjects",
      coalesce(sum(c.n) FILTER (WHERE c.counter = 'in-transit'), 0)::int AS "itemsInTransit",
      coalesce(sum(c.n) FILTER (WHERE c.counter LIKE 'received:%'), 0)::int AS "receivedThisMonth",
      coalesce(sum(c.n) FILTER (WHERE c.counter = 'without-tracking'), 0)::int AS "itemsWithoutTracking"
    FROM project_item_counts c
    -- The month's key as a sub-select: worked out once, not per counter row.
    WHERE c.project_id IN (SELECT id FROM p)
      AND c.counter IN ('in-transit', 'without-tracking', (SELECT 'received:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')))`;
}

/**
 * The same numbers as one aggregate over the items themselves: what the counters must always equal
 * (the counters' tests compare the two after random changes).
 */
export function dashboardStatsAggregateSql(caller: Caller): Prisma.Sql {
  return Prisma.sql`
    WITH p AS (SELECT p.id, p.status FROM projects p WHERE ${accessibleProjects(caller)})
    SELECT
      (SELECT count(*) FROM p WHERE p.status IN ('active', 'in-progress'))::int AS "activeProjects",
      count(*) FILTER (WHERE i.status = 'in-transit')::int AS "itemsInTransit",
      count(*) FILTER (WHERE i.received_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                         AND i.received_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')::int AS "receivedThisMonth",
      count(*) FILTER (WHERE coalesce(btrim(i.tracking_number), '') = '' AND i.status IN ('ordered', 'in-transit'))::int AS "itemsWithoutTracking"
    FROM items i WHERE i.project_id IN (SELECT id FROM p)`;
}

export class StatsRepository {
  constructor(private readonly db: Client) {}

  async dashboard(caller: Caller): Promise<DashboardStats> {
    const [row] = await this.db.$queryRaw<DashboardStats[]>(dashboardStatsSql(caller));
    return row!;
  }
}
