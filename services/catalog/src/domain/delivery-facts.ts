import type { EventEnvelope, EventType } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { itemEvents } from './item-events';

type DeliveryEventType = Extract<EventType, `logistics.delivery.${string}`>;

/**
 * What logistics says of a delivery, applied to catalog's own: the client page's list of deliveries, the project's
 * history ('Delivery booked for Mar 3', 'Delivered to 12 Harbour St, received by J. Ellis'; the client page without the name), each item's timeline
 * (out for delivery; not delivered, with the note), the items' outForDeliveryAt while the delivery is out (cleared
 * when it is completed or cancelled), and on completion the delivered items' status and deliveredAt
 * (the completion time) with the same events a designer's change publishes. A redelivered or older fact changes
 * nothing; an item deleted or moved since is left alone.
 */
export async function applyDeliveryFact(r: Repos, event: EventEnvelope<DeliveryEventType>): Promise<void> {
  const d = event.data;
  const recorded = await r.warehouse.recordDelivery({ id: d.deliveryId, projectId: d.projectId, date: d.date, window: d.window, status: d.status, items: d.items.map((i) => ({ itemId: i.itemId, name: i.name })), changedAt: d.changedAt });
  if (!recorded) return;
  const project = { projectId: d.projectId, metadata: { deliveryId: d.deliveryId } };
  const itemIds = d.items.map((i) => i.itemId);
  switch (event.type) {
    case 'logistics.delivery.requested.v1':
      // A change to the request while still requested is not a second booking.
      if (recorded === 'inserted') await r.activities.add({ ...project, itemId: null, type: 'delivery_booked', description: activityText.deliveryBooked(d.date) });
      return;
    case 'logistics.delivery.scheduled.v1':
      return r.activities.add({ ...project, itemId: null, type: 'delivery_scheduled', description: activityText.deliveryScheduled(d.date) });
    case 'logistics.delivery.cancelled.v1':
      await r.warehouse.clearOutForDelivery(d.projectId, itemIds, new Date(d.changedAt));
      return r.activities.add({ ...project, itemId: null, type: 'delivery_cancelled', description: activityText.deliveryCancelled(d.date) });
    case 'logistics.delivery.out-for-delivery.v1':
      await r.warehouse.markOutForDelivery(d.projectId, itemIds, new Date(d.changedAt));
      for (const i of d.items) {
        const item = await r.items.find(i.itemId);
        if (item && item.projectId === d.projectId) await r.activities.add({ ...project, itemId: i.itemId, type: 'item_out_for_delivery', description: activityText.itemOutForDelivery(item.name) });
      }
      return;
    case 'logistics.delivery.completed.v1': {
      const c = (event as EventEnvelope<'logistics.delivery.completed.v1'>).data;
      const deliveredAt = new Date(c.changedAt);
      await r.warehouse.clearOutForDelivery(c.projectId, itemIds, deliveredAt);
      const owner = await r.warehouse.ownerOf(c.projectId);
      for (const itemId of c.deliveredItemIds) {
        const before = await r.items.find(itemId, { lock: true });
        if (!before || before.projectId !== c.projectId || before.status === 'delivered' || !owner) continue;
        await r.warehouse.deliver(itemId, deliveredAt);
        const after = (await r.items.find(itemId))!;
        await r.outbox.add(itemEvents.updated(after, owner, ['status', 'deliveredAt']), itemEvents.statusChanged(before, after, owner));
        await r.activities.add({ ...project, itemId, type: 'item_status', description: activityText.itemStatus(after.name, 'delivered'), metadata: { from: before.status, to: 'delivered', deliveryId: c.deliveryId } });
      }
      for (const e of c.exceptions) {
        const item = await r.items.find(e.itemId);
        if (item && item.projectId === c.projectId) await r.activities.add({ ...project, itemId: e.itemId, type: 'item_not_delivered', description: activityText.itemNotDelivered(item.name, e.note) });
      }
      // The history names who received it; the client's page says only where it went.
      const clientDescription = activityText.deliveredForClient(c.address);
      return r.activities.add({ ...project, metadata: { ...project.metadata, clientDescription }, itemId: null, type: 'delivery_completed', description: activityText.delivered(c.address, c.receivedBy) });
    }
  }
}
