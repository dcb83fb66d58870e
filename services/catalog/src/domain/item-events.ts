import { randomUUID } from 'node:crypto';
import { makeEvent } from '@midway/service-kit';
import { IMPORT_EVENT_MAX_ITEMS, type Item } from '@midway/contracts';

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
