import { randomUUID } from 'node:crypto';
import { makeEvent } from '@midway/service-kit';
import { IMPORT_EVENT_MAX_ITEMS, type Item } from '@midway/contracts';
import { Prisma } from '../data/prisma-client';

const facts = (item: Item, designerId: string) => ({
  itemId: item.id,
  projectId: item.projectId,
  designerId,
  name: item.name,
  quantity: item.quantity,
  status: item.status,
  supplier: item.supplier,
  trackingNumber: item.trackingNumber,
  carrierId: item.carrierId,
  price: item.price,
  receivedAt: item.receivedAt,
  deliveredAt: item.deliveredAt,
  photoUrl: item.photoUrl,
  // What the warehouse's labels print: the room (sidemark) and one label per expected piece.
  roomLocation: item.roomLocation,
  pieces: item.pieces,
});

const created = (item: Item, designerId: string) => ({ ...facts(item, designerId), createdAt: item.createdAt });

/** The catalog events about an item, complete enough for logistics and billing to act without asking. */
export const itemEvents = {
  created: (item: Item, designerId: string) => makeEvent('catalog.item.created.v1', created(item, designerId)),
  /** A bulk import as batches (one outbox row and one message per batch, not per item). */
  imported: (items: readonly Item[], projectId: string, designerId: string) => {
    const importId = randomUUID();
    const parts = Math.ceil(items.length / IMPORT_EVENT_MAX_ITEMS);
    return Array.from({ length: parts }, (_, i) =>
      makeEvent('catalog.items.imported.v1', {
        importId,
        projectId,
        designerId,
        part: i + 1,
        parts,
        items: items.slice(i * IMPORT_EVENT_MAX_ITEMS, (i + 1) * IMPORT_EVENT_MAX_ITEMS).map((item) => created(item, designerId)),
      }),
    );
  },
  updated: (item: Item, designerId: string, changedFields: string[]) =>
    makeEvent('catalog.item.updated.v1', { ...facts(item, designerId), changedFields, updatedAt: item.updatedAt }),
  statusChanged: (before: Item, after: Item, designerId: string) =>
    makeEvent('catalog.item.status-changed.v1', {
      itemId: after.id,
      projectId: after.projectId,
      designerId,
      name: after.name,
      quantity: after.quantity,
      from: before.status,
      to: after.status,
      receivedAt: after.receivedAt,
      deliveredAt: after.deliveredAt,
      changedAt: after.updatedAt,
    }),
  deleted: (item: Item, designerId: string) =>
    makeEvent('catalog.item.deleted.v1', { itemId: item.id, projectId: item.projectId, designerId, name: item.name, status: item.status, deletedAt: new Date().toISOString() }),
};

/** A timestamptz as the events write it (Date#toISOString: UTC, milliseconds, `Z`). */
const isoSql = (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The envelope of an event built by SQL (makeEvent's shape). */
const envelopeSql = (id: string, type: string, at: string, data: Prisma.Sql) =>
  Prisma.sql`json_build_object('id', ${id}::text, 'type', ${type}::text, 'occurredAt', ${at}::text, 'data', ${data})`;

/** itemEvents.updated's data from the changed row `c`, with `changedFields` a JSON array of field names. */
const updatedDataSql = (carrierId: string | null, changedFields: Prisma.Sql) => Prisma.sql`json_build_object(
    'itemId', c.id, 'projectId', c.project_id, 'designerId', c.created_by_id, 'name', c.name, 'quantity', c.quantity, 'status', c.status,
    'supplier', c.supplier, 'trackingNumber', c.tracking_number, 'carrierId', ${carrierId}::text, 'price', c.price::text,
    'receivedAt', ${isoSql(Prisma.sql`c.received_at`)}, 'deliveredAt', ${isoSql(Prisma.sql`c.delivered_at`)}, 'photoUrl', c.photo_url,
    'roomLocation', c.room_location, 'pieces', c.pieces, 'changedFields', ${changedFields}, 'updatedAt', ${isoSql(Prisma.sql`c.updated_at`)})`;

/** itemEvents.statusChanged's data from the changed row `c` (with `from_status`). */
const statusChangedDataSql = Prisma.sql`json_build_object(
    'itemId', c.id, 'projectId', c.project_id, 'designerId', c.created_by_id, 'name', c.name, 'quantity', c.quantity,
    'from', c.from_status, 'to', c.status, 'receivedAt', ${isoSql(Prisma.sql`c.received_at`)}, 'deliveredAt', ${isoSql(Prisma.sql`c.delivered_at`)},
    'changedAt', ${isoSql(Prisma.sql`c.updated_at`)})`;

/**
 * `itemEvents.updated` and `itemEvents.statusChanged` of a status change, as SQL building each envelope from the
 * changed row `c` (items' columns, with `from_status` and the project's `created_by_id`), for a statement that
 * writes the change and its events at once. `carrierId` is the item's carrier as toItem gives it (the chosen one,
 * or the one its number belongs to): the statement makes sure the row's number and chosen carrier are the ones it
 * was worked out from. test/item-status-change.api.test.ts checks these equal the builders above.
 */
export function statusChangeEventsSql(ids: { updated: string; statusChanged: string }, occurredAt: Date, carrierId: string | null): Prisma.Sql {
  const at = occurredAt.toISOString();
  return Prisma.sql`(VALUES
    (${ids.updated}::uuid, 'catalog.item.updated.v1', ${envelopeSql(ids.updated, 'catalog.item.updated.v1', at, updatedDataSql(carrierId, Prisma.sql`json_build_array('status')`))}),
    (${ids.statusChanged}::uuid, 'catalog.item.status-changed.v1', ${envelopeSql(ids.statusChanged, 'catalog.item.status-changed.v1', at, statusChangedDataSql)}))`;
}

/**
 * The events of an edit as SQL rows (id, type, payload, keep) from the changed row `c`, which carries `fields`
 * (the names of the fields the edit changed, text[]) and `from_status`: itemEvents.updated, kept when a field
 * changed, and itemEvents.statusChanged, kept when the status did (as ItemService's edit in a transaction adds them).
 * test/item-edit.api.test.ts checks an edit's stored events equal the builders above.
 */
export function editEventsSql(ids: { updated: string; statusChanged: string }, occurredAt: Date, carrierId: string | null): Prisma.Sql {
  const at = occurredAt.toISOString();
  return Prisma.sql`(VALUES
    (${ids.updated}::uuid, 'catalog.item.updated.v1', ${envelopeSql(ids.updated, 'catalog.item.updated.v1', at, updatedDataSql(carrierId, Prisma.sql`to_json(c.fields)`))}, cardinality(c.fields) > 0),
    (${ids.statusChanged}::uuid, 'catalog.item.status-changed.v1', ${envelopeSql(ids.statusChanged, 'catalog.item.status-changed.v1', at, statusChangedDataSql)}, c.status <> c.from_status))`;
}
