import type { EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { itemEvents } from './item-events';

/**
 * A tracking number a vendor's later document (an acknowledgement, a packing list) printed for lines of a purchase
 * order imported earlier: each item made from those lines that has no tracking number yet gets it and its carrier,
 * with the events and history line of a designer's edit. An item that has one keeps it (the designer's, or an
 * earlier shipment's); an item deleted or moved to another project since is left alone. The item is locked and
 * read in its latest state, so a repeated or raced fact fills it once.
 */
export async function applyShipmentLinked(r: Repos, event: EventEnvelope<'logistics.shipment.linked.v1'>): Promise<void> {
  const d = event.data;
  const owner = await r.warehouse.ownerOf(d.projectId);
  if (!owner) return;
  for (const itemId of new Set(d.itemIds)) {
    const before = await r.items.find(itemId, { lock: true });
    if (!before || before.projectId !== d.projectId || before.trackingNumber) continue;
    const after = await r.items.update(itemId, { trackingNumber: d.trackingNumber, carrierId: d.carrierId }, before);
    const changed = (['trackingNumber', 'carrierId'] as const).filter((f) => before[f] !== after[f]);
    await r.outbox.add(itemEvents.updated(after, owner, [...changed]));
    await r.activities.add({
      projectId: d.projectId, itemId, type: 'item_updated', description: activityText.trackingFromVendor(after.name, d.trackingNumber),
      metadata: { fields: [...changed], shipmentId: d.shipmentId, documentId: d.documentId },
    });
  }
}
