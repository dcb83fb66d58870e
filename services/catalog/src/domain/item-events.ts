import { makeEvent } from '@midway/service-kit';
import type { Item } from '@midway/contracts';

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
});

/** The catalog events about an item, complete enough for logistics and billing to act without asking. */
export const itemEvents = {
  created: (item: Item, designerId: string) => makeEvent('catalog.item.created.v1', { ...facts(item, designerId), createdAt: item.createdAt }),
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
