import type { EventEnvelope, EventType } from '@midway/contracts';
import { applyProjectFact } from '@midway/service-kit';
import type { ItemStatusFact } from '../data/item.repository';
import type { Repos } from '../data/unit-of-work';
import { publishCosts } from './cost-events';
import { selectionPrecedesReceipt } from './fees/receiving-fee';

type Event<T extends EventType> = EventEnvelope<T>;
type R = Repos;

/**
 * What billing learns from catalog, identity and logistics, and the fees those facts make billable: only the
 * warehouse's facts (arrival, inspection, a delivery's completion, a release) and the services a designer chose;
 * catalog's statuses are labels and bill nothing (the item lifecycle). Every
 * effect is idempotent (a fact older than the one applied changes nothing; billable events are unique by
 * key), so redelivered and republished events are harmless.
 */
export async function applyFact(r: R, event: EventEnvelope, tz: string): Promise<void> {
  // Projects and members: the kit's project-access read model, the same in every service that keeps one.
  if (await applyProjectFact(r.access, event)) return;
  switch (event.type) {
    case 'catalog.item.created.v1': {
      const d = (event as Event<'catalog.item.created.v1'>).data;
      return statuses(r, [{ itemId: d.itemId, projectId: d.projectId, name: d.name, quantity: d.quantity, status: d.status, at: d.createdAt }], tz);
    }
    case 'catalog.items.imported.v1': {
      const d = (event as Event<'catalog.items.imported.v1'>).data;
      return statuses(r, d.items.map((i) => ({ itemId: i.itemId, projectId: i.projectId, name: i.name, quantity: i.quantity, status: i.status, at: i.createdAt })), tz);
    }
    case 'catalog.item.updated.v1': {
      const d = (event as Event<'catalog.item.updated.v1'>).data;
      return statuses(r, [{ itemId: d.itemId, projectId: d.projectId, name: d.name, quantity: d.quantity, status: d.status, at: d.updatedAt }], tz);
    }
    case 'catalog.item.status-changed.v1': {
      const d = (event as Event<'catalog.item.status-changed.v1'>).data;
      return statuses(r, [{ itemId: d.itemId, projectId: d.projectId, name: d.name, quantity: d.quantity, status: d.to, at: d.changedAt }], tz);
    }
    case 'catalog.item.deleted.v1': {
      const d = (event as Event<'catalog.item.deleted.v1'>).data;
      return r.items.markDeleted(d.itemId, d.deletedAt);
    }
    case 'identity.user.created.v1':
    case 'identity.user.updated.v1': {
      const d = (event as Event<'identity.user.created.v1'>).data;
      const at = 'createdAt' in d ? d.createdAt : (d as unknown as { updatedAt: string }).updatedAt;
      return r.users.record({ userId: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, at });
    }
    case 'logistics.service.selected.v1':
    case 'logistics.service.deselected.v1': {
      const d = (event as Event<'logistics.service.selected.v1'>).data;
      const selected = event.type === 'logistics.service.selected.v1';
      const onDelivery = d.type === 'delivery' || d.type === 'install_assembly';
      // Catalog's delivery and this selection are applied by two consumers at once: without the item's row lock
      // each could miss the other's uncommitted change (a fee charged for a cleared service, or none for a chosen one).
      if (onDelivery || d.type === 'receiving') await r.items.lock(d.itemId);
      await r.items.setSelected(d.itemId, d.type, selected, d.changedAt);
      // Receiving chosen or cleared before the receipt but heard after it: the fee follows the choice (unless invoiced).
      const custody = onDelivery || d.type === 'receiving' ? await r.custody.lockedOf(d.itemId) : null;
      if (d.type === 'receiving' && selectionPrecedesReceipt({ changedAt: d.changedAt, custodySince: custody?.since.toISOString() ?? null })) {
        return publishCosts(r, selected ? await r.events.recordReceiving([d.itemId], tz) : await r.events.retractReceiving(d.itemId));
      }
      // Selected, then delivered, but the delivery fact came first (two streams): bill it now.
      if (selected && onDelivery && custody?.endedBy === 'delivered' && custody.endedAt!.getTime() >= Date.parse(d.changedAt)) {
        await publishCosts(r, await r.events.recordDeliveries([d.itemId], tz));
      }
      // Cleared before the delivery but heard after it: the fee billed meanwhile goes again (if not invoiced yet).
      if (!selected && (d.type === 'delivery' || d.type === 'install_assembly')) await publishCosts(r, await r.events.retractDelivery(d.itemId, d.type, tz));
      return;
    }
    case 'logistics.item.arrived.v1': {
      // Custody begins: receiving is charged once per item, dated on the arrival; storage runs from it. (An item
      // catalog has not told billing of yet is charged when it does: see statuses.)
      const d = (event as Event<'logistics.item.arrived.v1'>).data;
      await r.custody.serialize([d.itemId]);
      await r.items.lock(d.itemId);
      if (!(await r.custody.begin(d.itemId, d.projectId, d.arrivedAt))) return;
      return publishCosts(r, await r.events.recordReceiving([d.itemId], tz));
    }
    case 'logistics.item.released.v1': {
      // Custody ends other than by a delivery (returned to the vendor, picked up): storage stops; nothing else is due.
      const d = (event as Event<'logistics.item.released.v1'>).data;
      await r.custody.end(d.projectId, [d.itemId], d.at, d.reason);
      return;
    }
    case 'logistics.item.inspected.v1': {
      const d = (event as Event<'logistics.item.inspected.v1'>).data;
      return publishCosts(r, await r.events.recordInspection({ itemId: d.itemId, projectId: d.projectId, at: d.inspectedAt }, tz));
    }
    case 'logistics.delivery.completed.v1': {
      // The proof of delivery bills the day's delivery once per project when a delivered item has Last-Mile
      // Delivery chosen, and installation per delivered item that has it; excepted items were not delivered.
      const d = (event as Event<'logistics.delivery.completed.v1'>).data;
      const delivered = d.items.filter((i) => d.deliveredItemIds.includes(i.itemId));
      // The delivered items leave custody (their storage stops); excepted ones stay.
      await r.custody.end(d.projectId, d.deliveredItemIds, d.changedAt, 'delivered');
      return publishCosts(r, await r.events.recordCompletedDelivery({ projectId: d.projectId, completedAt: d.changedAt, items: delivered }, tz));
    }
    default:
      // Other facts (sessions, photos) mean nothing to billing.
      return;
  }
}

/**
 * Items as catalog now says them (name, quantity; the status only as a label). A status bills nothing; an item the
 * warehouse took into custody before catalog told billing of it gets its receiving now (the arrival's fee, dated on it).
 */
async function statuses(r: R, facts: ItemStatusFact[], tz: string): Promise<void> {
  await r.custody.serialize(facts.map((f) => f.itemId));
  await r.items.recordStatuses(facts);
  await publishCosts(r, await r.events.recordReceiving(facts.map((f) => f.itemId), tz));
}
