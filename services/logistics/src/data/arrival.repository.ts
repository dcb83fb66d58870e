import { AWAITING_ARRIVAL_STATUSES, piecesFlag, type Arrival, type ArrivalStatus, type AssignableItem, type CarrierId, type ItemStatus } from '@midway/contracts';
import { likeContaining } from '@midway/service-kit';
import { Prisma, type Client } from './prisma-client';

export interface NewArrival {
  id: string;
  code: string;
  trackingNumber: string;
  carrierId: CarrierId | null;
  itemId: string | null;
  notes: string | null;
  arrivedAt: Date;
  inspectionDueAt: Date | null;
  byUserId: string;
  /** The pieces this scan brought. */
  pieces: number;
}

/** An item as the desk needs it to receive it. */
export interface ReceivableItem {
  id: string;
  projectId: string;
  name: string;
  status: ItemStatus;
}

export interface ArrivalRecord {
  id: string;
  itemId: string | null;
  discardedAt: Date | null;
  trackingNumber: string;
  notes: string | null;
  arrivedAt: Date;
  pieces: number;
}

const ARRIVAL = Prisma.sql`
  SELECT a.id, a.code, a.tracking_number AS "trackingNumber", a.carrier_id AS "carrierId", a.notes,
         a.arrived_at AS "arrivedAt", a.item_id AS "itemId", i.name AS "itemName", i.project_id AS "projectId",
         p.name AS "projectName", a.inspection_due_at AS "inspectionDueAt",
         a.discarded_at AS "discardedAt", a.discard_reason AS "discardReason",
         a.pieces, i.pieces_received AS "piecesReceived", i.pieces AS "piecesExpected"
  FROM arrivals a LEFT JOIN items i ON i.id = a.item_id LEFT JOIN projects p ON p.id = i.project_id`;

type ArrivalRow = Omit<Arrival, 'arrivedAt' | 'inspectionDueAt' | 'discardedAt' | 'piecesFlag'> & { arrivedAt: Date; inspectionDueAt: Date | null; discardedAt: Date | null };
const toArrival = (r: ArrivalRow): Arrival => ({
  ...r,
  // Unmatched: the item (and its expected pieces) is not known yet.
  piecesReceived: r.itemId ? r.piecesReceived : null,
  piecesExpected: r.itemId ? r.piecesExpected : null,
  piecesFlag: r.itemId && r.piecesReceived !== null && r.piecesExpected !== null ? piecesFlag(r.piecesReceived, r.piecesExpected) : null,
  carrierId: r.carrierId as Arrival['carrierId'],
  arrivedAt: r.arrivedAt.toISOString(),
  inspectionDueAt: r.inspectionDueAt?.toISOString() ?? null,
  discardedAt: r.discardedAt?.toISOString() ?? null,
});

/** Arrivals recorded by the receiving desk: one per item (unique item_id), or unmatched until assigned. */
export class ArrivalRepository {
  constructor(private readonly db: Client) {}

  /** The item, locked until commit: arrivals of one item are recorded one at a time. */
  async lockItem(itemId: string): Promise<ReceivableItem | null> {
    const [row] = await this.db.$queryRaw<ReceivableItem[]>`SELECT id, project_id AS "projectId", name, status FROM items WHERE id = ${itemId}::uuid FOR UPDATE`;
    return row ?? null;
  }

  async insert(a: NewArrival): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO arrivals (id, code, tracking_number, carrier_id, item_id, notes, arrived_at, inspection_due_at, by_user_id, pieces)
      VALUES (${a.id}::uuid, ${a.code}, ${a.trackingNumber}, ${a.carrierId}, ${a.itemId}::uuid, ${a.notes}, ${a.arrivedAt}, ${a.inspectionDueAt}, ${a.byUserId}::uuid, ${a.pieces}::int)`;
  }

  /** An unmatched arrival becomes its item's, due for inspection at `dueAt`. */
  async assign(id: string, itemId: string, dueAt: Date): Promise<void> {
    await this.db.$executeRaw`UPDATE arrivals SET item_id = ${itemId}::uuid, inspection_due_at = ${dueAt} WHERE id = ${id}::uuid AND item_id IS NULL`;
  }

  async view(id: string): Promise<Arrival | null> {
    const [row] = await this.db.$queryRaw<ArrivalRow[]>`${ARRIVAL} WHERE a.id = ${id}::uuid`;
    return row ? toArrival(row) : null;
  }

  async ofItem(itemId: string): Promise<ArrivalRecord | null> {
    const [row] = await this.db.$queryRaw<ArrivalRecord[]>`
      SELECT id, item_id AS "itemId", discarded_at AS "discardedAt", tracking_number AS "trackingNumber", notes, arrived_at AS "arrivedAt", pieces FROM arrivals WHERE item_id = ${itemId}::uuid`;
    return row ?? null;
  }

  /** The arrival, locked until commit (an assignment at a time). */
  async lock(id: string): Promise<ArrivalRecord | null> {
    const [row] = await this.db.$queryRaw<ArrivalRecord[]>`
      SELECT id, item_id AS "itemId", discarded_at AS "discardedAt", tracking_number AS "trackingNumber", notes, arrived_at AS "arrivedAt", pieces FROM arrivals WHERE id = ${id}::uuid FOR UPDATE`;
    return row ?? null;
  }

  /** An unmatched arrival taken off the list with why (false when it was assigned or discarded meanwhile). */
  async discard(id: string, reason: string, byUserId: string, at: Date): Promise<boolean> {
    const n = await this.db.$executeRaw`
      UPDATE arrivals SET discarded_at = ${at}, discard_reason = ${reason}, discarded_by = ${byUserId}::uuid
      WHERE id = ${id}::uuid AND item_id IS NULL AND discarded_at IS NULL`;
    return n === 1;
  }

  /**
   * Items an unmatched arrival may be: not received yet (ordered or in transit, no arrival of their own), across
   * every designer, whose name, project, designer or tracking number contains `q`; most recent first.
   */
  async assignable(q: string, limit = 20): Promise<AssignableItem[]> {
    const like = likeContaining(q);
    const match = q
      ? Prisma.sql`AND (i.name ILIKE ${like} OR p.name ILIKE ${like} OR i.tracking_number ILIKE ${like}
          OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like} OR u.email ILIKE ${like})`
      : Prisma.empty;
    return this.db.$queryRaw<AssignableItem[]>`
      SELECT i.id AS "itemId", i.name AS "itemName", i.project_id AS "projectId", coalesce(p.name, '') AS "projectName",
             coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, '') AS "designerName",
             i.tracking_number AS "trackingNumber", i.status
      FROM items i
      LEFT JOIN projects p ON p.id = i.project_id
      LEFT JOIN users u ON u.id = p.owner_id
      WHERE i.status IN (${Prisma.join([...AWAITING_ARRIVAL_STATUSES])}) AND NOT EXISTS (SELECT 1 FROM arrivals a WHERE a.item_id = i.id) ${match}
      ORDER BY i.created_at DESC, i.id
      LIMIT ${limit}`;
  }

  /** Newest first; unmatched ones wait for an item, matched ones have one, discarded ones were mis-scans. */
  async list(status: ArrivalStatus | undefined, limit = 500): Promise<Arrival[]> {
    const where =
      status === 'unmatched' ? Prisma.sql`WHERE a.item_id IS NULL AND a.discarded_at IS NULL`
      : status === 'matched' ? Prisma.sql`WHERE a.item_id IS NOT NULL`
      : status === 'discarded' ? Prisma.sql`WHERE a.discarded_at IS NOT NULL`
      : Prisma.empty;
    const rows = await this.db.$queryRaw<ArrivalRow[]>`${ARRIVAL} ${where} ORDER BY a.arrived_at DESC, a.id LIMIT ${limit}`;
    return rows.map(toArrival);
  }
}
