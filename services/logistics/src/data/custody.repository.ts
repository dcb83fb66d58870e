import { randomUUID } from 'node:crypto';
import { piecesFlag, type CustodyEnd, type CustodyEvent, type CustodyEventKind, type CustodyState, type CustodyView, type ItemStatus, type LocationKind } from '@midway/contracts';
import { likeContaining } from '@midway/service-kit';
import { Prisma, type Client } from './prisma-client';

/** An item's custody as a use case decides on it (locked with lockItem). */
export interface CustodyItem {
  id: string;
  projectId: string;
  name: string;
  status: ItemStatus;
  pieces: number;
  piecesReceived: number;
  custodyState: CustodyState | null;
  custodySince: Date | null;
  custodyEndedAt: Date | null;
  custodyEnd: CustodyEnd | null;
  locationId: string | null;
  locationCode: string | null;
}

/** One line of the timeline as written. */
export interface NewCustodyEvent {
  itemId: string;
  projectId: string;
  kind: CustodyEventKind;
  at: Date;
  byUserId: string;
  fromLocationId?: string | null;
  toLocationId?: string | null;
  deliveryId?: string | null;
  runId?: string | null;
  countId?: string | null;
  piece?: number | null;
  pieces?: number | null;
  reason?: string | null;
  staffNote?: string | null;
}

/** Where find's next page starts: after this item of the custody order (newest arrival first). */
export interface WarehouseItemsCursor {
  since: string;
  itemId: string;
}

/** What an item's label prints (its sidemark). */
export interface LabelFacts {
  itemId: string;
  itemName: string;
  projectName: string;
  clientName: string;
  designerName: string;
  roomLocation: string | null;
  pieces: number;
}

const VIEW = Prisma.sql`
  SELECT i.id AS "itemId", i.name AS "itemName", i.project_id AS "projectId", coalesce(p.name, '') AS "projectName",
         coalesce(p.client_name, '') AS "clientName",
         coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, '') AS "designerName",
         i.tracking_number AS "trackingNumber", i.status, i.custody_state AS state,
         l.id AS "locationId", l.code AS "locationCode", l.name AS "locationName", l.kind AS "locationKind",
         i.pieces AS "piecesExpected", i.pieces_received AS "piecesReceived",
         i.custody_since AS since, i.custody_ended_at AS "endedAt", i.custody_end AS "end"
  FROM items i
  LEFT JOIN projects p ON p.id = i.project_id
  LEFT JOIN users u ON u.id = p.owner_id
  LEFT JOIN locations l ON l.id = i.location_id`;

type ViewRow = Omit<CustodyView, 'location' | 'since' | 'endedAt' | 'inCustody' | 'piecesFlag'> & {
  locationId: string | null;
  locationCode: string | null;
  locationName: string | null;
  locationKind: LocationKind | null;
  since: Date | null;
  endedAt: Date | null;
};

const toView = ({ locationId, locationCode, locationName, locationKind, since, endedAt, ...r }: ViewRow): CustodyView => ({
  ...r,
  inCustody: r.state !== null,
  location: locationId ? { id: locationId, code: locationCode!, name: locationName!, kind: locationKind! } : null,
  piecesFlag: r.state !== null ? piecesFlag(r.piecesReceived, r.piecesExpected) : null,
  since: since?.toISOString() ?? null,
  endedAt: endedAt?.toISOString() ?? null,
});

type TimelineRow = Omit<CustodyEvent, 'at'> & { at: Date };

/**
 * Items' custody (state, place, pieces, since/end, on logistics' items) and their timeline (custody_events): one
 * line per fact, written in the transaction that records the fact and its event.
 */
export class CustodyRepository {
  constructor(private readonly db: Client) {}

  /** The item, locked until commit: custody facts of one item are recorded one at a time. */
  async lockItem(itemId: string): Promise<CustodyItem | null> {
    const [row] = await this.db.$queryRaw<CustodyItem[]>`
      SELECT i.id, i.project_id AS "projectId", i.name, i.status, i.pieces, i.pieces_received AS "piecesReceived",
             i.custody_state AS "custodyState", i.custody_since AS "custodySince", i.custody_ended_at AS "custodyEndedAt",
             i.custody_end AS "custodyEnd", i.location_id AS "locationId", (SELECT l.code FROM locations l WHERE l.id = i.location_id) AS "locationCode"
      FROM items i WHERE i.id = ${itemId}::uuid FOR UPDATE OF i`;
    return row ?? null;
  }

  async view(itemId: string): Promise<CustodyView | null> {
    const [row] = await this.db.$queryRaw<ViewRow[]>`${VIEW} WHERE i.id = ${itemId}::uuid`;
    return row ? toView(row) : null;
  }

  /**
   * Items in custody, newest arrival first, whose name, designer, project, client or tracking number contains `q`
   * (the tracking number also as scans normalise it: `trackingKey`). One more than `limit` tells of a next page.
   */
  async find(q: string, trackingKey: string | null, limit: number, after: WarehouseItemsCursor | null): Promise<{ items: CustodyView[]; next: WarehouseItemsCursor | null }> {
    const like = likeContaining(q);
    const match = q
      ? Prisma.sql`AND (i.name ILIKE ${like} OR p.name ILIKE ${like} OR p.client_name ILIKE ${like}
          OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like} OR u.email ILIKE ${like}
          OR i.tracking_number ILIKE ${likeContaining(trackingKey ?? q)})`
      : Prisma.empty;
    const page = after ? Prisma.sql`AND (i.custody_since, i.id) < (${new Date(after.since)}, ${after.itemId}::uuid)` : Prisma.empty;
    const rows = await this.db.$queryRaw<ViewRow[]>`
      ${VIEW} WHERE i.custody_state IS NOT NULL ${match} ${page}
      ORDER BY i.custody_since DESC, i.id DESC LIMIT ${limit + 1}`;
    const items = rows.slice(0, limit).map(toView);
    const last = items.at(-1);
    return { items, next: rows.length > limit && last ? { since: last.since!, itemId: last.itemId } : null };
  }

  /** Oldest first; who recorded each line by name (or e-mail). */
  async timeline(itemId: string): Promise<CustodyEvent[]> {
    const rows = await this.db.$queryRaw<TimelineRow[]>`
      SELECT e.id, e.kind, e.at, coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, 'Midway staff') AS "byName",
             f.code AS "fromLocationCode", t.code AS "toLocationCode", e.delivery_id AS "deliveryId", e.run_id AS "runId",
             e.count_id AS "countId", coalesce(e.piece, e.pieces) AS piece, e.reason, e.staff_note AS "staffNote"
      FROM custody_events e
      LEFT JOIN users u ON u.id = e.by_user_id
      LEFT JOIN locations f ON f.id = e.from_location_id
      LEFT JOIN locations t ON t.id = e.to_location_id
      WHERE e.item_id = ${itemId}::uuid
      ORDER BY e.at, e.id`;
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  /** A line of the item's timeline. */
  async append(e: NewCustodyEvent): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, from_location_id, to_location_id, delivery_id, run_id, count_id, piece, pieces, reason, staff_note)
      VALUES (${randomUUID()}::uuid, ${e.itemId}::uuid, ${e.projectId}::uuid, ${e.kind}, ${e.at}, ${e.byUserId}::uuid, ${e.fromLocationId ?? null}::uuid,
              ${e.toLocationId ?? null}::uuid, ${e.deliveryId ?? null}::uuid, ${e.runId ?? null}::uuid, ${e.countId ?? null}::uuid,
              ${e.piece ?? null}::int, ${e.pieces ?? null}::int, ${e.reason ?? null}, ${e.staffNote ?? null})`;
  }

  /** Custody begins (the first arrival; `since` stays the first's) and `piecesReceived` have come so far. */
  async arrived(itemId: string, arrivedAt: Date, piecesReceived: number): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET custody_since = coalesce(custody_since, ${arrivedAt}), custody_state = coalesce(custody_state, 'received'),
                       pieces_received = ${piecesReceived}::int, updated_at = now()
      WHERE id = ${itemId}::uuid`;
  }

  /** The item is now at `locationId` (stored). */
  async place(itemId: string, locationId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE items SET location_id = ${locationId}::uuid, custody_state = 'stored', status = 'stored', updated_at = now() WHERE id = ${itemId}::uuid`;
  }

  /** Custody ended at `at` (released, or delivered): the item has no place in the warehouse any more. */
  async end(itemId: string, end: CustodyEnd, at: Date, status: ItemStatus): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET custody_state = NULL, custody_end = ${end}, custody_ended_at = ${at}, location_id = NULL, status = ${status}, updated_at = now()
      WHERE id = ${itemId}::uuid`;
  }

  /** An item that went out and came back undelivered is where it was before: on its shelf, or received. */
  async comeBack(itemId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET custody_state = CASE WHEN location_id IS NULL THEN 'received' ELSE 'stored' END, updated_at = now()
      WHERE id = ${itemId}::uuid AND custody_state IN ('loaded', 'out')`;
  }

  /** The sidemark of each of the item's labels. */
  async labelFacts(itemId: string): Promise<LabelFacts | null> {
    const [row] = await this.db.$queryRaw<LabelFacts[]>`
      SELECT i.id AS "itemId", i.name AS "itemName", coalesce(p.name, '') AS "projectName", coalesce(p.client_name, '') AS "clientName",
             coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, '') AS "designerName",
             i.room_location AS "roomLocation", i.pieces
      FROM items i LEFT JOIN projects p ON p.id = i.project_id LEFT JOIN users u ON u.id = p.owner_id
      WHERE i.id = ${itemId}::uuid`;
    return row ?? null;
  }
}
