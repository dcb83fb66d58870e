import { photoKeyOf, type EventEnvelope, type EventType } from '@midway/contracts';
import { applyProjectFact } from '@midway/service-kit';
import type { Repos } from '../data/unit-of-work';
import { SERVICE_TEMPLATES } from './service-types';
import { itemTrackingKey } from './tracking-code';

type Event<T extends EventType> = EventEnvelope<T>;

/** `/api/photos/{key}` → the upload key (the contract's rule); none → null; not said → undefined. */
function photoKeyFrom(photoUrl: string | null | undefined): string | null | undefined {
  if (photoUrl === undefined) return undefined;
  return photoUrl ? photoKeyOf(photoUrl) : null;
}

/** Pieces expected and the room (custody's labels), only when the fact says them: older producers leave them out. */
function labelFacts(d: { pieces?: number | undefined; roomLocation?: string | null | undefined }): { pieces?: number; roomLocation?: string | null } {
  return { ...(d.pieces === undefined ? {} : { pieces: d.pieces }), ...(d.roomLocation === undefined ? {} : { roomLocation: d.roomLocation }) };
}

/**
 * What logistics learns from catalog: who reaches each project (owner, members and their roles, the client
 * link) and which items exist, each item with exactly one service of every type. Every effect is idempotent
 * (a fact older than the one applied changes nothing; items and services are upserts), so redelivered and
 * republished events are harmless.
 */
export async function applyCatalogFact(r: Omit<Repos, 'outbox'>, event: EventEnvelope): Promise<void> {
  // A delivery goes to the project's location unless the designer names another address.
  if (event.type === 'catalog.project.created.v1') {
    const d = (event as Event<'catalog.project.created.v1'>).data;
    await r.deliveries.recordLocation(d.projectId, d.location, d.createdAt);
  } else if (event.type === 'catalog.project.updated.v1' || event.type === 'catalog.project.snapshot.v1') {
    const d = (event as Event<'catalog.project.updated.v1'>).data;
    await r.deliveries.recordLocation(d.projectId, d.location, d.changedAt);
  }
  // Projects and members: the kit's project-access read model, the same in every service that keeps one.
  if (await applyProjectFact(r.access, event)) return;
  switch (event.type) {
    case 'catalog.item.created.v1': {
      const d = (event as Event<'catalog.item.created.v1'>).data;
      return r.items.upsertWithServices([{ id: d.itemId, projectId: d.projectId, name: d.name, createdAt: d.createdAt, photoKey: photoKeyFrom(d.photoUrl), trackingNumber: itemTrackingKey(d.trackingNumber), status: d.status, ...labelFacts(d) }], SERVICE_TEMPLATES);
    }
    case 'catalog.items.imported.v1': {
      const d = (event as Event<'catalog.items.imported.v1'>).data;
      const items = d.items.map((i) => ({ id: i.itemId, projectId: i.projectId, name: i.name, createdAt: i.createdAt, photoKey: photoKeyFrom(i.photoUrl), trackingNumber: itemTrackingKey(i.trackingNumber), status: i.status, ...labelFacts(i) }));
      return r.items.upsertWithServices(items, SERVICE_TEMPLATES);
    }
    case 'catalog.item.updated.v1': {
      const d = (event as Event<'catalog.item.updated.v1'>).data;
      // An item logistics has not seen (created before it ran, not yet republished) gets its services now.
      const photoKey = photoKeyFrom(d.photoUrl);
      const fields = { name: d.name, projectId: d.projectId, photoKey, trackingNumber: itemTrackingKey(d.trackingNumber), status: d.status, ...labelFacts(d) };
      const known = await r.items.update(d.itemId, fields);
      if (!known) await r.items.upsertWithServices([{ id: d.itemId, createdAt: d.updatedAt, ...fields }], SERVICE_TEMPLATES);
      return;
    }
    case 'catalog.item.status-changed.v1': {
      // The receiving desk refuses to receive a delivered item: it needs the status as catalog has it.
      const d = (event as Event<'catalog.item.status-changed.v1'>).data;
      return r.items.setStatus(d.itemId, d.to);
    }
    case 'catalog.item.deleted.v1':
      return r.items.delete((event as Event<'catalog.item.deleted.v1'>).data.itemId);
    default:
      // Other catalog facts mean nothing to logistics.
      return;
  }
}
