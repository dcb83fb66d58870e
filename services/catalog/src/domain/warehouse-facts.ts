import { statusAfter, type EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { itemEvents } from './item-events';
import { stampsFor } from './item-timestamps';

/**
 * What the warehouse (logistics' receiving desk) reports about an item, applied to catalog's own: the arrival
 * begins (or, for later pieces, adds to) the warehouse's custody, and the first arrival makes the item received as
 * of the arrival (the item lifecycle; with the same events and history line as a designer's change); the inspection
 * shows on the item; a damage report on the project. Each is applied once (the inbox); an item deleted since is
 * left alone.
 */
export async function applyItemArrived(r: Repos, event: EventEnvelope<'logistics.item.arrived.v1'>): Promise<void> {
  const d = event.data;
  const before = await r.items.find(d.itemId, { lock: true });
  if (!before || before.projectId !== d.projectId) return;
  const arrivedAt = new Date(d.arrivedAt);
  // More pieces of an item the warehouse holds already: they add up; its status stays what custody made it.
  const status = before.inCustody ? before.status : statusAfter({ kind: 'arrived' });
  // A parcel assigned by hand at the desk (it matched no item's number): its scanned code becomes the item's number.
  const takesNumber = !before.trackingNumber && !!d.trackingNumber;
  await r.warehouse.arrive(d.itemId, { status, since: arrivedAt, pieces: d.pieces ?? 1, receivedAt: stampsFor(status, before, arrivedAt).receivedAt, now: new Date(), trackingNumber: takesNumber ? d.trackingNumber : null });
  const after = (await r.items.find(d.itemId))!;
  const owner = (await r.warehouse.ownerOf(d.projectId))!;
  if (before.status === after.status) {
    await r.activities.add({ projectId: d.projectId, itemId: d.itemId, type: 'item_received', description: activityText.itemReceived(before.name), metadata: { arrivalId: d.arrivalId } });
    if (takesNumber) await r.outbox.add(itemEvents.updated(after, owner, ['trackingNumber']));
    return;
  }
  await r.outbox.add(itemEvents.updated(after, owner, takesNumber ? ['status', 'receivedAt', 'trackingNumber'] : ['status', 'receivedAt']), itemEvents.statusChanged(before, after, owner));
  await r.activities.add({
    projectId: d.projectId, itemId: d.itemId, type: 'item_status', description: activityText.itemReceived(after.name), metadata: { from: before.status, to: after.status, arrivalId: d.arrivalId },
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
