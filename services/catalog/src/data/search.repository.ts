import { likeContaining, type Caller } from '@midway/service-kit';
import type { SearchResult } from '@midway/contracts';
import { accessibleProjects, inReachableProject } from './access.sql';
import type { Pool } from 'pg';
import { Prisma, type Client } from './prisma-client';

/**
 * Catalog's half of the global search: the caller's projects and items whose text contains the query. With a plain
 * read pool both queries run on it at once: on Prisma's pool they waited behind item edits' transactions for a
 * connection, and under load every search reached the gateway's cut-off.
 */
export class SearchRepository {
  constructor(
    private readonly db: Client,
    private readonly reader?: Pool,
  ) {}

  private async read<T extends object>(query: Prisma.Sql): Promise<T[]> {
    return this.reader ? (await this.reader.query<T>({ text: query.text, values: query.values })).rows : this.db.$queryRaw<T[]>(query);
  }

  async search(caller: Caller, q: string, limit = 8): Promise<SearchResult[]> {
    const like = likeContaining(q);
    const [projects, items] = await Promise.all([
      this.read<{ id: string; name: string; client_name: string; location: string }>(Prisma.sql`
        SELECT p.id, p.name, p.client_name, p.location FROM projects p
        WHERE ${accessibleProjects(caller)} AND (p.name ILIKE ${like} OR p.client_name ILIKE ${like} OR p.location ILIKE ${like})
        ORDER BY p.updated_at DESC LIMIT ${limit}`),
      this.read<{ id: string; project_id: string; name: string; supplier: string | null; project_name: string }>(Prisma.sql`
        SELECT i.id, i.project_id, i.name, i.supplier, p.name AS project_name FROM items i JOIN projects p ON p.id = i.project_id
        WHERE ${inReachableProject(caller, Prisma.sql`i.project_id`)} AND (i.name ILIKE ${like} OR i.supplier ILIKE ${like} OR i.sku_code ILIKE ${like}
               OR i.schedule_number ILIKE ${like} OR i.tracking_number ILIKE ${like})
        ORDER BY i.updated_at DESC LIMIT ${limit}`),
    ]);
    return [
      ...projects.map((p) => ({ type: 'project' as const, id: p.id, title: p.name, subtitle: `${p.client_name} · ${p.location}`, url: `/projects/${p.id}` })),
      ...items.map((i) => ({ type: 'item' as const, id: i.id, title: i.name, subtitle: [i.supplier, i.project_name].filter(Boolean).join(' · '), url: `/projects/${i.project_id}?item=${i.id}` })),
    ];
  }
}
