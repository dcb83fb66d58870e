import type { Caller } from '@midway/service-kit';
import type { ServiceType } from '@midway/contracts';
import { reachable } from './access.repository';
import { likeContaining } from './like.sql';
import { Prisma, type Client } from './prisma-client';

export interface ServiceRow {
  id: string;
  itemId: string;
  projectId: string;
  type: ServiceType;
  selected: boolean;
  cost: string | null;
  notes: string | null;
  itemName: string | null;
  projectName: string | null;
}

/** What a list, its summary and a bulk action filter on (the domain turns `q` into matching type labels too). */
export interface ServiceFilter {
  q?: string;
  /** Types whose label matches `q`. */
  qTypes?: ServiceType[];
  type?: ServiceType;
  selected?: boolean;
  projectId?: string;
}

/** Position in the list: the last row's (item created_at as text, item id, rank). */
export interface ServiceCursor {
  at: string;
  itemId: string;
  rank: number;
}

export interface ChangedService {
  id: string;
  itemId: string;
  projectId: string;
  type: ServiceType;
  cost: string | null;
}

const COLUMNS = Prisma.sql`s.id, s.item_id AS "itemId", s.project_id AS "projectId", s.type, s.selected, s.cost::text AS cost, s.notes,
  i.name AS "itemName", p.name AS "projectName"`;

function where(caller: Caller, f: ServiceFilter, roles?: readonly string[]): Prisma.Sql {
  const parts: Prisma.Sql[] = [reachable(caller, Prisma.sql`s.project_id`, roles)];
  if (f.type) parts.push(Prisma.sql`s.type = ${f.type}`);
  if (f.selected !== undefined) parts.push(Prisma.sql`s.selected = ${f.selected}`);
  if (f.projectId) parts.push(Prisma.sql`s.project_id = ${f.projectId}::uuid`);
  if (f.q) {
    const like = likeContaining(f.q);
    parts.push(Prisma.sql`(i.name ILIKE ${like} OR p.name ILIKE ${like} OR s.type IN (SELECT json_array_elements_text(${JSON.stringify(f.qTypes ?? [])}::json)))`);
  }
  return Prisma.join(parts, ' AND ');
}

export class ServiceRepository {
  constructor(private readonly db: Client) {}

  /** A page, newest items first, the five services of an item in the fixed order; one more row tells if there is a next page. */
  async list(caller: Caller, f: ServiceFilter, limit: number, after?: ServiceCursor): Promise<{ rows: ServiceRow[]; last?: ServiceCursor; more: boolean }> {
    const cursor = after ? Prisma.sql`AND (s.created_at, s.item_id, s.rank) < (${after.at}::timestamptz, ${after.itemId}::uuid, ${after.rank})` : Prisma.empty;
    // One JSON value built by Postgres: the driver parses one string instead of every cell of every row.
    const [{ rows }] = await this.db.$queryRaw<{ rows: (ServiceRow & { at: string; rank: number })[] | null }[]>`
      SELECT coalesce(json_agg(x), '[]'::json) AS rows FROM (
        SELECT ${COLUMNS}, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, s.rank
        FROM services s JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id
        WHERE ${where(caller, f)} ${cursor}
        ORDER BY s.created_at DESC, s.item_id DESC, s.rank DESC
        LIMIT ${limit + 1}) x`;
    const all = rows ?? [];
    const more = all.length > limit;
    const page = all.slice(0, limit);
    const tail = page[page.length - 1];
    return {
      rows: page.map(({ at: _at, rank: _rank, ...r }) => r),
      more,
      last: tail ? { at: tail.at, itemId: tail.itemId, rank: tail.rank } : undefined,
    };
  }

  async summary(caller: Caller, f: ServiceFilter): Promise<{ total: number; selected: number; selectedValue: string }> {
    const [row] = await this.db.$queryRaw<{ total: number; selected: number; value: string }[]>`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE s.selected))::int AS selected,
             coalesce(sum(s.cost) FILTER (WHERE s.selected), 0)::numeric(14,2)::text AS value
      FROM services s JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id
      WHERE ${where(caller, f)}`;
    return { total: row!.total, selected: row!.selected, selectedValue: row!.value };
  }

  async find(id: string): Promise<ServiceRow | null> {
    const [row] = await this.db.$queryRaw<ServiceRow[]>`
      SELECT ${COLUMNS} FROM services s JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id WHERE s.id = ${id}::uuid`;
    return row ?? null;
  }

  /**
   * Sets `selected` only where it differs. The row lock makes a racing request wait and then find nothing to
   * change, so each real change happens (and is published) once.
   */
  async setSelected(id: string, selected: boolean): Promise<ChangedService | null> {
    const [row] = await this.db.$queryRaw<ChangedService[]>`
      UPDATE services SET selected = ${selected}, updated_at = now() WHERE id = ${id}::uuid AND selected <> ${selected}
      RETURNING id, item_id AS "itemId", project_id AS "projectId", type, cost::text AS cost`;
    return row ?? null;
  }

  /** Every service the filter shows that the caller may change (their role is one of `roles`) and that differs. */
  async setSelectedWhere(caller: Caller, f: ServiceFilter, roles: readonly string[], selected: boolean): Promise<ChangedService[]> {
    const [{ rows }] = await this.db.$queryRaw<{ rows: ChangedService[] | null }[]>`
      WITH changed AS (
        UPDATE services s SET selected = ${selected}, updated_at = now()
        FROM items i LEFT JOIN projects p ON p.id = i.project_id
        WHERE i.id = s.item_id AND s.selected <> ${selected} AND ${where(caller, f, roles)}
        RETURNING s.id, s.item_id AS "itemId", s.project_id AS "projectId", s.type, s.cost::text AS cost)
      SELECT coalesce(json_agg(changed), '[]'::json) AS rows FROM changed`;
    return rows ?? [];
  }
}
