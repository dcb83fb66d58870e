import { makeEvent } from '@midway/service-kit';
import type { ServiceType } from '@midway/contracts';

/** The facts logistics publishes (contracts: events/logistics), built in one place for the service and its pacts. */
export const logisticsEvents = {
  serviceChosen: (selected: boolean, s: { id: string; itemId: string; projectId: string; type: ServiceType; cost: string | null }, byUserId: string, changedAt = new Date().toISOString()) =>
    makeEvent(selected ? 'logistics.service.selected.v1' : 'logistics.service.deselected.v1', { serviceId: s.id, itemId: s.itemId, projectId: s.projectId, type: s.type, cost: s.cost, byUserId, changedAt }),
  photoAttached: (item: { id: string; projectId: string }, photoUrl: string, byUserId: string) =>
    makeEvent('logistics.item-photo.attached.v1', { itemId: item.id, projectId: item.projectId, photoUrl, byUserId, attachedAt: new Date().toISOString() }),
  /** For the receiving desk (not built yet): billing charges Enhanced Inspection from this fact. */
  itemInspected: (inspection: { id: string; itemId: string; projectId: string; notes: string | null }, byUserId: string, inspectedAt = new Date().toISOString()) =>
    makeEvent('logistics.item.inspected.v1', { inspectionId: inspection.id, itemId: inspection.itemId, projectId: inspection.projectId, notes: inspection.notes, byUserId, inspectedAt }),
};
