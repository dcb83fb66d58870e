import type { Caller } from '@midway/service-kit';
import type { DashboardStats, SearchResult } from '@midway/contracts';
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

  async search(caller: Caller, q: string, limit = 8): Promise<SearchResult[]> {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const projects = await this.db.$queryRaw<{ id: string; name: string; client_name: string; location: string }[]>`
      SELECT p.id, p.name, p.client_name, p.location FROM projects p
      WHERE ${accessibleProjects(caller)} AND (p.name ILIKE ${like} OR p.client_name ILIKE ${like} OR p.location ILIKE ${like})
      ORDER BY p.updated_at DESC LIMIT ${limit}`;
    const items = await this.db.$queryRaw<{ id: string; project_id: string; name: string; supplier: string | null; project_name: string }[]>`
      SELECT i.id, i.project_id, i.name, i.supplier, p.name AS project_name FROM items i JOIN projects p ON p.id = i.project_id
      WHERE ${accessibleProjects(caller)} AND (i.name ILIKE ${like} OR i.supplier ILIKE ${like} OR i.sku_code ILIKE ${like}
             OR i.schedule_number ILIKE ${like} OR i.tracking_number ILIKE ${like})
      ORDER BY i.updated_at DESC LIMIT ${limit}`;
    return [
      ...projects.map((p) => ({ type: 'project' as const, id: p.id, title: p.name, subtitle: `${p.client_name} · ${p.location}`, url: `/projects/${p.id}` })),
      ...items.map((i) => ({ type: 'item' as const, id: i.id, title: i.name, subtitle: [i.supplier, i.project_name].filter(Boolean).join(' · '), url: `/projects/${i.project_id}?item=${i.id}` })),
    ];
  }
}
