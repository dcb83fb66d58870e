import type { Caller } from '@midway/service-kit';
import type { CreateItemBody, Item, ItemStatus, ProjectAccess, TrackingMatch, UpdateItemBody } from '@midway/contracts';
import { stampsFor, stampsSql } from '../domain/item-timestamps';
import { accessibleProjects, accessLevel } from './access.sql';
import { EDITABLE_FIELDS, ITEM_ROW, STORED_FIELDS, type ItemField } from './item.fields';
import { toItem, type ItemRow } from './mappers';
import { Prisma, type Client } from './prisma-client';

/**
 * Rows as one JSON value built by Postgres: the driver adapter then parses a single string instead of
 * converting every cell of every row.
 */
async function jsonRows(db: Client, query: Prisma.Sql): Promise<ItemRow[]> {
  // Newest first, the order of every item list.
  const [{ rows }] = await db.$queryRaw<{ rows: ItemRow[] | null }[]>`SELECT coalesce(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) AS rows FROM (${query}) x`;
  return rows ?? [];
}

/** Item fields as Prisma data: only what the body carries, so an update changes only what was sent. */
function itemData(body: Partial<CreateItemBody> | UpdateItemBody) {
  const { status: _status, price, estimatedPrice, ...rest } = body;
  return {
    ...rest,
    ...(price !== undefined ? { price: price === null ? null : new Prisma.Decimal(price) } : {}),
    ...(estimatedPrice !== undefined ? { estimatedPrice: estimatedPrice === null ? null : new Prisma.Decimal(estimatedPrice) } : {}),
  };
}

/** What an item's carrier is worked out from (trackingOf): its number and its chosen carrier, as stored. */
export interface TrackingFacts {
  trackingNumber: string | null;
  carrierId: string | null;
}

/** A status change asked of changeStatus: what the domain decided the statement writes. */
export interface StatusChange {
  status: ItemStatus;
  /** The roles that may change items (the statement changes nothing for any other). */
  editors: readonly ProjectAccess[];
  at: Date;
  /** The history line's text for the item's name. */
  description: (name: Prisma.Sql) => Prisma.Sql;
  /** The events' outbox rows (id, type, payload) from the changed row `c`. */
  events: Prisma.Sql;
  /** The number and chosen carrier the events' carrier was worked out from: the row must still have them. */
  tracking: TrackingFacts;
  requestId: string | null;
}

/** What changeStatus found: the item before (null when the caller does not reach it), with the caller's role; after, when it changed. */
export interface StatusChangeOutcome {
  before: Item | null;
  access: ProjectAccess | null;
  tracking: TrackingFacts;
  after: Item | null;
}

/** An edit asked of edit(): what the domain decided the statement writes. */
export interface ItemEdit {
  body: UpdateItemBody;
  editors: readonly ProjectAccess[];
  at: Date;
  /** The number and chosen carrier the events' carriers were worked out from: the row must still have them. */
  tracking: TrackingFacts;
  /** The item's carrier (as toItem gives it) before and after the edit, worked out from `tracking` and the body. */
  carrierBefore: string | null;
  carrierAfter: string | null;
  /** The history line when the status changes (the body's status), and when it does not, from the item's name column. */
  statusDescription: ((name: Prisma.Sql) => Prisma.Sql) | null;
  updatedDescription: (name: Prisma.Sql) => Prisma.Sql;
  /** The events' rows (id, type, payload, keep) from the changed row `c` (editEventsSql). */
  events: Prisma.Sql;
  /** A project's total (Σ price × quantity of its items, plus its costs) may not pass this, in cents. */
  totalMaxCents: bigint;
  requestId: string | null;
}

/**
 * Why edit() changed nothing: the caller's role may not edit; the warehouse holds the item and the body changes its
 * status; the row's number or chosen carrier are not the ones the events were worked out from; the edit links a new
 * photo or SKU (which asks other tables and services: the edit in a transaction); the project's total would not fit.
 */
export type EditBlock = 'access' | 'custody' | 'tracking' | 'linking' | 'total';

export interface EditOutcome extends Omit<StatusChangeOutcome, 'after'> {
  blocked: EditBlock | null;
  after: Item | null;
  /** The fields the edit changed (EDITABLE_FIELDS' order); empty when it changed none or did not apply. */
  fields: (keyof Item)[];
}

const EDIT_SQL_TYPES: Partial<Record<string, string>> = { int: 'int', money: 'numeric(10,2)' };

/** A tracking number as compared for matches: without spaces or dashes, in upper case (as carriers print it). */
export const trackingKey = (n: string): string => n.replace(/[\s-]+/g, '').toUpperCase();

/** Other items sharing a tracking number are a hint, so a few are enough. */
const TRACKING_MATCHES_MAX = 5;

/**
 * One item at a time: a project's items, an item (locked for a change), its creation, edit and deletion; and
 * a chosen set of items at once (the Items page's bulk status and delete).
 */
export class ItemRepository {
  constructor(private readonly db: Client) {}

  async byProject(projectId: string): Promise<Item[]> {
    return (await jsonRows(this.db, Prisma.sql`${ITEM_ROW} WHERE i.project_id = ${projectId}::uuid ORDER BY i.created_at DESC, i.id DESC`)).map(toItem);
  }

  /** `lock`: hold the item row until the transaction ends (see itemFor), then read its latest state. */
  async find(id: string, opts: { lock?: boolean } = {}): Promise<Item | null> {
    const [row] = await this.db.$queryRaw<ItemRow[]>`${ITEM_ROW} WHERE i.id = ${id}::uuid ${opts.lock ? Prisma.sql`FOR NO KEY UPDATE OF i` : Prisma.empty}`;
    return row ? toItem(row) : null;
  }

  async insert(projectId: string, body: CreateItemBody, productVariantId: string | null): Promise<Item> {
    const { id } = await this.db.item.create({
      data: { ...itemData(body), name: body.name, projectId, productVariantId, quantity: body.quantity ?? 1, status: body.status ?? 'ordered', ...stampsFor(body.status ?? 'ordered', null) },
      select: { id: true },
    });
    return (await this.find(id))!;
  }

  /** `productVariantId`: given when the SKU changed (null when it was cleared). */
  async update(id: string, body: UpdateItemBody, current: Item, productVariantId?: string | null): Promise<Item> {
    const status = body.status ?? current.status;
    const link = productVariantId !== undefined ? { productVariantId } : {};
    await this.db.item.update({ where: { id }, data: { ...itemData(body), ...link, ...(body.status ? { status } : {}), ...stampsFor(status, current) } });
    return (await this.find(id))!;
  }

  /**
   * A status change in one statement, which Postgres runs as a transaction of its own: the item row is locked and
   * read with the caller's role, updated (stamped by the timestamps rule) when the role may, the status differs, the
   * warehouse does not hold the item (then its facts set the status: the item lifecycle),
   * and the number and chosen carrier are still `tracking`, with its history line and its events inserted from the
   * changed row; nothing else is read. Racing changes of one item queue on its row lock, so each is computed from
   * the one before, and each one's events get their seq after the other's commit (the order of one item's events).
   * The schema's outbox lock is not taken: the statement's triggers update the counters after every CTE, and
   * taking it before them would order the locks the other way round from every other writer.
   */
  async changeStatus(caller: Caller, id: string, change: StatusChange): Promise<StatusChangeOutcome> {
    const at = change.at.toISOString();
    const stamps = stampsSql(change.status, change.at);
    const [row] = await this.db.$queryRaw<{ before: string; after: string | null; access: ProjectAccess | null; tracking_number: string | null; carrier_id: string | null }[]>`
      WITH cur AS (
        SELECT i.*, p.name AS project_name, p.client_name, p.created_by_id, ${accessLevel(caller)} AS access
        FROM items i JOIN projects p ON p.id = i.project_id
        WHERE i.id = ${id}::uuid AND ${accessibleProjects(caller)}
        FOR NO KEY UPDATE OF i
      ), changed AS (
        -- Never dated before the change it follows: a request that read the clock first may get the row second,
        -- and consumers keep the newest fact by this time (changedAt).
        UPDATE items i SET status = ${change.status}, updated_at = GREATEST(${at}::timestamptz, cur.updated_at), received_at = ${stamps.receivedAt}, delivered_at = ${stamps.deliveredAt}
        FROM cur
        WHERE i.id = cur.id AND cur.access = ANY(${[...change.editors]}::text[]) AND cur.status <> ${change.status} AND NOT cur.in_custody
          AND cur.tracking_number IS NOT DISTINCT FROM ${change.tracking.trackingNumber}::text AND cur.carrier_id IS NOT DISTINCT FROM ${change.tracking.carrierId}::text
        RETURNING i.*, cur.status AS from_status, cur.project_name, cur.client_name, cur.created_by_id
      ), history AS (
        INSERT INTO activities (id, project_id, item_id, type, description, metadata)
        SELECT gen_random_uuid(), c.project_id, c.id, 'item_status', ${change.description(Prisma.sql`c.name`)}, jsonb_build_object('from', c.from_status, 'to', c.status)
        FROM changed c
      ), events AS (
        INSERT INTO outbox_events (id, type, payload, occurred_at, request_id)
        SELECT e.id, e.type, e.payload, ${at}::timestamptz, ${change.requestId}::text FROM changed c CROSS JOIN LATERAL ${change.events} AS e(id, type, payload)
      )
      SELECT row_to_json(cur)::text AS before, (SELECT row_to_json(c)::text FROM changed c) AS after, cur.access, cur.tracking_number, cur.carrier_id FROM cur`;
    if (!row) return { before: null, access: null, tracking: { trackingNumber: null, carrierId: null }, after: null };
    return {
      before: toItem(JSON.parse(row.before) as ItemRow),
      access: row.access,
      tracking: { trackingNumber: row.tracking_number, carrierId: row.carrier_id },
      after: row.after ? toItem(JSON.parse(row.after) as ItemRow) : null,
    };
  }

  /**
   * An edit in one statement, run as a transaction of its own (as changeStatus): the item row is locked and read
   * with the caller's role; the guards (EditBlock) are checked against it; the row is updated with the body's
   * fields (a status change stamped by the timestamps rule, updated_at never before the change it follows); the
   * history line and the events are inserted from the changed row when a field changed. Racing edits of one item
   * queue on its row lock, so each is computed from the one before. Nothing else is read, except the project's
   * other items and costs when the price or quantity change (the project total rule).
   */
  async edit(caller: Caller, id: string, edit: ItemEdit): Promise<EditOutcome> {
    const { body } = edit;
    const at = edit.at.toISOString();
    const given = STORED_FIELDS.filter((f) => f.field !== 'status' && Object.hasOwn(body, f.field) && body[f.field as keyof UpdateItemBody] !== undefined);
    const value = (f: ItemField) => {
      const v = body[f.field as keyof UpdateItemBody];
      return Prisma.sql`${v === null || v === undefined ? null : String(v)}::${Prisma.raw(EDIT_SQL_TYPES[f.kind] ?? 'text')}`;
    };
    const valueOf = (field: keyof Item, column: string) => {
      const f = given.find((x) => x.field === field);
      return f ? value(f) : Prisma.raw(`cur.${column}`);
    };
    const status = body.status;
    const sets = [
      ...given.map((f) => Prisma.sql`${Prisma.raw(f.column)} = ${value(f)}`),
      ...(status
        ? (() => {
            const stamps = stampsSql(status, edit.at);
            return [
              Prisma.sql`status = ${status}`,
              Prisma.sql`received_at = CASE WHEN cur.status <> ${status} THEN ${stamps.receivedAt} ELSE i.received_at END`,
              Prisma.sql`delivered_at = CASE WHEN cur.status <> ${status} THEN ${stamps.deliveredAt} ELSE i.delivered_at END`,
            ];
          })()
        : []),
      // Never dated before the change it follows (see changeStatus).
      Prisma.sql`updated_at = GREATEST(${at}::timestamptz, cur.updated_at)`,
    ];
    // Which of the fields an edit can change did change, in EDITABLE_FIELDS' order (the derived carrier as worked out).
    const changedFields = EDITABLE_FIELDS.map((field) => {
      if (field === 'carrierId') return edit.carrierBefore !== edit.carrierAfter ? Prisma.sql`'carrierId'` : Prisma.sql`NULL`;
      if (field === 'status') return status ? Prisma.sql`CASE WHEN i.status <> cur.status THEN 'status' END` : Prisma.sql`NULL`;
      const f = given.find((x) => x.field === field);
      return f ? Prisma.sql`CASE WHEN i.${Prisma.raw(f.column)} IS DISTINCT FROM cur.${Prisma.raw(f.column)} THEN ${field}::text END` : Prisma.sql`NULL`;
    });
    const newPrice = valueOf('price', 'price');
    const newQuantity = valueOf('quantity', 'quantity');
    const photo = body.photoUrl;
    const sku = body.skuCode;
    const [row] = await this.db.$queryRaw<{ before: string; after: string | null; blocked: EditBlock | null; access: ProjectAccess | null; tracking_number: string | null; carrier_id: string | null }[]>`
      WITH cur AS (
        SELECT i.*, p.name AS project_name, p.client_name, p.created_by_id, ${accessLevel(caller)} AS access
        FROM items i JOIN projects p ON p.id = i.project_id
        WHERE i.id = ${id}::uuid AND ${accessibleProjects(caller)}
        FOR NO KEY UPDATE OF i
      ), chk AS (
        SELECT CASE
          WHEN cur.access IS NULL OR NOT cur.access = ANY(${[...edit.editors]}::text[]) THEN 'access'
          WHEN ${status ?? null}::text IS NOT NULL AND cur.status <> ${status ?? null}::text AND cur.in_custody THEN 'custody'
          WHEN cur.tracking_number IS DISTINCT FROM ${edit.tracking.trackingNumber}::text OR cur.carrier_id IS DISTINCT FROM ${edit.tracking.carrierId}::text THEN 'tracking'
          WHEN ${photo ?? null}::text IS NOT NULL AND cur.photo_url IS DISTINCT FROM ${photo ?? null}::text THEN 'linking'
          WHEN ${sku !== undefined}::boolean AND cur.sku_code IS DISTINCT FROM ${sku ?? null}::text THEN 'linking'
          WHEN (${newPrice}) IS NOT NULL AND ((${newPrice}) IS DISTINCT FROM cur.price OR (${newQuantity}) <> cur.quantity)
            AND trunc((coalesce((SELECT sum(o.price * o.quantity) FROM items o WHERE o.project_id = cur.project_id AND o.id <> cur.id), 0)
              + (${newPrice}) * (${newQuantity}) + coalesce((SELECT sum(k.amount) FROM costs k WHERE k.project_id = cur.project_id), 0)) * 100) > ${edit.totalMaxCents.toString()}::numeric
            THEN 'total'
        END AS blocked
        FROM cur
      ), changed AS (
        UPDATE items i SET ${Prisma.join(sets, ', ')}
        FROM cur, chk
        WHERE i.id = cur.id AND chk.blocked IS NULL
        RETURNING i.*, cur.status AS from_status, cur.project_name, cur.client_name, cur.created_by_id,
          array_remove(ARRAY[${Prisma.join(changedFields, ', ')}]::text[], NULL) AS fields
      ), history AS (
        INSERT INTO activities (id, project_id, item_id, type, description, metadata)
        SELECT gen_random_uuid(), c.project_id, c.id,
          CASE WHEN c.status <> c.from_status THEN 'item_status' ELSE 'item_updated' END,
          CASE WHEN c.status <> c.from_status THEN ${edit.statusDescription ? edit.statusDescription(Prisma.sql`c.name`) : Prisma.sql`NULL`} ELSE ${edit.updatedDescription(Prisma.sql`c.name`)} END,
          CASE WHEN c.status <> c.from_status THEN jsonb_build_object('from', c.from_status, 'to', c.status) ELSE jsonb_build_object('fields', to_jsonb(c.fields)) END
        FROM changed c WHERE cardinality(c.fields) > 0
      ), events AS (
        INSERT INTO outbox_events (id, type, payload, occurred_at, request_id)
        SELECT e.id, e.type, e.payload, ${at}::timestamptz, ${edit.requestId}::text
        FROM changed c CROSS JOIN LATERAL ${edit.events} AS e(id, type, payload, keep) WHERE e.keep AND cardinality(c.fields) > 0
      )
      SELECT row_to_json(cur)::text AS before, (SELECT row_to_json(c)::text FROM changed c) AS after, chk.blocked, cur.access, cur.tracking_number, cur.carrier_id
      FROM cur, chk`;
    if (!row) return { before: null, access: null, tracking: { trackingNumber: null, carrierId: null }, after: null, blocked: null, fields: [] };
    const after = row.after ? (JSON.parse(row.after) as ItemRow & { fields: (keyof Item)[] }) : null;
    return {
      before: toItem(JSON.parse(row.before) as ItemRow),
      access: row.access,
      tracking: { trackingNumber: row.tracking_number, carrierId: row.carrier_id },
      after: after ? toItem(after) : null,
      blocked: row.blocked,
      fields: after?.fields ?? [],
    };
  }

  async delete(id: string): Promise<void> {
    await this.db.item.delete({ where: { id } });
  }

  /**
   * The items among `ids` whose project the caller reaches (the others are left out, never locked). `lock`
   * holds them until the transaction ends, taken in id order so two bulk changes of overlapping items queue
   * instead of deadlocking; each is then read in its latest state.
   */
  async findReachable(caller: Caller, ids: readonly string[], opts: { lock?: boolean } = {}): Promise<Item[]> {
    const rows = await this.db.$queryRaw<ItemRow[]>`${ITEM_ROW}
      WHERE i.id = ANY(${[...ids]}::uuid[]) AND ${accessibleProjects(caller)}
      ORDER BY i.id ${opts.lock ? Prisma.sql`FOR NO KEY UPDATE OF i` : Prisma.empty}`;
    return rows.map(toItem);
  }

  /**
   * Moves the items (as read, locked) to `status` in one statement, each stamped by the same rule as a single
   * change (stampsFor): the stamps are computed per item from its current state and written together.
   */
  async setStatus(current: readonly Item[], status: ItemStatus, now = new Date()): Promise<Item[]> {
    if (current.length === 0) return [];
    const stamps = current.map((item) => stampsFor(status, item, now));
    const ids = current.map((item) => item.id);
    await this.db.$executeRaw`
      UPDATE items i SET status = ${status}, updated_at = ${now.toISOString()}::timestamptz,
        received_at = coalesce(s.received_at, i.received_at), delivered_at = coalesce(s.delivered_at, i.delivered_at)
      FROM unnest(${ids}::uuid[], ${stamps.map((x) => x.receivedAt?.toISOString() ?? null)}::timestamptz[], ${stamps.map((x) => x.deliveredAt?.toISOString() ?? null)}::timestamptz[])
        AS s(id, received_at, delivered_at)
      WHERE i.id = s.id`;
    const rows = await this.db.$queryRaw<ItemRow[]>`${ITEM_ROW} WHERE i.id = ANY(${ids}::uuid[]) ORDER BY i.id`;
    return rows.map(toItem);
  }

  async deleteMany(ids: readonly string[]): Promise<number> {
    return (await this.db.item.deleteMany({ where: { id: { in: [...ids] } } })).count;
  }

  /**
   * Items of projects the caller reaches whose tracking number is `trackingNumber` (compared by trackingKey),
   * besides `exceptItemId`. Only the caller's reach is read, so nothing about other designers' items shows.
   */
  async trackingMatches(caller: Caller, trackingNumber: string, exceptItemId?: string): Promise<TrackingMatch[]> {
    const key = trackingKey(trackingNumber);
    if (!key) return [];
    const rows = await this.db.$queryRaw<{ id: string; name: string; project_id: string; project_name: string }[]>`
      SELECT i.id, i.name, i.project_id, p.name AS project_name FROM items i JOIN projects p ON p.id = i.project_id
      WHERE upper(regexp_replace(i.tracking_number, '[[:space:]-]+', '', 'g')) = ${key}
        AND ${exceptItemId ? Prisma.sql`i.id <> ${exceptItemId}::uuid` : Prisma.sql`TRUE`} AND ${accessibleProjects(caller)}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${TRACKING_MATCHES_MAX}`;
    return rows.map((r) => ({ id: r.id, name: r.name, projectId: r.project_id, projectName: r.project_name, url: `/projects/${r.project_id}?item=${r.id}` }));
  }
}
