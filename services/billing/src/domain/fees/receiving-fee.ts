import { Prisma } from '../../data/prisma-client';
import { billableEvent, literal, type BillableEvent, type CustodyInterval } from './billable-event';
import { selectedSql } from './delivery-fee';
import { rateOnSql } from './rate-in-force';

/**
 * White-glove receiving: once per item ever (key `receiving:<item>`), on the day the warehouse's custody of it
 * began (logistics' arrival: a designer's "received" or "stored" is a label and bills nothing), per unit (quantity
 * 5 → 5 × the rate), when the receiving service is selected on the item (as the Services page says: switched off,
 * nothing is billed for it). Selections and arrivals come on two streams: a selection made before the arrival but
 * heard after it bills it then; one cleared before the arrival but heard after it takes the fee back unless it is
 * already invoiced (receivingTakenBack).
 */
export const RECEIVING = {
  type: 'receiving',
  key: (itemId: string) => `receiving:${itemId}`,
  keySql: (itemId: Prisma.Sql) => Prisma.sql`'receiving:' || ${itemId}`,
  description: (itemName: string) => `White-Glove Receiving — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'White-Glove Receiving — ' || ${itemName}`,
} as const;

/** The receiving fee of an item in this custody, or null while the warehouse never held it or receiving is not selected. */
export function receivingFee(item: { id: string; projectId: string; name: string; quantity: number; selected: boolean }, custody: CustodyInterval | null, rateOn: (day: string) => string): BillableEvent | null {
  if (!item.selected || !custody) return null;
  const day = custody.sinceDay;
  return billableEvent({ key: RECEIVING.key(item.id), projectId: item.projectId, itemId: item.id, type: RECEIVING.type, date: day, quantity: item.quantity, rate: rateOn(day), description: RECEIVING.description(item.name) });
}

/** receivingFee for `itemIds` as the rows a billable-event insert takes (items never in custody, and deleted items, are not charged). */
export function receivingEventsSql(itemIds: string[], tz: string): Prisma.Sql {
  return Prisma.sql`
    SELECT ${RECEIVING.keySql(Prisma.sql`i.id`)} AS key, i.project_id, i.id AS item_id, ${literal(RECEIVING.type)} AS event_type, d.day AS event_date,
           i.quantity, ${rateOnSql(RECEIVING.type, Prisma.sql`d.day`)} AS rate, ${RECEIVING.descriptionSql(Prisma.sql`i.name`)} AS description
    FROM items i
    JOIN LATERAL (SELECT (c.since AT TIME ZONE ${tz})::date AS day FROM custody c WHERE c.item_id = i.id) d ON true
    WHERE i.id = ANY(${itemIds}::uuid[]) AND NOT i.deleted AND ${selectedSql(RECEIVING.type, Prisma.sql`i.id`)}`;
}

/** A selection change heard after the arrival: whether it was made before the warehouse's custody began (it decides the fee then). */
export const selectionPrecedesReceipt = (s: { changedAt: string; custodySince: string | null }): boolean =>
  s.custodySince !== null && Date.parse(s.changedAt) <= Date.parse(s.custodySince);

/** Receiving cleared before the arrival (heard after it) is taken back unless it is already invoiced. */
export const receivingTakenBack = (c: { changedAt: string; custodySince: string | null; invoiced: boolean }): boolean => selectionPrecedesReceipt(c) && !c.invoiced;
