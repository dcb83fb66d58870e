import type { Pool } from 'pg';
import type { Caller } from '@midway/service-kit';
import type { CreateItemBody, Item, ItemStatus, ListItemsQuery, UpdateItemBody } from '@midway/contracts';
import { accessibleProjects } from './access.sql';
import { toItem, type ItemRow } from './mappers';
import { Prisma, type Client } from './prisma-client';

// cursor_at: created_at as Postgres's own text, to the microsecond (a JS Date keeps only milliseconds,
// and bulk-imported rows are a microsecond apart).
const SELECT = Prisma.sql`SELECT i.*, p.name AS project_name, p.client_name, i.created_at::text AS cursor_at FROM items i JOIN projects p ON p.id = i.project_id`;

/** Cursor = the last row's (created_at, id), opaque to callers. */
const encodeCursor = (r: ItemRow & { cursor_at?: string }) => Buffer.from(`${r.cursor_at}|${r.id}`).toString('base64url');
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Checked before it reaches SQL: a tampered cursor is a 400, never a database error. */
function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && TIMESTAMP_TEXT.test(at) && isRealInstant(at) && UUID.test(id) ? { createdAt: at, id } : null;
}

/** The calendar and clock fields name a real instant (no 30 February, no 25:00), so the cast cannot fail. */
function isRealInstant(at: string): boolean {
  const [y, mo, d, h, mi, sec] = at.split(/[- :.+]/).map(Number) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d && h! < 24 && mi! < 60 && sec! < 60;
}

export class InvalidCursorError extends Error {}

/**
 * Rows as one JSON value built by Postgres: the driver adapter then parses a single string instead of
 * converting every cell of every row, which dominated pages of 200 and imports of 10,000.
 */
async function jsonRows(db: Client, query: Prisma.Sql): Promise<ItemRow[]> {
  // Newest first, the order of every item list.
  const [{ rows }] = await db.$queryRaw<{ rows: ItemRow[] | null }[]>`SELECT coalesce(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) AS rows FROM (${query}) x`;
  return rows ?? [];
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Item fields as Prisma data: only what the body carries, so an update changes only what was sent. */
function itemData(body: Partial<CreateItemBody> | UpdateItemBody) {
  const { status: _status, price, estimatedPrice, ...rest } = body;
  return {
    ...rest,
    ...(price !== undefined ? { price: price === null ? null : new Prisma.Decimal(price) } : {}),
    ...(estimatedPrice !== undefined ? { estimatedPrice: estimatedPrice === null ? null : new Prisma.Decimal(estimatedPrice) } : {}),
  };
}

export class ItemRepository {
  constructor(
    private readonly db: Client,
    /** Plain pg for the items page, the hottest read; same SQL, without Prisma's fixed cost per query. */
    private readonly reader?: Pool,
  ) {}

  async page(caller: Caller, q: ListItemsQuery): Promise<{ items: Item[]; nextCursor: string | null }> {
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) throw new InvalidCursorError();
    const filters = [
      accessibleProjects(caller),
      q.projectId ? Prisma.sql`i.project_id = ${q.projectId}::uuid` : Prisma.empty,
      q.status ? Prisma.sql`i.status = ${q.status}` : Prisma.empty,
      q.q ? Prisma.sql`(i.name ILIKE ${likeEscape(q.q)} OR i.supplier ILIKE ${likeEscape(q.q)} OR i.schedule_number ILIKE ${likeEscape(q.q)})` : Prisma.empty,
      after ? Prisma.sql`(i.created_at, i.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty,
    ].filter((f) => f !== Prisma.empty);
    const query = Prisma.sql`${SELECT} WHERE ${Prisma.join(filters, ' AND ')} ORDER BY i.created_at DESC, i.id DESC LIMIT ${q.limit + 1}`;
    const rows = this.reader ? (await this.reader.query<ItemRow>(query.text, query.values)).rows : await jsonRows(this.db, query);
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    return { items: page.map(toItem), nextCursor: more ? encodeCursor(page[page.length - 1]!) : null };
  }

  async byProject(projectId: string): Promise<Item[]> {
    return (await jsonRows(this.db, Prisma.sql`${SELECT} WHERE i.project_id = ${projectId}::uuid ORDER BY i.created_at DESC, i.id DESC`)).map(toItem);
  }

  async find(id: string): Promise<Item | null> {
    const [row] = await this.db.$queryRaw<ItemRow[]>`${SELECT} WHERE i.id = ${id}::uuid`;
    return row ? toItem(row) : null;
  }

  async insert(projectId: string, body: CreateItemBody, productVariantId: string | null): Promise<Item> {
    const { id } = await this.db.item.create({
      data: { ...itemData(body), name: body.name, projectId, productVariantId, quantity: body.quantity ?? 1, status: body.status ?? 'ordered', ...stampsFor(body.status ?? 'ordered', null) },
      select: { id: true },
    });
    return (await this.find(id))!;
  }

  /** Set-based insert of many rows in one statement; returns them in input order without a second query. */
  async insertMany(project: { id: string; name: string; clientName: string }, rows: CreateItemBody[]): Promise<Item[]> {
    if (rows.length === 0) return [];
    const now = new Date().toISOString();
    const payload = rows.map((r, n) => ({
      n,
      name: r.name,
      supplier: r.supplier ?? null,
      product_url: r.productUrl ?? null,
      quantity: r.quantity ?? 1,
      schedule_number: r.scheduleNumber ?? null,
      tracking_number: r.trackingNumber ?? null,
      notes: r.notes ?? null,
      sku_code: r.skuCode ?? null,
      price: r.price ?? null,
      status: r.status ?? 'ordered',
    }));
    // Ids are drawn in a materialised CTE so each returned row maps back to its input position.
    const [{ rows: inserted }] = await this.db.$queryRaw<{ rows: ItemRow[] }[]>`
      WITH input AS MATERIALIZED (
        SELECT gen_random_uuid() AS id, x.* FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS x(
          n int, name text, supplier text, product_url text, quantity int, schedule_number text, tracking_number text,
          notes text, sku_code text, price numeric, status text)
      ), ins AS (
        INSERT INTO items (id, project_id, name, supplier, product_url, quantity, schedule_number, tracking_number, notes, sku_code, price, status, received_at, delivered_at, created_at, updated_at)
        SELECT id, ${project.id}::uuid, name, supplier, product_url, quantity, schedule_number, tracking_number, notes, sku_code, price, status,
               CASE WHEN status IN ('received', 'stored', 'delivered') THEN ${now}::timestamptz END,
               CASE WHEN status = 'delivered' THEN ${now}::timestamptz END,
               -- A microsecond apart in file order, so the newest-first list shows the file's order.
               ${now}::timestamptz - make_interval(secs => n / 1000000.0), ${now}::timestamptz
        FROM input
        RETURNING *
      )
      SELECT json_agg(ins.* ORDER BY input.n) AS rows FROM ins JOIN input USING (id)`;
    return inserted.map((r) => toItem({ ...r, project_name: project.name, client_name: project.clientName }));
  }

  async update(id: string, body: UpdateItemBody, current: Item): Promise<Item> {
    const status = body.status ?? current.status;
    await this.db.item.update({ where: { id }, data: { ...itemData(body), ...(body.status ? { status } : {}), ...stampsFor(status, current) } });
    return (await this.find(id))!;
  }

  async delete(id: string): Promise<void> {
    await this.db.item.delete({ where: { id } });
  }
}

/**
 * Moving to received (or straight to stored) stamps receivedAt; moving to delivered stamps deliveredAt.
 * Leaving those states keeps the stamps: history is never erased.
 */
export function stampsFor(to: ItemStatus, current: Pick<Item, 'status' | 'receivedAt' | 'deliveredAt'> | null): { receivedAt?: Date; deliveredAt?: Date } {
  if (current && current.status === to) return {};
  const now = new Date();
  if (to === 'received') return { receivedAt: now };
  if (to === 'stored' && !current?.receivedAt) return { receivedAt: now };
  if (to === 'delivered') return { deliveredAt: now };
  return {};
}
