import { Prisma } from '../../data/prisma-client';
import { billableEvent, literal, type BillableEvent } from './billable-event';
import { selectedSql, type Clearing, type DeliveredItem } from './delivery-fee';
import { rateOnSql } from './rate-in-force';

/** Installation & assembly: once per item delivered with it selected (key `install_assembly:<item>`), one unit, on the delivery day. */
export const INSTALLATION = {
  type: 'install_assembly',
  key: (itemId: string) => `install_assembly:${itemId}`,
  keySql: (itemId: Prisma.Sql) => Prisma.sql`'install_assembly:' || ${itemId}`,
  description: (itemName: string) => `Installation & Assembly — ${itemName}`,
  descriptionSql: (itemName: Prisma.Sql) => Prisma.sql`'Installation & Assembly — ' || ${itemName}`,
} as const;

/** `delivered`: the items now delivered, each with whether installation is selected on it. */
export function installationFees(delivered: readonly DeliveredItem[], rateOn: (day: string) => string): BillableEvent[] {
  return delivered
    .filter((d) => d.selected)
    .map((d) => billableEvent({ key: INSTALLATION.key(d.itemId), projectId: d.projectId, itemId: d.itemId, type: INSTALLATION.type, date: d.day, quantity: 1, rate: rateOn(d.day), description: INSTALLATION.description(d.name) }));
}

/**
 * `delivered` selects (id, project_id, name, day) of items now delivered; answers the rows a billable-event insert
 * takes. `selected: 'given'`: `delivered` holds only items the delivery said have the service selected (logistics'
 * proof of delivery), so billing's own selection is not asked again.
 */
export function installationEventsSql(delivered: Prisma.Sql, { selected = 'ask' }: { selected?: 'ask' | 'given' } = {}): Prisma.Sql {
  return Prisma.sql`
    SELECT ${INSTALLATION.keySql(Prisma.sql`d.id`)} AS key, d.project_id, d.id AS item_id, ${literal(INSTALLATION.type)} AS event_type, d.day AS event_date,
           1 AS quantity, ${rateOnSql(INSTALLATION.type, Prisma.sql`d.day`)} AS rate, ${INSTALLATION.descriptionSql(Prisma.sql`d.name`)} AS description
    FROM (${delivered}) d WHERE ${selected === 'given' ? Prisma.sql`TRUE` : selectedSql(INSTALLATION.type, Prisma.sql`d.id`)}`;
}

/** Installation cleared before the delivery (heard after it) is taken back unless it is invoiced already. */
export const installationTakenBack = (c: Clearing): boolean => Date.parse(c.clearedAt) <= Date.parse(c.deliveredAt) && !c.invoiced;

/** installationTakenBack as SQL: a clearing of installation on the delivered item `it` takes back that item's installation (if not yet invoiced). */
export const installationTakenBackSql = (event: Prisma.Sql): Prisma.Sql => Prisma.sql`${event}.key = ${INSTALLATION.keySql(Prisma.sql`it.id`)}`;
