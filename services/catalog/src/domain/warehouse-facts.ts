import { isAwaitingArrival, type EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { itemEvents } from './item-events';
import { stampsFor } from './item-timestamps';

/**
 * What the warehouse (logistics' receiving desk) reports about an item, applied to catalog's own: the arrival
 * makes an ordered or in-transit item received as of the arrival (by the status rules of a designer's change,
 * with the same events and history line); the inspection shows on the item; a damage report on the project.
 * Each is idempotent, so a redelivered fact changes nothing; an item deleted since is left alone.
 */
export async function applyItemArrived(r: Repos, event: EventEnvelope<'logistics.item.arrived.v1'>): Promise<void> {
  const d = event.data;
  const before = await r.items.find(d.itemId, { lock: true });
  if (!before || before.projectId !== d.projectId) return;
  if (!isAwaitingArrival(before.status)) {
    // Already received by hand (or stored): the status and its date stay; the history says the warehouse has it.
    await r.activities.add({ projectId: d.projectId, itemId: d.itemId, type: 'item_received', description: activityText.itemReceived(before.name), metadata: { arrivalId: d.arrivalId } });
    return;
  }
  const arrivedAt = new Date(d.arrivedAt);
  // A parcel assigned by hand at the desk (it matched no item's number): its scanned code becomes the item's number.
  const takesNumber = !before.trackingNumber && !!d.trackingNumber;
  await r.warehouse.receive(d.itemId, stampsFor('received', before, arrivedAt).receivedAt, new Date(), takesNumber ? d.trackingNumber : null);
  const after = (await r.items.find(d.itemId))!;
  const owner = (await r.warehouse.ownerOf(d.projectId))!;
  await r.outbox.add(itemEvents.updated(after, owner, takesNumber ? ['status', 'receivedAt', 'trackingNumber'] : ['status', 'receivedAt']), itemEvents.statusChanged(before, after, owner));
  await r.activities.add({
    projectId: d.projectId, itemId: d.itemId, type: 'item_status', description: activityText.itemReceived(after.name), metadata: { from: before.status, to: 'received', arrivalId: d.arrivalId },
  });
}

export async function applyItemInspected(r: Repos, event: EventEnvelope<'logistics.item.inspected.v1'>): Promise<void> {
  const d = event.data;
  const inspection = { condition: d.condition, inspectedAt: d.inspectedAt, notes: d.notes, photoUrls: d.photoUrls };
  if (!(await r.warehouse.setInspection(d.itemId, d.projectId, inspection))) return;
  const item = (await r.items.find(d.itemId))!;
  await r.activities.add({ projectId: d.projectId, itemId: d.itemId, type: 'item_inspected', description: activityText.itemInspected(item.name, d.condition), metadata: { inspectionId: d.inspectionId, condition: d.condition } });
}

export async function applyDamageReported(r: Repos, event: EventEnvelope<'logistics.damage.reported.v1'>): Promise<void> {
  const d = event.data;
  const added = await r.warehouse.addDamageReport({
    id: d.damageReportId, projectId: d.projectId, itemId: d.itemId, itemName: d.itemName, condition: d.condition, notes: d.notes, photoUrls: d.photoUrls, reportedAt: d.reportedAt,
  });
  if (!added) return;
  const item = await r.items.find(d.itemId);
  await r.activities.add({
    projectId: d.projectId, itemId: item ? d.itemId : null, type: 'damage_reported', description: activityText.damageReported(d.itemName, d.condition), metadata: { damageReportId: d.damageReportId },
  });
}
