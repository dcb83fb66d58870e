import { makeEvent } from '@midway/service-kit';
import { Prisma } from '../data/prisma-client';
import type { Delivery, InspectionCondition, ServiceType } from '@midway/contracts';

/** What every delivery fact says of the delivery as it now is (never its notes or proof's signature). */
const deliveryFacts = (d: Delivery, byUserId: string, changedAt: Date) => ({
  deliveryId: d.id,
  projectId: d.projectId,
  date: d.date,
  window: d.window,
  address: d.address,
  status: d.status,
  items: d.items.map((i) => ({ itemId: i.itemId, name: i.name, installAssembly: i.installAssembly, lastMileDelivery: i.lastMileDelivery })),
  byUserId,
  changedAt: changedAt.toISOString(),
});

/** The facts logistics publishes (contracts: events/logistics), built in one place for the service and its pacts. */
export const logisticsEvents = {
  serviceChosen: (selected: boolean, s: { id: string; itemId: string; projectId: string; type: ServiceType; cost: string | null }, byUserId: string, changedAt = new Date().toISOString()) =>
    makeEvent(selected ? 'logistics.service.selected.v1' : 'logistics.service.deselected.v1', { serviceId: s.id, itemId: s.itemId, projectId: s.projectId, type: s.type, cost: s.cost, byUserId, changedAt }),
  /** serviceChosen as the outbox row's payload built from a changed services row `c`, for a statement that writes both (same envelope). */
  serviceChosenSql: (selected: boolean, id: string, byUserId: string, changedAt: string) => {
    const type = selected ? 'logistics.service.selected.v1' : 'logistics.service.deselected.v1';
    const data = Prisma.sql`json_build_object('serviceId', c.id, 'itemId', c.item_id, 'projectId', c.project_id, 'type', c.type, 'cost', c.cost, 'byUserId', ${byUserId}::text, 'changedAt', ${changedAt}::text)`;
    return { id, type, payload: Prisma.sql`json_build_object('id', ${id}::text, 'type', ${type}::text, 'occurredAt', ${changedAt}::text, 'data', ${data})` };
  },
  /** A photo upload completed (or, for an owner query, is as now): catalog keeps who uploaded it and its project. */
  photoUploaded: (u: { id: string; ownerId: string; projectId: string | null }, uploadedAt = new Date()) =>
    makeEvent('logistics.photo.uploaded.v1', { key: u.id, ownerId: u.ownerId, projectId: u.projectId, uploadedAt: uploadedAt.toISOString() }),
  photoAttached: (item: { id: string; projectId: string }, photoUrl: string, byUserId: string) =>
    makeEvent('logistics.item-photo.attached.v1', { itemId: item.id, projectId: item.projectId, photoUrl, byUserId, attachedAt: new Date().toISOString() }),
  /** The desk received an item: catalog marks it received as of `arrivedAt`; billing charges receiving once. */
  itemArrived: (
    a: { id: string; itemId: string; projectId: string; trackingNumber: string; notes: string | null; arrivedAt: Date; inspectionDueAt: Date; pieces?: number; piecesReceived?: number; piecesExpected?: number },
    byUserId: string,
  ) =>
    makeEvent('logistics.item.arrived.v1', {
      arrivalId: a.id,
      itemId: a.itemId,
      projectId: a.projectId,
      trackingNumber: a.trackingNumber,
      notes: a.notes,
      arrivedAt: a.arrivedAt.toISOString(),
      inspectionDueAt: a.inspectionDueAt.toISOString(),
      byUserId,
      // This arrival's pieces and all received so far of the expected (a later arrival of the item adds its own).
      ...(a.pieces === undefined ? {} : { pieces: a.pieces, piecesReceived: a.piecesReceived, piecesExpected: a.piecesExpected }),
    }),
  /** The desk inspected an item: billing charges Enhanced Inspection when selected; catalog shows the inspection. */
  itemInspected: (
    inspection: { id: string; itemId: string; projectId: string; notes: string | null; condition?: InspectionCondition; photoUrls?: string[] },
    byUserId: string,
    inspectedAt = new Date().toISOString(),
  ) =>
    makeEvent('logistics.item.inspected.v1', {
      inspectionId: inspection.id,
      itemId: inspection.itemId,
      projectId: inspection.projectId,
      notes: inspection.notes,
      byUserId,
      inspectedAt,
      condition: inspection.condition ?? 'good',
      photoUrls: inspection.photoUrls ?? [],
    }),
  /** An inspection found damage or missing parts: the report catalog lists on the project. */
  damageReported: (
    r: { id: string; inspectionId: string; itemId: string; projectId: string; itemName: string; condition: Exclude<InspectionCondition, 'good'>; notes: string | null; photoUrls: string[] },
    byUserId: string,
    reportedAt: Date,
  ) =>
    makeEvent('logistics.damage.reported.v1', {
      damageReportId: r.id,
      inspectionId: r.inspectionId,
      itemId: r.itemId,
      projectId: r.projectId,
      itemName: r.itemName,
      condition: r.condition,
      notes: r.notes,
      photoUrls: r.photoUrls,
      byUserId,
      reportedAt: reportedAt.toISOString(),
    }),
  /** A designer booked (or, while requested, changed) a delivery. */
  deliveryRequested: (d: Delivery, byUserId: string, at: Date) => makeEvent('logistics.delivery.requested.v1', deliveryFacts(d, byUserId, at)),
  deliveryScheduled: (d: Delivery, runId: string, byUserId: string, at: Date) => makeEvent('logistics.delivery.scheduled.v1', { ...deliveryFacts(d, byUserId, at), runId }),
  deliveryOut: (d: Delivery, byUserId: string, at: Date) => makeEvent('logistics.delivery.out-for-delivery.v1', deliveryFacts(d, byUserId, at)),
  /** The proof of delivery: catalog marks the delivered items, billing charges the day's fee and installations. */
  deliveryCompleted: (d: Delivery, proof: { receivedBy: string; deliveredItemIds: string[]; exceptions: { itemId: string; note: string }[] }, byUserId: string, at: Date) =>
    makeEvent('logistics.delivery.completed.v1', { ...deliveryFacts(d, byUserId, at), ...proof, photoUrls: d.photoUrls }),
  deliveryCancelled: (d: Delivery, byUserId: string, at: Date) => makeEvent('logistics.delivery.cancelled.v1', deliveryFacts(d, byUserId, at)),
  /** A later document's tracking number reached lines of an imported purchase order: catalog fills their items'. */
  shipmentLinked: (
    s: { shipmentId: string; documentId: string; purchaseOrderId: string; projectId: string; trackingNumber: string; carrierId: string | null; itemIds: string[] },
    byUserId: string,
    at: Date,
  ) => makeEvent('logistics.shipment.linked.v1', { ...s, byUserId, linkedAt: at.toISOString() }),
};
