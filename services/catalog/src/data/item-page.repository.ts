import type { Pool } from 'pg';
import { likeContaining, type Caller } from '@midway/service-kit';
import { isAdmin, ITEM_COUNT_STATUS, ITEM_STATUSES, type ItemsSummary, type ItemsSummaryQuery, type ListItemsQuery } from '@midway/contracts';
import { accessibleProjects } from './access.sql';
import { decodeCursor, encodeCursor, InvalidCursorError } from './item-cursor.codec';
import { CURSOR_AT, ID_AT, itemsJson, PAGE_COLUMNS, type Cell, type PageRow } from './item-json.writer';
import { itemsPage, type ItemPageCache, type ItemsPage } from './item-page.cache';
import { ProjectCountCache } from './project-count.cache';
import { Prisma, type Client } from './prisma-client';

/** The filters GET /api/items and its summary share: what the caller may see, then project, status and text. */
function itemFilters(caller: Caller, q: ItemsSummaryQuery): Prisma.Sql[] {
  return [accessibleProjects(caller), ...itemOnlyFilters(q)];
}

/** The filters on the item's own columns (`i`). */
function itemOnlyFilters(q: ItemsSummaryQuery): Prisma.Sql[] {
  return [
    q.projectId ? Prisma.sql`i.project_id = ${q.projectId}::uuid` : Prisma.empty,
    q.status ? Prisma.sql`i.status = ${q.status}` : Prisma.empty,
    q.q ? Prisma.sql`(i.name ILIKE ${likeContaining(q.q)} OR i.supplier ILIKE ${likeContaining(q.q)} OR i.schedule_number ILIKE ${likeContaining(q.q)} OR i.tracking_number ILIKE ${likeContaining(q.q)})` : Prisma.empty,
  ].filter((f) => f !== Prisma.empty);
}

/** A page is read project by project (see readPage) while that reads at most this many rows (projects × page size + 1). */
const MAX_ROWS_BY_PROJECT = 4000;
/** One for the process: repositories are made per unit of work. */
const projectCounts = new ProjectCountCache();
/** Every column as the text Postgres sent. */
const AS_TEXT = { getTypeParser: () => (v: string) => v };

/** The Items page's reads: a page of the list (as its answer's JSON) and the counts over the same filters. */
export class ItemPageRepository {
  constructor(
    private readonly db: Client,
    /** Plain pg for the items page, the hottest read; same SQL, without Prisma's fixed cost per query. */
    private readonly reader?: Pool,
    /** Pages built once and reused until something they show changes (see ItemPageCache). */
    private readonly pages?: ItemPageCache,
  ) {}

  /** One page of the list, as its answer's JSON bytes; reused while nothing in it has changed. */
  async page(caller: Caller, q: ListItemsQuery): Promise<ItemsPage> {
    // The query is zod's output, so the same filters always give the same key.
    const read = () => this.readPage(caller, q);
    if (this.pages) return this.pages.page(`${caller.role}|${caller.userId}|${JSON.stringify(q)}`, read);
    return itemsPage(await read());
  }

  /** One page of the list as the JSON text of its answer: rows come as Postgres's text in arrays, written straight into JSON (itemsJson). */
  private async readPage(caller: Caller, q: ListItemsQuery): Promise<{ json: string; nextCursor: string | null }> {
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) throw new InvalidCursorError();
    const filters = [
      ...itemOnlyFilters(q),
      after ? Prisma.sql`(i.created_at, i.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty,
    ].filter((f) => f !== Prisma.empty);
    const where = (all: Prisma.Sql[]) => (all.length ? Prisma.sql`WHERE ${Prisma.join(all, ' AND ')}` : Prisma.empty);
    // A caller with few projects (and no project filter): each project's newest items from its own index
    // range, then the newest of those; along the index of every item, a designer whose items are older than
    // many others' would read all of those first. For a caller with many projects the shared index finds their
    // items sooner; that walk passes over every newer item of other designers, so it reads only the index
    // (project and status are in it) to choose the page's ids, and then the page's rows.
    const byProject = !q.projectId && !isAdmin(caller) && (await this.projectCount(caller)) * (q.limit + 1) <= MAX_ROWS_BY_PROJECT;
    const query = byProject
      ? Prisma.sql`SELECT ${PAGE_COLUMNS} FROM projects p CROSS JOIN LATERAL (
          SELECT * FROM items i ${where([Prisma.sql`i.project_id = p.id`, ...filters])} ORDER BY i.created_at DESC, i.id DESC LIMIT ${q.limit + 1}) i
        WHERE ${accessibleProjects(caller)} ORDER BY i.created_at DESC, i.id DESC LIMIT ${q.limit + 1}`
      : Prisma.sql`SELECT ${PAGE_COLUMNS} FROM (
          SELECT i.id FROM items i JOIN projects p ON p.id = i.project_id
          ${where([accessibleProjects(caller), ...filters])} ORDER BY i.created_at DESC, i.id DESC LIMIT ${q.limit + 1}) page
        JOIN items i ON i.id = page.id JOIN projects p ON p.id = i.project_id ORDER BY i.created_at DESC, i.id DESC`;
    const rows = this.reader
      ? (await this.reader.query<PageRow>({ text: query.text, values: query.values, rowMode: 'array', types: AS_TEXT })).rows
      : (await this.db.$queryRaw<Record<string, Cell>[]>(query)).map((r) => Object.values(r));
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const last = page[page.length - 1];
    return { json: itemsJson(page), nextCursor: more && last ? encodeCursor({ id: String(last[ID_AT]), createdAt: String(last[CURSOR_AT]) }) : null };
  }

  /** How many projects the caller reaches (remembered a minute, see ProjectCountCache). */
  private projectCount(caller: Caller): Promise<number> {
    return projectCounts.of(caller.userId, async () => {
      const [row] = await this.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM projects p WHERE ${accessibleProjects(caller)}`;
      return row?.n ?? 0;
    });
  }

  /**
   * The Items page's counts in one aggregate over what the same filters list. The buckets follow the contracts'
   * one counting rule (ITEM_COUNT_STATUS: an item counts under its own status, as the dashboard and the project
   * page count); byStatus counts each item under its own status.
   */
  async summary(caller: Caller, q: ItemsSummaryQuery): Promise<ItemsSummary> {
    const [row] = await this.db.$queryRaw<ItemsSummary[]>`
      WITH f AS (SELECT i.project_id, i.status FROM items i JOIN projects p ON p.id = i.project_id WHERE ${Prisma.join(itemFilters(caller, q), ' AND ')})
      SELECT
        count(*)::int AS total,
        count(*) FILTER (WHERE status = ${ITEM_COUNT_STATUS.ordered})::int AS ordered,
        count(*) FILTER (WHERE status = ${ITEM_COUNT_STATUS.inTransit})::int AS "inTransit",
        count(*) FILTER (WHERE status = ${ITEM_COUNT_STATUS.delivered})::int AS delivered,
        count(*) FILTER (WHERE status = 'received')::int AS received,
        count(*) FILTER (WHERE status = 'stored')::int AS stored,
        json_build_object(${Prisma.join(ITEM_STATUSES.map((s) => Prisma.sql`${s}::text, count(*) FILTER (WHERE status = ${s})::int`))}) AS "byStatus",
        coalesce((SELECT json_agg(json_build_object('projectId', project_id, 'count', n) ORDER BY n DESC, project_id)
                  FROM (SELECT project_id, count(*)::int AS n FROM f GROUP BY project_id) g), '[]'::json) AS "byProject"
      FROM f`;
    return row!;
  }
}
