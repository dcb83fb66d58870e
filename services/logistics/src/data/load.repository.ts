import type { PickListEntry } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

/** An item of a delivery run with what the load check needs (load-check.ts's LoadState) and its delivery. */
export interface RunItemRow {
  itemId: string;
  name: string;
  projectId: string;
  deliveryId: string;
  deliveryStatus: string;
  pieces: number;
  piecesReceived: number;
  custodyState: string | null;
  locationId: string | null;
  loadedPieces: number[];
  leftBehind: string | null;
}

/**
 * The pieces on the truck: the run's loads while the item is on it (custody loaded or out). An item scanned off the
 * truck onto a shelf (a move) is stored again, and its earlier loads no longer count.
 */
const LOADED = Prisma.sql`CASE WHEN i.custody_state IN ('loaded', 'out') THEN
  COALESCE((SELECT array_agg(rl.piece ORDER BY rl.piece) FROM run_loads rl WHERE rl.run_id = d.run_id AND rl.item_id = i.id), '{}') ELSE '{}' END`;

const RUN_ITEM = Prisma.sql`
  i.id AS "itemId", i.name, i.project_id AS "projectId", d.id AS "deliveryId", d.status AS "deliveryStatus",
  i.pieces, i.pieces_received AS "piecesReceived", i.custody_state AS "custodyState", i.location_id AS "locationId",
  ${LOADED} AS "loadedPieces",
  (SELECT lb.reason FROM run_left_behind lb WHERE lb.run_id = d.run_id AND lb.item_id = i.id) AS "leftBehind"`;

interface PickRow extends Omit<PickListEntry, 'location'> {
  locationId: string | null;
  locationCode: string | null;
  locationName: string | null;
  locationKind: 'dock' | 'bin' | 'floor' | 'staging' | null;
}

/**
 * A delivery run's load check: the pieces scanned onto its truck (run_loads, one row per piece: a repeated or
 * raced scan inserts nothing) and the items staff left behind with why (run_left_behind). A run is the
 * deliveries staff fixed together (deliveries.run_id); a cancelled one is no longer on it.
 */
export class LoadRepository {
  constructor(private readonly db: Client) {}

  /** The run's date, or null when no delivery is (still) on it. */
  async runDate(runId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ date: string }[]>`
      SELECT to_char(min(date), 'YYYY-MM-DD') AS date FROM deliveries WHERE run_id = ${runId}::uuid AND status <> 'cancelled' HAVING count(*) > 0`;
    return row?.date ?? null;
  }

  /** The run a delivery is on (null before staff fix one). */
  async runOf(deliveryId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ runId: string | null }[]>`SELECT run_id AS "runId" FROM deliveries WHERE id = ${deliveryId}::uuid`;
    return row?.runId ?? null;
  }

  /** The run's items (of its deliveries not cancelled), or of one delivery of it. */
  runItems(runId: string, deliveryId: string | null = null): Promise<RunItemRow[]> {
    return this.db.$queryRaw<RunItemRow[]>`
      SELECT ${RUN_ITEM}
      FROM deliveries d JOIN delivery_items di ON di.delivery_id = d.id JOIN items i ON i.id = di.item_id
      WHERE d.run_id = ${runId}::uuid AND d.status <> 'cancelled' AND (${deliveryId}::uuid IS NULL OR d.id = ${deliveryId}::uuid)
      ORDER BY i.name, i.id`;
  }

  /** The item on the run, its delivery locked (a load or left-behind waits for an `out` of that delivery, and vice versa). */
  async lockRunItem(runId: string, itemId: string): Promise<RunItemRow | null> {
    const [delivery] = await this.db.$queryRaw<{ id: string }[]>`
      SELECT d.id FROM deliveries d JOIN delivery_items di ON di.delivery_id = d.id
      WHERE d.run_id = ${runId}::uuid AND d.status <> 'cancelled' AND di.item_id = ${itemId}::uuid
      FOR UPDATE OF d`;
    if (!delivery) return null;
    const [row] = await this.db.$queryRaw<RunItemRow[]>`
      SELECT ${RUN_ITEM} FROM deliveries d JOIN delivery_items di ON di.delivery_id = d.id JOIN items i ON i.id = di.item_id
      WHERE d.id = ${delivery.id}::uuid AND i.id = ${itemId}::uuid`;
    return row ?? null;
  }

  /** The piece goes on the truck; false when it was on it already (the database's word, so a raced scan is seen). */
  async load(runId: string, itemId: string, piece: number, at: Date, byUserId: string): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO run_loads (run_id, item_id, piece, loaded_at, by_user_id) VALUES (${runId}::uuid, ${itemId}::uuid, ${piece}, ${at}, ${byUserId}::uuid)
      ON CONFLICT DO NOTHING`;
    return n === 1;
  }

  /** Loads of an item no longer on the truck (it was scanned onto a shelf since): they do not count any more. */
  async clearStaleLoads(runId: string, itemId: string): Promise<void> {
    await this.db.$executeRaw`DELETE FROM run_loads WHERE run_id = ${runId}::uuid AND item_id = ${itemId}::uuid`;
  }

  /** A loaded item is no longer left behind (staff found room, or changed their mind). */
  async clearLeftBehind(runId: string, itemId: string): Promise<void> {
    await this.db.$executeRaw`DELETE FROM run_left_behind WHERE run_id = ${runId}::uuid AND item_id = ${itemId}::uuid`;
  }

  /**
   * The item stays behind with why: its loaded pieces come off the truck. False when it was left behind for that
   * very reason already (a repeat has one effect); another reason replaces the first.
   */
  async leaveBehind(runId: string, itemId: string, reason: string, at: Date, byUserId: string): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO run_left_behind (run_id, item_id, reason, at, by_user_id) VALUES (${runId}::uuid, ${itemId}::uuid, ${reason}, ${at}, ${byUserId}::uuid)
      ON CONFLICT (run_id, item_id) DO UPDATE SET reason = EXCLUDED.reason, at = EXCLUDED.at, by_user_id = EXCLUDED.by_user_id
      WHERE run_left_behind.reason IS DISTINCT FROM EXCLUDED.reason`;
    if (n === 1) await this.db.$executeRaw`DELETE FROM run_loads WHERE run_id = ${runId}::uuid AND item_id = ${itemId}::uuid`;
    return n === 1;
  }

  /** The item is on the truck (custody state loaded). */
  async markLoaded(itemId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE items SET custody_state = 'loaded' WHERE id = ${itemId}::uuid AND custody_state IN ('received', 'stored', 'loaded')`;
  }

  /** An item off the truck is back where it was: on its shelf (stored), or received when it never had one. */
  async markUnloaded(itemId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET custody_state = CASE WHEN location_id IS NULL THEN 'received' ELSE 'stored' END WHERE id = ${itemId}::uuid AND custody_state IN ('loaded', 'out')`;
  }

  /** The delivery's items come off the run's truck and off its left-behind list; those loaded are back where they were. */
  async unloadDelivery(runId: string, deliveryId: string): Promise<void> {
    const items = Prisma.sql`SELECT item_id FROM delivery_items WHERE delivery_id = ${deliveryId}::uuid`;
    await this.db.$executeRaw`
      UPDATE items SET custody_state = CASE WHEN location_id IS NULL THEN 'received' ELSE 'stored' END
      WHERE id IN (${items}) AND custody_state = 'loaded'`;
    await this.db.$executeRaw`DELETE FROM run_loads WHERE run_id = ${runId}::uuid AND item_id IN (${items})`;
    await this.db.$executeRaw`DELETE FROM run_left_behind WHERE run_id = ${runId}::uuid AND item_id IN (${items})`;
  }

  /** The items went out on the delivery (custody state out), one timeline line each. */
  async goneOut(itemIds: readonly string[], deliveryId: string, runId: string, at: Date, byUserId: string): Promise<void> {
    if (!itemIds.length) return;
    await this.db.$executeRaw`UPDATE items SET custody_state = 'out' WHERE id = ANY(${[...itemIds]}::uuid[]) AND custody_state IS NOT NULL`;
    await this.db.$executeRaw`
      INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, delivery_id, run_id)
      SELECT gen_random_uuid(), i.id, i.project_id, 'out-for-delivery', ${at}, ${byUserId}::uuid, ${deliveryId}::uuid, ${runId}::uuid
      FROM items i WHERE i.id = ANY(${[...itemIds]}::uuid[]) AND i.custody_state IS NOT NULL`;
  }

  /** The left-behind reasons of a delivery's items (its completion records them as exceptions). */
  async leftBehindOf(deliveryId: string): Promise<{ itemId: string; reason: string }[]> {
    return this.db.$queryRaw<{ itemId: string; reason: string }[]>`
      SELECT lb.item_id AS "itemId", lb.reason FROM run_left_behind lb
      JOIN deliveries d ON d.run_id = lb.run_id JOIN delivery_items di ON di.delivery_id = d.id AND di.item_id = lb.item_id
      WHERE d.id = ${deliveryId}::uuid`;
  }

  /** A custody fact of a run on the item's timeline (loaded, left-behind). */
  async addCustodyEvent(e: { itemId: string; projectId: string; kind: 'loaded' | 'left-behind'; at: Date; byUserId: string; deliveryId: string; runId: string; piece: number | null; reason: string | null }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, delivery_id, run_id, piece, reason)
      VALUES (gen_random_uuid(), ${e.itemId}::uuid, ${e.projectId}::uuid, ${e.kind}, ${e.at}, ${e.byUserId}::uuid, ${e.deliveryId}::uuid, ${e.runId}::uuid, ${e.piece}, ${e.reason})`;
  }

  /** The run's pick list: each item with its place, in location order (code, then item name; no place last). */
  async pickList(runId: string): Promise<PickListEntry[]> {
    const rows = await this.db.$queryRaw<PickRow[]>`
      SELECT i.id AS "itemId", i.name AS "itemName", d.id AS "deliveryId", COALESCE(p.name, '') AS "projectName", COALESCE(p.client_name, '') AS "clientName",
        COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, '') AS "designerName",
        l.id AS "locationId", l.code AS "locationCode", l.name AS "locationName", l.kind AS "locationKind",
        GREATEST(i.pieces, 1) AS "piecesExpected", i.pieces_received AS "piecesReceived",
        ${LOADED} AS "loadedPieces",
        (SELECT lb.reason FROM run_left_behind lb WHERE lb.run_id = d.run_id AND lb.item_id = i.id) AS "leftBehindReason"
      FROM deliveries d JOIN delivery_items di ON di.delivery_id = d.id JOIN items i ON i.id = di.item_id
        LEFT JOIN locations l ON l.id = i.location_id LEFT JOIN projects p ON p.id = i.project_id LEFT JOIN users u ON u.id = p.owner_id
      WHERE d.run_id = ${runId}::uuid AND d.status <> 'cancelled'
      ORDER BY l.code NULLS LAST, i.name, i.id`;
    return rows.map(({ locationId, locationCode, locationName, locationKind, ...r }) => ({
      ...r,
      location: locationId ? { id: locationId, code: locationCode!, name: locationName!, kind: locationKind! } : null,
    }));
  }
}
