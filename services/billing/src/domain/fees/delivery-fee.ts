import { Prisma } from '../../data/prisma-client';
import { billableEvent, literal, type BillableEvent } from './billable-event';
import { rateOnSql } from './rate-in-force';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Last-mile delivery: consolidated, one per project per delivery day (key `delivery:<project>:<day>`) for the
 * items delivered that day with delivery selected, one unit whatever the number of items.
 */
export const DELIVERY = {
  type: 'delivery',
  key: (projectId: string, day: string) => `delivery:${projectId}:${day}`,
  keySql: (projectId: Prisma.Sql, day: Prisma.Sql) => Prisma.sql`'delivery:' || ${projectId} || ':' || ${day}`,
  /** 'Last-Mile Delivery on Jan 05, 2026' */
  description: (day: string) => `Last-Mile Delivery on ${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(8, 10)}, ${day.slice(0, 4)}`,
  descriptionSql: (day: Prisma.Sql) => Prisma.sql`'Last-Mile Delivery on ' || to_char(${day}, 'Mon DD, YYYY')`,
} as const;

/** An item now delivered, on its delivery day (billing time zone), and whether it has the service selected. */
export interface DeliveredItem {
  itemId: string;
  projectId: string;
  name: string;
  day: string;
  selected: boolean;
}

export function deliveryFees(delivered: readonly DeliveredItem[], rateOn: (day: string) => string): BillableEvent[] {
  const days = new Map<string, BillableEvent>();
  for (const d of delivered) {
    const key = DELIVERY.key(d.projectId, d.day);
    if (d.selected && !days.has(key)) days.set(key, billableEvent({ key, projectId: d.projectId, itemId: null, type: DELIVERY.type, date: d.day, quantity: 1, rate: rateOn(d.day), description: DELIVERY.description(d.day) }));
  }
  return [...days.values()];
}

/** A clearing of a service on a delivered item, as the retraction rules weigh it. */
export interface Clearing {
  /** When the service was cleared and when the item was delivered (the two streams may arrive in either order). */
  clearedAt: string;
  deliveredAt: string;
  /** Whether the fee is already on an invoice. */
  invoiced: boolean;
}

/**
 * A delivery billed for an item whose service, as it turns out, had been cleared before the delivery (heard
 * after it): the project's delivery of that day is taken back, unless it is invoiced already or another item
 * delivered that day still has delivery selected.
 */
export const deliveryTakenBack = (c: Clearing & { othersSelectedThatDay: number }): boolean =>
  Date.parse(c.clearedAt) <= Date.parse(c.deliveredAt) && !c.invoiced && c.othersSelectedThatDay === 0;

/**
 * `delivered` selects (id, project_id, name, day) of items now delivered; answers the rows a billable-event insert
 * takes: a fee only for items with Last-Mile Delivery selected — a booked delivery is no exception, since a fee is
 * charged only for a service the designer chose. `selected: 'given'`: `delivered` holds only items the delivery said
 * have it selected (logistics' proof of delivery), so billing's own selection is not asked again. One key per
 * project and day, so two deliveries of one project on one day, or one heard both from logistics and from catalog,
 * are billed once.
 */
export function deliveryEventsSql(delivered: Prisma.Sql, { selected = 'ask' }: { selected?: 'ask' | 'given' } = {}): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT ON (d.project_id, d.day) ${DELIVERY.keySql(Prisma.sql`d.project_id`, Prisma.sql`d.day`)} AS key, d.project_id, NULL::uuid AS item_id,
           ${literal(DELIVERY.type)} AS event_type, d.day AS event_date, 1 AS quantity, ${rateOnSql(DELIVERY.type, Prisma.sql`d.day`)} AS rate,
           ${DELIVERY.descriptionSql(Prisma.sql`d.day`)} AS description
    FROM (${delivered}) d WHERE ${selected === 'given' ? Prisma.sql`TRUE` : selectedSql(DELIVERY.type, Prisma.sql`d.id`)}
    ORDER BY d.project_id, d.day`;
}

/** Which billed event a clearing of delivery on the delivered item `it` (id, project_id, day) takes back (deliveryTakenBack); delivered = custody ended by a completed delivery. */
export function deliveryTakenBackSql(event: Prisma.Sql, tz: string): Prisma.Sql {
  return Prisma.sql`${event}.key = ${DELIVERY.keySql(Prisma.sql`it.project_id`, Prisma.sql`it.day`)}
    AND NOT EXISTS (SELECT 1 FROM custody oc JOIN items o ON o.id = oc.item_id JOIN selected_services so ON so.item_id = o.id AND so.type = ${literal(DELIVERY.type)} AND so.selected
                    WHERE oc.project_id = it.project_id AND oc.ended_by = 'delivered' AND NOT o.deleted AND (oc.ended_at AT TIME ZONE ${tz})::date = it.day)`;
}

/** Whether the service `type` is selected on the item `itemId`. */
export const selectedSql = (type: string, itemId: Prisma.Sql) => Prisma.sql`EXISTS (SELECT 1 FROM selected_services s WHERE s.item_id = ${itemId} AND s.type = ${literal(type)} AND s.selected)`;
