import type { Delivery, DeliveryDay, DeliveryStatus, DeliveryWindow, ItemStatus, ListDeliveriesQuery } from '@midway/contracts';
import { DELIVERY_WINDOWS, photoPath } from '@midway/contracts';
import { reachableProjectIds } from '@midway/service-kit';
import type { Caller } from '@midway/service-kit';
import { Prisma, type Client } from './prisma-client';
import type { RunCandidate } from '../domain/delivery-runs';

/** An item as a booking checks it (locked for the booking's transaction). */
export interface BookableItem {
  id: string;
  projectId: string;
  name: string;
  status: ItemStatus;
  /** Whether the warehouse holds it (custody_state set): a status a designer set by hand does not make it so. */
  inCustody: boolean;
}

/** A delivery row locked for a change. */
export interface DeliveryRow {
  id: string;
  projectId: string;
  date: string;
  window: DeliveryWindow;
  address: string;
  status: DeliveryStatus;
}

interface ViewRow {
  id: string;
  projectId: string;
  projectName: string;
  date: string;
  window: DeliveryWindow;
  address: string;
  notes: string | null;
  status: DeliveryStatus;
  runId: string | null;
  runStop: number | null;
  earlyReason: string | null;
  receivedBy: string | null;
  photoKeys: string[] | null;
  signatureKey: string | null;
  completedAt: Date | null;
  createdAt: Date;
  items: Delivery['items'];
}

const VIEW = Prisma.sql`
  d.id, d.project_id AS "projectId", COALESCE(p.name, '') AS "projectName", to_char(d.date, 'YYYY-MM-DD') AS date, d."window", d.address, d.notes,
  d.status, d.run_id AS "runId", d.run_stop AS "runStop", d.early_reason AS "earlyReason", d.received_by AS "receivedBy", d.photo_keys AS "photoKeys", d.signature_key AS "signatureKey",
  d.completed_at AS "completedAt", d.created_at AS "createdAt",
  COALESCE((
    SELECT json_agg(json_build_object('itemId', di.item_id, 'name', COALESCE(i.name, ''), 'installAssembly', COALESCE(s.selected, false),
      'lastMileDelivery', COALESCE(sd.selected, false), 'exception', di.exception) ORDER BY i.name, di.item_id)
    FROM delivery_items di LEFT JOIN items i ON i.id = di.item_id LEFT JOIN services s ON s.item_id = di.item_id AND s.type = 'install_assembly'
      LEFT JOIN services sd ON sd.item_id = di.item_id AND sd.type = 'delivery'
    WHERE di.delivery_id = d.id), '[]'::json) AS items`;

/**
 * By date, then a run's stops in the order staff fixed (stop 1 first), then the requested ones; within one stop (or
 * among the requested) by window as the proposal ranks them, then as booked — two bookings made in the same
 * instant would otherwise swap places between two reads of one day.
 */
const ORDER = Prisma.sql`d.date, d.run_stop NULLS LAST, array_position(${[...DELIVERY_WINDOWS]}::text[], d."window"::text), d.created_at, d.id`;

const toDelivery = (r: ViewRow): Delivery => ({
  id: r.id,
  projectId: r.projectId,
  projectName: r.projectName,
  date: r.date,
  window: r.window,
  address: r.address,
  notes: r.notes,
  status: r.status,
  items: r.items,
  runId: r.runId,
  runStop: r.runStop,
  earlyReason: r.earlyReason,
  receivedBy: r.receivedBy,
  photoUrls: (r.photoKeys ?? []).map(photoPath),
  signatureUrl: r.signatureKey ? photoPath(r.signatureKey) : null,
  completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Deliveries and the items on them. An item is on at most one open delivery: `delivery_items.open` is true while
 * its delivery is requested, scheduled or out, and a partial unique index on item_id WHERE open holds it in the
 * database, so of two bookings of one item at once the second finds the first's row and takes nothing.
 */
export class DeliveryRepository {
  constructor(private readonly db: Client) {}

  /** The items, locked in id order (two bookings of overlapping items wait for each other instead of deadlocking). */
  lockItems(ids: readonly string[]): Promise<BookableItem[]> {
    return this.db.$queryRaw<BookableItem[]>`
      SELECT id, project_id AS "projectId", name, status, custody_state IS NOT NULL AS "inCustody" FROM items WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
  }

  /** Which of the items are on an open delivery other than `except`. */
  async onOpenDelivery(itemIds: readonly string[], except: string | null = null): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ itemId: string }[]>`
      SELECT item_id AS "itemId" FROM delivery_items WHERE open AND item_id = ANY(${[...itemIds]}::uuid[]) AND (${except}::uuid IS NULL OR delivery_id <> ${except}::uuid)`;
    return rows.map((r) => r.itemId);
  }

  async insert(d: { id: string; projectId: string; date: string; window: DeliveryWindow; address: string; notes: string | null; requestedBy: string; at: Date }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO deliveries (id, project_id, date, "window", address, notes, status, requested_by, photo_keys, created_at, updated_at)
      VALUES (${d.id}::uuid, ${d.projectId}::uuid, ${d.date}::date, ${d.window}, ${d.address}, ${d.notes}, 'requested', ${d.requestedBy}::uuid, '{}', ${d.at}, ${d.at})`;
  }

  /**
   * Puts the items on the delivery (open); answers the ids it could not take because another open delivery holds
   * them — the database's word, so a booking racing this one is seen even when it committed after our check.
   */
  async addItems(deliveryId: string, itemIds: readonly string[]): Promise<string[]> {
    const taken = await this.db.$queryRaw<{ itemId: string }[]>`
      INSERT INTO delivery_items (delivery_id, item_id, open)
      SELECT ${deliveryId}::uuid, x, true FROM unnest(${[...itemIds]}::uuid[]) AS x
      ON CONFLICT (item_id) WHERE open DO NOTHING
      RETURNING item_id AS "itemId"`;
    const got = new Set(taken.map((r) => r.itemId));
    return itemIds.filter((id) => !got.has(id));
  }

  async removeItemsExcept(deliveryId: string, keep: readonly string[]): Promise<void> {
    await this.db.$executeRaw`DELETE FROM delivery_items WHERE delivery_id = ${deliveryId}::uuid AND NOT (item_id = ANY(${[...keep]}::uuid[]))`;
  }

  async lock(id: string): Promise<DeliveryRow | null> {
    const [row] = await this.db.$queryRaw<DeliveryRow[]>`
      SELECT id, project_id AS "projectId", to_char(date, 'YYYY-MM-DD') AS date, "window", address, status FROM deliveries WHERE id = ${id}::uuid FOR UPDATE`;
    return row ?? null;
  }

  /** The deliveries, locked in id order (a run fixes several at once). */
  lockMany(ids: readonly string[]): Promise<DeliveryRow[]> {
    return this.db.$queryRaw<DeliveryRow[]>`
      SELECT id, project_id AS "projectId", to_char(date, 'YYYY-MM-DD') AS date, "window", address, status FROM deliveries WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
  }

  async update(id: string, f: { date: string; window: DeliveryWindow; address: string; notes: string | null; at: Date }): Promise<void> {
    await this.db.$executeRaw`
      UPDATE deliveries SET date = ${f.date}::date, "window" = ${f.window}, address = ${f.address}, notes = ${f.notes}, updated_at = ${f.at} WHERE id = ${id}::uuid`;
  }

  /** A move of the state machine (checked by the caller); a delivery that closes lets its items go. */
  async setStatus(ids: readonly string[], status: DeliveryStatus, at: Date, runId?: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE deliveries SET status = ${status}, updated_at = ${at}, run_id = COALESCE(${runId ?? null}::uuid, run_id) WHERE id = ANY(${[...ids]}::uuid[])`;
    if (status === 'completed' || status === 'cancelled') await this.db.$executeRaw`UPDATE delivery_items SET open = false WHERE delivery_id = ANY(${[...ids]}::uuid[])`;
  }

  /** Staff fixed a run: each delivery scheduled on it with its stop's place (1 = first). */
  async scheduleRun(runId: string, stops: readonly { id: string; stop: number }[], at: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE deliveries d SET status = 'scheduled', run_id = ${runId}::uuid, run_stop = x.stop, updated_at = ${at}
      FROM json_to_recordset(${JSON.stringify(stops)}::json) AS x(id uuid, stop int) WHERE d.id = x.id`;
  }

  /** The proof; a delivery completed before its booked date moves to the day it was delivered, with why. */
  async recordProof(
    id: string,
    p: { receivedBy: string; photoKeys: string[]; signatureKey: string | null; exceptions: { itemId: string; note: string }[]; at: Date; early: { date: string; reason: string } | null },
  ): Promise<void> {
    await this.db.$executeRaw`
      UPDATE deliveries SET received_by = ${p.receivedBy}, photo_keys = ${p.photoKeys}::uuid[], signature_key = ${p.signatureKey}::uuid, completed_at = ${p.at},
        date = COALESCE(${p.early?.date ?? null}::date, date), early_reason = ${p.early?.reason ?? null}
      WHERE id = ${id}::uuid`;
    if (p.exceptions.length) {
      await this.db.$executeRaw`
        UPDATE delivery_items di SET exception = x.note
        FROM json_to_recordset(${JSON.stringify(p.exceptions)}::json) AS x("itemId" uuid, note text)
        WHERE di.delivery_id = ${id}::uuid AND di.item_id = x."itemId"`;
    }
  }

  async view(id: string): Promise<Delivery | null> {
    const [row] = await this.db.$queryRaw<ViewRow[]>`SELECT ${VIEW} FROM deliveries d LEFT JOIN projects p ON p.id = d.project_id WHERE d.id = ${id}::uuid`;
    return row ? toDelivery(row) : null;
  }

  async viewMany(ids: readonly string[]): Promise<Delivery[]> {
    const rows = await this.db.$queryRaw<ViewRow[]>`
      SELECT ${VIEW} FROM deliveries d LEFT JOIN projects p ON p.id = d.project_id WHERE d.id = ANY(${[...ids]}::uuid[]) ORDER BY ${ORDER}`;
    return rows.map(toDelivery);
  }

  /** The deliveries of the projects the caller reaches (an admin: all), by date. */
  async list(caller: Caller, q: ListDeliveriesQuery): Promise<Delivery[]> {
    const projects = reachableProjectIds(caller);
    const rows = await this.db.$queryRaw<ViewRow[]>`
      SELECT ${VIEW} FROM deliveries d LEFT JOIN projects p ON p.id = d.project_id
      WHERE ${projects ? Prisma.sql`d.project_id IN (${projects})` : Prisma.sql`TRUE`}
        AND (${q.projectId ?? null}::uuid IS NULL OR d.project_id = ${q.projectId ?? null}::uuid)
        AND (${q.status ?? null}::text IS NULL OR d.status = ${q.status ?? null})
        AND (${q.from ?? null}::date IS NULL OR d.date >= ${q.from ?? null}::date)
        AND (${q.to ?? null}::date IS NULL OR d.date <= ${q.to ?? null}::date)
      ORDER BY ${ORDER}
      LIMIT 1000`;
    return rows.map(toDelivery);
  }

  /** The requested deliveries of a date, as the run proposal groups them. */
  requestedOn(date: string): Promise<RunCandidate[]> {
    return this.db.$queryRaw<RunCandidate[]>`
      SELECT d.id, d.project_id AS "projectId", COALESCE(p.name, '') AS "projectName", d.address, d."window",
        (SELECT count(*)::int FROM delivery_items di WHERE di.delivery_id = d.id) AS "itemCount"
      FROM deliveries d LEFT JOIN projects p ON p.id = d.project_id
      WHERE d.date = ${date}::date AND d.status = 'requested'`;
  }

  /** Each day from `from`, `days` of them, with its deliveries counted by status (cancelled ones left out). */
  days(from: string, days: number): Promise<DeliveryDay[]> {
    return this.db.$queryRaw<DeliveryDay[]>`
      SELECT to_char(g.day, 'YYYY-MM-DD') AS date,
        count(d.id) FILTER (WHERE d.status = 'requested')::int AS requested,
        count(d.id) FILTER (WHERE d.status = 'scheduled')::int AS scheduled,
        count(d.id) FILTER (WHERE d.status = 'out-for-delivery')::int AS "outForDelivery",
        count(d.id) FILTER (WHERE d.status = 'completed')::int AS completed
      FROM generate_series(${from}::date, ${from}::date + ${days - 1}::int, interval '1 day') AS g(day)
      LEFT JOIN deliveries d ON d.date = g.day::date AND d.status <> 'cancelled'
      GROUP BY g.day ORDER BY g.day`;
  }

  /** Where a project's deliveries go unless the designer names another address. */
  async location(projectId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ location: string }[]>`SELECT location FROM project_locations WHERE project_id = ${projectId}::uuid`;
    return row?.location ?? null;
  }

  /** Catalog's latest word on the project's location (an older fact changes nothing). */
  async recordLocation(projectId: string, location: string, at: string): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO project_locations (project_id, location, facts_at) VALUES (${projectId}::uuid, ${location}, ${at}::timestamptz)
      ON CONFLICT (project_id) DO UPDATE SET location = EXCLUDED.location, facts_at = EXCLUDED.facts_at WHERE project_locations.facts_at <= EXCLUDED.facts_at`;
  }

  /** Whether the upload is a delivery's proof photo (its e-mailed signed link may open it). */
  async isProofPhoto(key: string): Promise<boolean> {
    const rows = await this.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM deliveries WHERE ${key}::uuid = ANY(photo_keys)`;
    return rows[0]!.n > 0;
  }
}
