import { Prisma } from '../../data/prisma-client';
import { addDays } from '../calendar';
import { billableEvent, literal, type BillableEvent, type CustodyInterval } from './billable-event';
import { rateInSql, ratePeriodsSql } from './rate-in-force';

/**
 * Storage & warehousing: one event per item per day in the warehouse's custody (key `storage:<item>:<day>`), one
 * unit, not per unit of quantity — from the day it arrived up to the day before it left (a delivery's completion
 * or a release), or up to the day recorded through while the warehouse still holds it. A status a designer sets
 * ("received", "stored") is a label and charges nothing. A deleted item is not charged. Each recording starts the
 * day after the last day recorded for the item, so days a run missed are filled in.
 */
export const STORAGE = {
  type: 'storage',
  key: (itemId: string, day: string) => `storage:${itemId}:${day}`,
  keySql: (itemId: Prisma.Sql, day: Prisma.Sql) => Prisma.sql`'storage:' || ${itemId} || ':' || ${day}`,
  description: (itemName: string) => `Storage & Warehousing — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'Storage & Warehousing — ' || ${itemName}`,
} as const;

/** The days to charge for an item in this custody, the last day already recorded and the day to record through. */
export function storageDays(custody: CustodyInterval, lastRecorded: string | null, upto: string): string[] {
  const from = lastRecorded && addDays(lastRecorded, 1) > custody.sinceDay ? addDays(lastRecorded, 1) : custody.sinceDay;
  const until = custody.endDay && addDays(custody.endDay, -1) < upto ? addDays(custody.endDay, -1) : upto;
  const days: string[] = [];
  for (let day = from; day <= until; day = addDays(day, 1)) days.push(day);
  return days;
}

export function storageFees(item: { id: string; projectId: string; name: string; deleted: boolean }, days: readonly string[], rateOn: (day: string) => string): BillableEvent[] {
  if (item.deleted) return [];
  return days.map((day) => billableEvent({ key: STORAGE.key(item.id, day), projectId: item.projectId, itemId: item.id, type: STORAGE.type, date: day, quantity: 1, rate: rateOn(day), description: STORAGE.description(item.name) }));
}

/**
 * storageDays and storageFees for every item in custody at once, through `upto`, as a billable-event insert takes
 * them (`before`: CTEs it starts with, `rows`: the events, `after`: CTEs it ends with). One statement for all items.
 *
 * The last recorded day is read from billable_events through (item_id, event_type, event_date), one index
 * probe per item, rather than kept on the custody row: rewriting every row every day cost more than inserting
 * the day's events. `storage_through` only marks custody that has ended and is fully recorded (set once), so later
 * runs skip it. An item billing has not heard of from catalog yet (no name) waits for it: its days are filled in then.
 */
export function storageEventsSql(upto: string, tz: string): { before: Prisma.Sql; rows: Prisma.Sql; after: Prisma.Sql } {
  const before = Prisma.sql`cand AS MATERIALIZED (
    SELECT c.item_id AS id, i.project_id, i.name, (c.since AT TIME ZONE ${tz})::date AS since_day, (c.ended_at AT TIME ZONE ${tz})::date AS end_day,
           (SELECT e.event_date FROM billable_events e WHERE e.item_id = c.item_id AND e.event_type = ${literal(STORAGE.type)} ORDER BY e.event_date DESC LIMIT 1) AS last_day
    FROM custody c JOIN items i ON i.id = c.item_id
    WHERE c.storage_through IS NULL AND NOT i.deleted AND (c.since AT TIME ZONE ${tz})::date <= ${upto}::date),`;
  const rows = Prisma.sql`
    WITH days AS (
      SELECT c.id AS item_id, c.project_id, c.name, g::date AS day
      FROM cand c, generate_series(GREATEST(c.since_day, c.last_day + 1), LEAST(COALESCE(c.end_day - 1, ${upto}::date), ${upto}::date), interval '1 day') g
    )
    SELECT ${STORAGE.keySql(Prisma.sql`d.item_id`, Prisma.sql`d.day`)} AS key, d.project_id, d.item_id, ${literal(STORAGE.type)} AS event_type, d.day AS event_date, 1 AS quantity,
           ${rateInSql(STORAGE.type, Prisma.sql`r`)} AS rate, ${STORAGE.descriptionSql(Prisma.sql`d.name`)} AS description
    FROM days d LEFT JOIN ${ratePeriodsSql(STORAGE.type)} r ON d.day >= r.from_day AND (r.until_day IS NULL OR d.day < r.until_day)`;
  // Custody ended and now recorded through its last day: settled for good.
  const after = Prisma.sql`, settle AS (
    UPDATE custody SET storage_through = ${upto}::date FROM cand
    WHERE custody.item_id = cand.id AND cand.end_day IS NOT NULL AND cand.end_day - 1 <= ${upto}::date)`;
  return { before, rows, after };
}
