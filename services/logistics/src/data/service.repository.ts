import type { Pool } from 'pg';
import { likeContaining, reachableProjectIds, reachableSql, type Caller } from '@midway/service-kit';
import { PER_DAY_SERVICE_TYPES, type ServiceType } from '@midway/contracts';
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

/** The filter's conditions on `s` (services), `i` (items) and `p` (projects), without who may see them. */
function filters(f: ServiceFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.type) parts.push(Prisma.sql`s.type = ${f.type}`);
  if (f.selected !== undefined) parts.push(Prisma.sql`s.selected = ${f.selected}`);
  if (f.projectId) parts.push(Prisma.sql`s.project_id = ${f.projectId}::uuid`);
  if (f.q) {
    const like = likeContaining(f.q);
    parts.push(Prisma.sql`(i.name ILIKE ${like} OR p.name ILIKE ${like} OR s.type IN (SELECT json_array_elements_text(${JSON.stringify(f.qTypes ?? [])}::json)))`);
  }
  return Prisma.join(parts, ' AND ');
}

/** The filter and who may act: the caller reaches the project (with one of `roles` when only some may). */
const where = (caller: Caller, f: ServiceFilter, roles?: readonly string[]) => Prisma.sql`${reachableSql(caller, Prisma.sql`s.project_id`, roles)} AND ${filters(f)}`;

export class ServiceRepository {
  constructor(
    private readonly db: Client,
    /** Plain pg for the list and its summary, the hottest reads: the same SQL without Prisma's fixed cost per query. */
    private readonly reader?: Pool,
  ) {}

  private async read<T>(query: Prisma.Sql): Promise<T[]> {
    return this.reader ? (await this.reader.query({ text: query.text, values: query.values })).rows : this.db.$queryRaw<T[]>(query);
  }

  /**
   * The projects a designer reaches (null for an admin: all), narrowed to the filter's project; with `roles`,
   * only those they own or are an active member of with one of those roles (the kit's rule, reachableProjectIds).
   */
  private async scope(caller: Caller, f: ServiceFilter, roles?: readonly string[]): Promise<string[] | null> {
    const reached = reachableProjectIds(caller, roles);
    if (!reached) return f.projectId ? [f.projectId] : null;
    const rows = await this.read<{ id: string }>(reached);
    const ids = rows.map((r) => r.id);
    return f.projectId ? ids.filter((id) => id === f.projectId) : ids;
  }

  /**
   * A page, newest items first, the five services of an item in the fixed order; one more row tells if there
   * is a next page. A designer's page is read project by project (each an index range of at most a page),
   * so it costs what their own projects hold, not what the whole table holds.
   */
  async list(caller: Caller, f: ServiceFilter, limit: number, after?: ServiceCursor): Promise<{ rows: ServiceRow[]; last?: ServiceCursor; more: boolean }> {
    const cursor = after ? Prisma.sql`AND (s.created_at, s.item_id, s.rank) < (${after.at}::timestamptz, ${after.itemId}::uuid, ${after.rank})` : Prisma.empty;
    const scope = await this.scope(caller, f);
    // The page's keys first, from services alone (an index range in list order; items only when `q` needs
    // their names), then its rows with their names.
    const needsNames = Boolean(f.q);
    const keys = (project: Prisma.Sql) => Prisma.sql`
        SELECT s.id, s.created_at, s.item_id, s.rank FROM services s
        ${needsNames ? Prisma.sql`JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id` : Prisma.empty}
        WHERE ${project} AND ${filters(f)} ${cursor}
        ORDER BY s.created_at DESC, s.item_id DESC, s.rank DESC
        LIMIT ${limit + 1}`;
    const source =
      scope === null
        ? keys(Prisma.sql`TRUE`)
        : Prisma.sql`SELECT y.* FROM json_array_elements_text(${JSON.stringify(scope)}::json) AS pid(id) CROSS JOIN LATERAL (${keys(Prisma.sql`s.project_id = pid.id::uuid`)}) y
            ORDER BY y.created_at DESC, y.item_id DESC, y.rank DESC LIMIT ${limit + 1}`;
    // One JSON value built by Postgres: the driver parses one string instead of every cell of every row.
    const [{ rows }] = await this.read<{ rows: (ServiceRow & { at: string; rank: number })[] | null }>(Prisma.sql`
      SELECT coalesce(json_agg(x ORDER BY x.k_at DESC, x."itemId" DESC, x.rank DESC), '[]'::json) AS rows FROM (
        SELECT ${COLUMNS}, k.created_at AS k_at, to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, k.rank
        FROM (${source}) k JOIN services s ON s.id = k.id JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id) x`);
    const all = rows ?? [];
    const more = all.length > limit;
    const pageRows = all.slice(0, limit);
    const tail = pageRows[pageRows.length - 1];
    return {
      rows: pageRows.map(({ at: _at, rank: _rank, k_at: _k, ...r }: ServiceRow & { at: string; rank: number; k_at?: string }) => r),
      more,
      last: tail ? { at: tail.at, itemId: tail.itemId, rank: tail.rank } : undefined,
    };
  }

  /**
   * Counts and cost sums (exact decimals from numeric, never floats) over everything the filter matches —
   * with `roles`, only in projects where the caller may change services (what setSelectedWhere acts on).
   */
  async summary(caller: Caller, f: ServiceFilter, roles?: readonly string[]): Promise<{ total: number; selected: number; selectedValue: string; totalValue: string; availableValue: string }> {
    const scope = await this.scope(caller, f, roles);
    const inScope = scope === null ? Prisma.sql`TRUE` : Prisma.sql`s.project_id IN (SELECT json_array_elements_text(${JSON.stringify(scope)}::json)::uuid)`;
    // Storage's cost is a daily rate, billed per day while the warehouse holds the item: the values add one-off costs only.
    const oneOff = Prisma.sql`NOT (s.type = ANY(${[...PER_DAY_SERVICE_TYPES]}::text[]))`;
    const [row] = await this.read<{ total: number; selected: number; selectedValue: string; totalValue: string; availableValue: string }>(Prisma.sql`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE s.selected))::int AS selected,
             coalesce(sum(s.cost) FILTER (WHERE s.selected AND ${oneOff}), 0)::numeric(14,2)::text AS "selectedValue",
             coalesce(sum(s.cost) FILTER (WHERE ${oneOff}), 0)::numeric(14,2)::text AS "totalValue",
             coalesce(sum(s.cost) FILTER (WHERE NOT s.selected AND ${oneOff}), 0)::numeric(14,2)::text AS "availableValue"
      FROM services s ${f.q ? Prisma.sql`JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id` : Prisma.empty}
      WHERE ${inScope} AND ${filters(f)}`);
    return row!;
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
    const { count } = await this.db.service.updateMany({ where: { id, selected: !selected }, data: { selected, updatedAt: new Date() } });
    if (count === 0) return null;
    const s = await this.db.service.findUniqueOrThrow({ where: { id }, select: { id: true, itemId: true, projectId: true, type: true, cost: true } });
    return { ...s, type: s.type as ServiceType, cost: s.cost?.toFixed(2) ?? null };
  }

  /**
   * setSelected for one caller in one statement, which Postgres runs as a transaction of its own: the service is
   * locked and read where the caller may change it (their role one of `roles`), set where it differs, and its event
   * (`event` builds the outbox row's payload from the changed row `c`) inserted from the changed row. Null when the
   * caller may not change it or it is not there; `changed` false when it already was `selected`.
   */
  async setSelectedInOneStatement(caller: Caller, id: string, selected: boolean, roles: readonly string[], event: { id: string; type: string; payload: Prisma.Sql; at: string; requestId: string | null }): Promise<{ row: ServiceRow; changed: boolean } | null> {
    const [row] = await this.db.$queryRaw<(ServiceRow & { changed: boolean })[]>`
      WITH cur AS (
        SELECT ${COLUMNS} FROM services s JOIN items i ON i.id = s.item_id LEFT JOIN projects p ON p.id = s.project_id
        WHERE s.id = ${id}::uuid AND ${reachableSql(caller, Prisma.sql`s.project_id`, roles)}
        FOR NO KEY UPDATE OF s
      ), changed AS (
        UPDATE services s SET selected = ${selected}, updated_at = ${event.at}::timestamptz FROM cur WHERE s.id = cur.id AND s.selected <> ${selected}
        RETURNING s.id, s.item_id, s.project_id, s.type, s.cost::text AS cost
      ), events AS (
        INSERT INTO outbox_events (id, type, payload, occurred_at, request_id)
        SELECT ${event.id}::uuid, ${event.type}, ${event.payload}, ${event.at}::timestamptz, ${event.requestId}::text FROM changed c
      )
      SELECT cur.*, EXISTS (SELECT 1 FROM changed) AS changed FROM cur`;
    if (!row) return null;
    const { changed, ...service } = row;
    return { row: { ...service, selected }, changed };
  }

  /** The items' service of `type` set to `selected` where it differs (a delivery request's choice); the changed ones. */
  async setSelectedOnItems(itemIds: readonly string[], type: ServiceType, selected: boolean): Promise<ChangedService[]> {
    if (itemIds.length === 0) return [];
    const [{ rows }] = await this.db.$queryRaw<{ rows: ChangedService[] | null }[]>`
      WITH changed AS (
        UPDATE services s SET selected = ${selected}, updated_at = now()
        WHERE s.item_id = ANY(${[...itemIds]}::uuid[]) AND s.type = ${type} AND s.selected <> ${selected}
        RETURNING s.id, s.item_id AS "itemId", s.project_id AS "projectId", s.type, s.cost::text AS cost)
      SELECT coalesce(json_agg(changed ORDER BY changed."itemId"), '[]'::json) AS rows FROM changed`;
    return rows ?? [];
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
