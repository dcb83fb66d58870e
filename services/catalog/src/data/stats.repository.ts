import type { Caller } from '@midway/service-kit';
import type { DashboardStats } from '@midway/contracts';
import { accessibleProjects } from './access.sql';
import { Prisma, type Client } from './prisma-client';

/** The dashboard's four numbers in one aggregate over the caller's projects (definitions in contracts). */
export function dashboardStatsSql(caller: Caller): Prisma.Sql {
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
