import type { Pool } from 'pg';
import type { Caller } from '@midway/service-kit';
import { ITEM_COUNT_STATUS, type DashboardStats } from '@midway/contracts';
import { dashboardNumbers, dashboardReach, receivedCounter } from '../domain/dashboard-reach';
import { accessibleProjects } from './access.sql';
import { Prisma, type Client } from './prisma-client';

/**
 * The counters the caller's dashboard sums (definitions in contracts), as dashboardReach says: the roll-up of
 * the projects they own (an admin: of every project), which the triggers of data/dashboard-counts.sql keep
 * exact in the transaction of every change, plus the per-project counters of projects shared with them. A few
 * index lookups, however many projects the caller owns.
 */
export function dashboardCountersSql(caller: Caller, now: Date): Prisma.Sql {
  const reach = dashboardReach(caller);
  const counters = ['active-projects', 'in-transit', 'without-tracking', receivedCounter(now)];
  const shared = reach.sharedProjects
    ? Prisma.sql`
      UNION ALL
      SELECT c.counter, c.n FROM project_memberships m JOIN projects p ON p.id = m.project_id JOIN project_item_counts c ON c.project_id = m.project_id
      WHERE m.user_id = ${caller.userId}::uuid AND p.created_by_id <> ${caller.userId}::uuid AND c.counter = ANY(${counters}::text[])
      UNION ALL
      SELECT 'active-projects', 1 FROM project_memberships m JOIN projects p ON p.id = m.project_id
      WHERE m.user_id = ${caller.userId}::uuid AND p.created_by_id <> ${caller.userId}::uuid AND p.status IN ('active', 'in-progress')`
    : Prisma.empty;
  return Prisma.sql`
    SELECT x.counter::text AS counter, sum(x.n)::int AS n FROM (
      SELECT d.counter, d.n FROM dashboard_counts d WHERE d.scope = ${reach.rollUp}::uuid AND d.counter = ANY(${counters}::text[])
      ${shared}) x
    GROUP BY x.counter`;
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
      count(*) FILTER (WHERE i.status = ${ITEM_COUNT_STATUS.inTransit})::int AS "itemsInTransit",
      count(*) FILTER (WHERE i.received_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                         AND i.received_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')::int AS "receivedThisMonth",
      count(*) FILTER (WHERE coalesce(btrim(i.tracking_number), '') = '' AND i.status IN ('ordered', 'in-transit'))::int AS "itemsWithoutTracking"
    FROM items i WHERE i.project_id IN (SELECT id FROM p)`;
}

export class StatsRepository {
  constructor(
    private readonly db: Client,
    /** Plain pg outside a transaction: the dashboard is read on every visit, and Prisma's fixed cost per query is most of its time. */
    private readonly reader?: Pool,
  ) {}

  async dashboard(caller: Caller): Promise<DashboardStats> {
    const now = new Date();
    const query = dashboardCountersSql(caller, now);
    const rows = this.reader ? (await this.reader.query<{ counter: string; n: number }>({ text: query.text, values: query.values })).rows : await this.db.$queryRaw<{ counter: string; n: number }[]>(query);
    return dashboardNumbers(rows, now);
  }
}
