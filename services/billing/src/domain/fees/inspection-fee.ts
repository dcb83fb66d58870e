import { Prisma } from '../../data/prisma-client';
import { billableEvent, literal, type BillableEvent } from './billable-event';
import { rateOnSql } from './rate-in-force';

/**
 * Enhanced inspection: once per item (key `enhanced_inspection:<item>`), on the day it was inspected, when the
 * service is selected on the item at that moment; per unit, like receiving. An item billing has not heard of
 * yet is still charged (one unit, to the project of the inspection); a deleted one is not.
 */
export const INSPECTION = {
  type: 'enhanced_inspection',
  key: (itemId: string) => `enhanced_inspection:${itemId}`,
  keySql: (itemId: Prisma.Sql) => Prisma.sql`'enhanced_inspection:' || ${itemId}`,
  description: (itemName: string | null) => `Enhanced Inspection — ${itemName ?? 'item'}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'Enhanced Inspection — ' || COALESCE(${itemName}, 'item')`,
} as const;

export interface Inspection {
  itemId: string;
  projectId: string;
  /** The inspection's day in the billing time zone. */
  day: string;
  /** Whether enhanced inspection is selected on the item when it is inspected. */
  selected: boolean;
  /** The item as billing knows it, if it does. */
  item: { name: string; quantity: number; deleted: boolean } | null;
}

export function inspectionFee(i: Inspection, rateOn: (day: string) => string): BillableEvent | null {
  if (!i.selected || i.item?.deleted) return null;
  return billableEvent({ key: INSPECTION.key(i.itemId), projectId: i.projectId, itemId: i.itemId, type: INSPECTION.type, date: i.day, quantity: i.item?.quantity ?? 1, rate: rateOn(i.day), description: INSPECTION.description(i.item?.name ?? null) });
}

/** inspectionFee as the rows a billable-event insert takes; the selection is read as it stands now (logistics' commit order). */
export function inspectionEventsSql(f: { itemId: string; projectId: string; at: string }, tz: string): Prisma.Sql {
  return Prisma.sql`
    SELECT ${INSPECTION.keySql(Prisma.sql`x.item_id`)} AS key, x.project_id, x.item_id, ${literal(INSPECTION.type)} AS event_type, x.day AS event_date,
           COALESCE(i.quantity, 1) AS quantity, ${rateOnSql(INSPECTION.type, Prisma.sql`x.day`)} AS rate,
           ${INSPECTION.descriptionSql(Prisma.sql`i.name`)} AS description
    FROM (SELECT ${f.itemId}::uuid AS item_id, ${f.projectId}::uuid AS project_id, (${f.at}::timestamptz AT TIME ZONE ${tz})::date AS day) x
    LEFT JOIN items i ON i.id = x.item_id
    WHERE NOT COALESCE(i.deleted, false)
      AND EXISTS (SELECT 1 FROM selected_services s WHERE s.item_id = x.item_id AND s.type = ${literal(INSPECTION.type)} AND s.selected)`;
}
