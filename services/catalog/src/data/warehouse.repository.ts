import type { DamageReport, DeliveryStatus, DeliveryWindow, InspectionCondition, ItemInspection, ItemStatus, ReleaseReason, SharedProject } from '@midway/contracts';
import type { Client } from './prisma-client';

/** What the warehouse (logistics' receiving desk) found, as catalog keeps it for designers and clients. */
export class WarehouseRepository {
  constructor(private readonly db: Client) {}

  /** The designer who owns the project (item events name them). */
  async ownerOf(projectId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ owner: string }[]>`SELECT created_by_id AS owner FROM projects WHERE id = ${projectId}::uuid`;
    return row?.owner ?? null;
  }

  /**
   * An arrival: custody begins at `since` with its pieces (an item not held now: again from nothing, as after a
   * return to its vendor), or its pieces add to the ones received; `status` and `receivedAt` as the lifecycle and
   * stampsFor decided. `trackingNumber`, when given, becomes its number if it had none (the parcel's scanned code).
   */
  async arrive(itemId: string, a: { status: ItemStatus; since: Date; pieces: number; receivedAt: Date | undefined; now: Date; trackingNumber: string | null }): Promise<void> {
    // An arrival heard after the custody it began had already ended (a redelivered event, after the release or
    // delivery was applied) only dates that custody; it does not open it again.
    await this.db.$executeRaw`
      UPDATE items SET status = CASE WHEN ended THEN status ELSE ${a.status} END,
        received_at = coalesce(${a.receivedAt ?? null}::timestamptz, received_at), updated_at = ${a.now},
        tracking_number = coalesce(NULLIF(tracking_number, ''), ${a.trackingNumber}),
        pieces_received = CASE WHEN in_custody OR ended THEN pieces_received + ${a.pieces} ELSE ${a.pieces} END,
        custody_since = CASE WHEN in_custody OR ended THEN least(custody_since, ${a.since}) ELSE ${a.since} END,
        custody_ended_at = CASE WHEN in_custody OR ended THEN custody_ended_at END, custody_end = CASE WHEN in_custody OR ended THEN custody_end END,
        location_code = CASE WHEN in_custody THEN location_code END, in_custody = NOT ended
      FROM (SELECT coalesce(NOT i.in_custody AND i.custody_ended_at >= ${a.since}, false) AS ended FROM items i WHERE i.id = ${itemId}::uuid) f
      WHERE id = ${itemId}::uuid`;
  }

  /** The item stands at `locationCode` now (put away or moved), with the status that gives it. */
  async place(itemId: string, locationCode: string, status: ItemStatus, receivedAt: Date | undefined, now: Date): Promise<boolean> {
    // Heard before its arrival (events redelivered out of order): the put-away says the warehouse holds the item, so
    // custody begins here and the arrival, when heard, dates it. Heard after the custody ended: stale, nothing changes.
    const n = await this.db.$executeRaw`
      UPDATE items SET location_code = ${locationCode}, status = ${status}, received_at = coalesce(${receivedAt ?? null}::timestamptz, received_at), updated_at = ${now},
        custody_since = CASE WHEN in_custody THEN custody_since ELSE ${now} END, in_custody = true
      WHERE id = ${itemId}::uuid AND (in_custody OR custody_ended_at IS NULL OR custody_ended_at < ${now})`;
    return n === 1;
  }

  /** Custody ended at `at` (released: returned to its vendor or picked up), with the status that gives it. */
  async release(itemId: string, a: { at: Date; end: ReleaseReason; status: ItemStatus; deliveredAt: Date | undefined }): Promise<boolean> {
    // Also when heard before the arrival (redelivered out of order): custody ended then, and the arrival only dates it.
    const n = await this.db.$executeRaw`
      UPDATE items SET in_custody = false, custody_ended_at = ${a.at}, custody_end = ${a.end}, location_code = NULL, status = ${a.status},
        delivered_at = coalesce(${a.deliveredAt ?? null}::timestamptz, delivered_at), updated_at = ${a.at}
      WHERE id = ${itemId}::uuid AND (in_custody OR custody_ended_at IS NULL)`;
    return n === 1;
  }

  /** The item's inspection, once: a redelivered fact changes nothing (false when there was one already). */
  async setInspection(itemId: string, projectId: string, inspection: ItemInspection): Promise<boolean> {
    const n = await this.db.$executeRaw`
      UPDATE items SET inspection = ${JSON.stringify(inspection)}::jsonb, updated_at = now()
      WHERE id = ${itemId}::uuid AND project_id = ${projectId}::uuid AND inspection IS NULL`;
    return n === 1;
  }

  /** False when the report was recorded already (a redelivery) or its project is gone. */
  async addDamageReport(r: DamageReport & { projectId: string }): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO damage_reports (id, project_id, item_id, item_name, condition, notes, photo_urls, reported_at)
      SELECT ${r.id}::uuid, p.id, ${r.itemId}::uuid, ${r.itemName}, ${r.condition}, ${r.notes}, ${r.photoUrls}::text[], ${r.reportedAt}::timestamptz
      FROM projects p WHERE p.id = ${r.projectId}::uuid
      ON CONFLICT (id) DO NOTHING`;
    return n === 1;
  }

  /** The project's damage reports, newest first. */
  async damageReportsOf(projectId: string): Promise<DamageReport[]> {
    const rows = await this.db.$queryRaw<(Omit<DamageReport, 'reportedAt' | 'condition'> & { condition: InspectionCondition; reportedAt: Date })[]>`
      SELECT id, item_id AS "itemId", item_name AS "itemName", condition, notes, coalesce(photo_urls, '{}') AS "photoUrls", reported_at AS "reportedAt"
      FROM damage_reports WHERE project_id = ${projectId}::uuid ORDER BY reported_at DESC, id`;
    return rows.map((r) => ({ ...r, reportedAt: r.reportedAt.toISOString() }));
  }

  /** The item is delivered at `deliveredAt` (the proof of delivery's time): the warehouse's custody of it ends then. */
  async deliver(itemId: string, deliveredAt: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET status = 'delivered', delivered_at = ${deliveredAt}, updated_at = ${deliveredAt},
        custody_ended_at = CASE WHEN in_custody THEN ${deliveredAt} ELSE custody_ended_at END, custody_end = CASE WHEN in_custody THEN 'delivered' ELSE custody_end END,
        location_code = NULL, in_custody = false
      WHERE id = ${itemId}::uuid`;
  }

  /** The project's items on a delivery that went out are out for delivery since `at` (one statement for them all). */
  async markOutForDelivery(projectId: string, itemIds: readonly string[], at: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET out_for_delivery_at = ${at}, updated_at = ${at}
      WHERE id = ANY(${itemIds}::uuid[]) AND project_id = ${projectId}::uuid AND status <> 'delivered'`;
  }

  /** The delivery ended (completed or cancelled): its items of the project are no longer out for delivery. */
  async clearOutForDelivery(projectId: string, itemIds: readonly string[], at: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET out_for_delivery_at = NULL, updated_at = ${at}
      WHERE id = ANY(${itemIds}::uuid[]) AND project_id = ${projectId}::uuid AND out_for_delivery_at IS NOT NULL`;
  }

  /**
   * The delivery as logistics now says it; a fact older than the one kept changes nothing. 'inserted' the first
   * time, 'updated' for a newer fact, null for an older or repeated one.
   */
  async recordDelivery(d: { id: string; projectId: string; date: string; window: DeliveryWindow; status: DeliveryStatus; items: { itemId: string; name: string }[]; changedAt: string }): Promise<'inserted' | 'updated' | null> {
    const [row] = await this.db.$queryRaw<{ inserted: boolean }[]>`
      INSERT INTO deliveries (id, project_id, date, "window", status, items, changed_at)
      SELECT ${d.id}::uuid, p.id, ${d.date}::date, ${d.window}, ${d.status}, ${JSON.stringify(d.items)}::jsonb, ${d.changedAt}::timestamptz
      FROM projects p WHERE p.id = ${d.projectId}::uuid
      ON CONFLICT (id) DO UPDATE SET date = EXCLUDED.date, "window" = EXCLUDED."window", status = EXCLUDED.status, items = EXCLUDED.items, changed_at = EXCLUDED.changed_at
        WHERE deliveries.changed_at < EXCLUDED.changed_at OR (deliveries.changed_at = EXCLUDED.changed_at AND deliveries.status <> EXCLUDED.status)
      RETURNING (xmax = 0) AS inserted`;
    return row ? (row.inserted ? 'inserted' : 'updated') : null;
  }

  /** The project's deliveries for the client page, by date (cancelled ones left out): item names only. */
  async deliveriesOf(projectId: string): Promise<SharedProject['deliveries']> {
    return this.db.$queryRaw<SharedProject['deliveries']>`
      SELECT to_char(date, 'YYYY-MM-DD') AS date, "window", status,
        (SELECT coalesce(json_agg(json_build_object('name', x.name)), '[]'::json) FROM jsonb_to_recordset(items) AS x(name text)) AS items
      FROM deliveries WHERE project_id = ${projectId}::uuid AND status <> 'cancelled' ORDER BY date, changed_at, id`;
  }
}
