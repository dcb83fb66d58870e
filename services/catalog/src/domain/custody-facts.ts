import { statusAfter, type EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { itemEvents } from './item-events';
import { stampsFor } from './item-timestamps';

/**
 * Where the warehouse keeps an item and how its custody ends, applied to catalog's own: a put-away or a move
 * places it (status stored, by the item lifecycle; "Stored · B-12" on the item), a release ends custody (picked up:
 * delivered; returned to the vendor: ordered again). A status change publishes the events and history line a
 * designer's change would. Each is applied once (the inbox); an item deleted since, or of another project, is
 * left alone, as is a fact older than the end of the custody it belongs to. Facts may be heard out of order (a
 * redelivered event comes after later ones): a put-away or release heard before the arrival still applies.
 */
export async function applyItemPlaced(r: Repos, event: EventEnvelope<'logistics.item.put-away.v1' | 'logistics.item.moved.v1'>): Promise<void> {
  const d = event.data;
  const before = await r.items.find(d.itemId, { lock: true });
  if (!before || before.projectId !== d.projectId) return;
  const at = new Date(d.at);
  const status = statusAfter({ kind: event.type === 'logistics.item.put-away.v1' ? 'put-away' : 'moved' });
  if (!(await r.warehouse.place(d.itemId, d.locationCode, status, stampsFor(status, before, at).receivedAt, at))) return;
  await statusFollowed(r, before, d.projectId, { put: d.locationCode });
}

export async function applyItemReleased(r: Repos, event: EventEnvelope<'logistics.item.released.v1'>): Promise<void> {
  const d = event.data;
  const before = await r.items.find(d.itemId, { lock: true });
  if (!before || before.projectId !== d.projectId) return;
  const at = new Date(d.at);
  const status = statusAfter({ kind: 'released', reason: d.reason });
  if (!(await r.warehouse.release(d.itemId, { at, end: d.reason, status, deliveredAt: stampsFor(status, before, at).deliveredAt }))) return;
  await statusFollowed(r, before, d.projectId, { released: d.reason });
}

/** The events and history line of a status the warehouse's fact gave (none when the status stayed). */
async function statusFollowed(r: Repos, before: Awaited<ReturnType<Repos['items']['find']>> & object, projectId: string, metadata: Record<string, string>): Promise<void> {
  const after = (await r.items.find(before.id))!;
  if (after.status === before.status) return;
  const owner = await r.warehouse.ownerOf(projectId);
  if (!owner) return;
  await r.outbox.add(itemEvents.updated(after, owner, ['status']), itemEvents.statusChanged(before, after, owner));
  await r.activities.add({ projectId, itemId: after.id, type: 'item_status', description: activityText.itemStatus(after.name, after.status), metadata: { from: before.status, to: after.status, ...metadata } });
}
