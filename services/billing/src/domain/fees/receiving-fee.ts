import { Prisma } from '../../data/prisma-client';
import { billableEvent, IN_STORAGE, IN_STORAGE_SQL, literal, type BillableEvent, type StatusChange } from './billable-event';
import { rateOnSql } from './rate-in-force';

/**
 * White-glove receiving: once per item ever (key `receiving:<item>`), on the day it first entered received or
 * stored, per unit received (quantity 5 → 5 × the rate).
 */
export const RECEIVING = {
  type: 'receiving',
  key: (itemId: string) => `receiving:${itemId}`,
  keySql: (itemId: Prisma.Sql) => Prisma.sql`'receiving:' || ${itemId}`,
  description: (itemName: string) => `White-Glove Receiving — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'White-Glove Receiving — ' || ${itemName}`,
} as const;

/** The receiving fee of an item with this history, or null while it has never been in storage. */
export function receivingFee(item: { id: string; projectId: string; name: string; quantity: number }, history: readonly StatusChange[], rateOn: (day: string) => string): BillableEvent | null {
  const days = history.filter((h) => (IN_STORAGE as readonly string[]).includes(h.status)).map((h) => h.day);
  if (days.length === 0) return null;
  const day = days.reduce((a, b) => (a < b ? a : b));
  return billableEvent({ key: RECEIVING.key(item.id), projectId: item.projectId, itemId: item.id, type: RECEIVING.type, date: day, quantity: item.quantity, rate: rateOn(day), description: RECEIVING.description(item.name) });
}

/** receivingFee for `itemIds` as the rows a billable-event insert takes (deleted items are not charged). */
export function receivingEventsSql(itemIds: string[], tz: string): Prisma.Sql {
  return Prisma.sql`
    SELECT ${RECEIVING.keySql(Prisma.sql`i.id`)} AS key, i.project_id, i.id AS item_id, ${literal(RECEIVING.type)} AS event_type, d.day AS event_date,
           i.quantity, ${rateOnSql(RECEIVING.type, Prisma.sql`d.day`)} AS rate, ${RECEIVING.descriptionSql(Prisma.sql`i.name`)} AS description
    FROM items i
    JOIN LATERAL (SELECT (min(h.at) AT TIME ZONE ${tz})::date AS day FROM item_status_history h WHERE h.item_id = i.id AND h.status IN ${IN_STORAGE_SQL}) d ON d.day IS NOT NULL
    WHERE i.id = ANY(${itemIds}::uuid[]) AND NOT i.deleted`;
}
