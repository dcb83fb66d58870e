import { Prisma } from '../../data/prisma-client';
import { addDays } from '../calendar';
import { billableEvent, IN_STORAGE, IN_STORAGE_SQL, literal, type BillableEvent, type StatusChange } from './billable-event';
import { rateInSql, ratePeriodsSql } from './rate-in-force';

/**
 * Storage & warehousing: one event per item per day in storage (key `storage:<item>:<day>`), one unit, not
 * per unit of quantity — from the day it entered received or stored up to the day before it left (delivered,
 * back to ordered), or up to the day recorded through while it is still there. A deleted item is not charged.
 * Each recording starts the day after the last day recorded for the item, so days a run missed are filled in.
 */
export const STORAGE = {
  type: 'storage',
  key: (itemId: string, day: string) => `storage:${itemId}:${day}`,
  keySql: (itemId: Prisma.Sql, day: Prisma.Sql) => Prisma.sql`'storage:' || ${itemId} || ':' || ${day}`,
  description: (itemName: string) => `Storage & Warehousing — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'Storage & Warehousing — ' || ${itemName}`,
} as const;

const inStorage = (status: string) => (IN_STORAGE as readonly string[]).includes(status);

/**
 * The days to charge for an item with this history (in order), the last day already recorded and the day to
 * record through. A day two periods share (received, then stored) is charged once.
 */
export function storageDays(history: readonly StatusChange[], lastRecorded: string | null, upto: string): string[] {
  const days = new Set<string>();
  history.forEach((h, n) => {
    if (!inStorage(h.status)) return;
    const next = history[n + 1];
    const from = lastRecorded && addDays(lastRecorded, 1) > h.day ? addDays(lastRecorded, 1) : h.day;
    const until = next && addDays(next.day, -1) < upto ? addDays(next.day, -1) : upto;
    for (let day = from; day <= until; day = addDays(day, 1)) days.add(day);
  });
  return [...days].sort();
}

export function storageFees(item: { id: string; projectId: string; name: string; deleted: boolean }, days: readonly string[], rateOn: (day: string) => string): BillableEvent[] {
  if (item.deleted) return [];
  return days.map((day) => billableEvent({ key: STORAGE.key(item.id, day), projectId: item.projectId, itemId: item.id, type: STORAGE.type, date: day, quantity: 1, rate: rateOn(day), description: STORAGE.description(item.name) }));
}

/**
 * storageDays and storageFees for every item at once, through `upto`, as a billable-event insert takes them
 * (`before`: CTEs it starts with, `rows`: the events, `after`: CTEs it ends with). One statement for all items.
 *
 * The last recorded day is read from billable_events through (item_id, event_type, event_date), one index
 * probe per item, rather than kept on the item: rewriting every item row every day cost more than inserting
 * the day's events. `storage_through` only marks items that are out of storage and fully recorded (set once
 * when they leave, and set again only if their status changes), so later runs skip them.
 */
export function storageEventsSql(upto: string, tz: string): { before: Prisma.Sql; rows: Prisma.Sql; after: Prisma.Sql } {
  // Items that may have storage days to record: in storage now, never settled, or whose status changed after
  // they were settled; with the last storage day recorded for each.
  const before = Prisma.sql`cand AS MATERIALIZED (
    SELECT i.id, i.project_id, i.name, i.status IN ${IN_STORAGE_SQL} AS in_storage,
           (SELECT e.event_date FROM billable_events e WHERE e.item_id = i.id AND e.event_type = ${literal(STORAGE.type)} ORDER BY e.event_date DESC LIMIT 1) AS last_day
    FROM items i
    WHERE NOT i.deleted AND (i.status IN ${IN_STORAGE_SQL} OR i.storage_through IS NULL OR (i.status_at AT TIME ZONE ${tz})::date >= i.storage_through)
      AND EXISTS (SELECT 1 FROM item_status_history s WHERE s.item_id = i.id AND s.status IN ${IN_STORAGE_SQL} AND (s.at AT TIME ZONE ${tz})::date <= ${upto}::date)),`;
  const rows = Prisma.sql`
    WITH h AS (
      -- Each candidate's status periods (its history rows joined through the history's key, so a wrong row
      -- estimate for the candidates costs index lookups, never a scan of one set per row of the other).
      SELECT c.id AS item_id, c.project_id, c.name, c.last_day, s.status, (s.at AT TIME ZONE ${tz})::date AS start_day,
             (lead(s.at) OVER (PARTITION BY s.item_id ORDER BY s.at, s.status) AT TIME ZONE ${tz})::date AS end_day
      FROM cand c JOIN item_status_history s ON s.item_id = c.id
    ),
    days AS (
      SELECT h.item_id, h.project_id, h.name, g::date AS day
      FROM h, generate_series(GREATEST(h.start_day, h.last_day + 1), LEAST(COALESCE(h.end_day - 1, ${upto}::date), ${upto}::date), interval '1 day') g
      WHERE h.status IN ${IN_STORAGE_SQL}
    )
    SELECT ${STORAGE.keySql(Prisma.sql`d.item_id`, Prisma.sql`d.day`)} AS key, d.project_id, d.item_id, ${literal(STORAGE.type)} AS event_type, d.day AS event_date, 1 AS quantity,
           ${rateInSql(STORAGE.type, Prisma.sql`r`)} AS rate, ${STORAGE.descriptionSql(Prisma.sql`d.name`)} AS description
    FROM days d LEFT JOIN ${ratePeriodsSql(STORAGE.type)} r ON d.day >= r.from_day AND (r.until_day IS NULL OR d.day < r.until_day)`;
  // Out of storage and now recorded through its last day: settled until its status changes again.
  const after = Prisma.sql`, settle AS (
    UPDATE items SET storage_through = ${upto}::date FROM cand
    WHERE items.id = cand.id AND NOT cand.in_storage AND (items.storage_through IS NULL OR items.storage_through < ${upto}::date))`;
  return { before, rows, after };
}
