import { Prisma } from '../../data/prisma-client';
import { billableEvent, IN_STORAGE, IN_STORAGE_SQL, literal, type BillableEvent, type StatusChange } from './billable-event';
import { selectedSql } from './delivery-fee';
import { rateOnSql } from './rate-in-force';

/**
 * White-glove receiving: once per item ever (key `receiving:<item>`), on the day it first entered received or
 * stored, per unit received (quantity 5 → 5 × the rate), when the receiving service is selected on the item (as
 * the Services page says: switched off, nothing is billed for it). Selections and receipts come on two streams:
 * a selection made before the receipt but heard after it bills it then; one cleared before the receipt but heard
 * after it takes the fee back unless it is already invoiced (receivingTakenBack).
 */
export const RECEIVING = {
  type: 'receiving',
  key: (itemId: string) => `receiving:${itemId}`,
  keySql: (itemId: Prisma.Sql) => Prisma.sql`'receiving:' || ${itemId}`,
  description: (itemName: string) => `White-Glove Receiving — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'White-Glove Receiving — ' || ${itemName}`,
} as const;

/** The receiving fee of an item with this history, or null while it has never been in storage or receiving is not selected. */
export function receivingFee(item: { id: string; projectId: string; name: string; quantity: number; selected: boolean }, history: readonly StatusChange[], rateOn: (day: string) => string): BillableEvent | null {
  if (!item.selected) return null;
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
    WHERE i.id = ANY(${itemIds}::uuid[]) AND NOT i.deleted AND ${selectedSql(RECEIVING.type, Prisma.sql`i.id`)}`;
}

/** A selection change heard after the receipt: whether it was made before the item first entered storage (it decides the fee then). */
export const selectionPrecedesReceipt = (s: { changedAt: string; firstInStorageAt: string | null }): boolean =>
  s.firstInStorageAt !== null && Date.parse(s.changedAt) <= Date.parse(s.firstInStorageAt);

/** Receiving cleared before the receipt (heard after it) is taken back unless it is already invoiced. */
export const receivingTakenBack = (c: { changedAt: string; firstInStorageAt: string | null; invoiced: boolean }): boolean => selectionPrecedesReceipt(c) && !c.invoiced;
