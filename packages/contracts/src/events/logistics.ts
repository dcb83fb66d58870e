import { z } from 'zod';
import { DELIVERY_STATUSES, DELIVERY_WINDOWS, INSPECTION_CONDITIONS, SERVICE_TYPES } from '../vocab';
import { RELEASE_REASONS } from '../item-lifecycle';

/** What every custody fact says: whose item, when, and who recorded it. */
const custodyFact = z.object({
  itemId: z.uuid(),
  projectId: z.uuid(),
  at: z.iso.datetime(),
  byUserId: z.uuid(),
});

/** A per-item service was selected or cleared: what billing needs to price it without asking logistics. */
const serviceChoice = z.object({
  serviceId: z.uuid(),
  itemId: z.uuid(),
  projectId: z.uuid(),
  type: z.enum(SERVICE_TYPES),
  /** Decimal string with 2 places. */
  cost: z.string().nullable(),
  /** Who made the change. */
  byUserId: z.uuid(),
  changedAt: z.iso.datetime(),
});

/**
 * What every delivery fact says of the delivery as it now is: catalog keeps it for the client page and the items'
 * activities (never the notes or the proof), billing prices it once completed.
 */
const deliveryFacts = z.object({
  deliveryId: z.uuid(),
  projectId: z.uuid(),
  date: z.iso.date(),
  window: z.enum(DELIVERY_WINDOWS),
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /**
   * The items on it, with whether their Installation & Assembly and Last-Mile Delivery services are selected
   * (`lastMileDelivery` is left out by producers older than it: billing then asks its own record of the selection).
   */
  items: z.array(z.object({ itemId: z.uuid(), name: z.string(), installAssembly: z.boolean(), lastMileDelivery: z.boolean().optional() })),
  byUserId: z.uuid(),
  changedAt: z.iso.datetime(),
});

/** Facts the logistics service publishes. */
export const logisticsEventSchemas = {
  'logistics.service.selected.v1': serviceChoice,
  'logistics.service.deselected.v1': serviceChoice,
  /**
   * A photo upload completed: who uploaded it, and the project it belongs to (the first project it was attached
   * to; null until then). Catalog keeps these facts to refuse attaching a photo to an item of another project
   * unless the caller uploaded it. Also the answer to `logistics.photo` owner queries, with the project as now.
   */
  'logistics.photo.uploaded.v1': z.object({
    /** The upload id: `/api/photos/{key}` serves it. */
    key: z.uuid(),
    ownerId: z.uuid(),
    projectId: z.uuid().nullable(),
    uploadedAt: z.iso.datetime(),
  }),
  /**
   * An uploaded photo now belongs to an item: catalog sets the item's photoUrl to the served path. The photo
   * belongs from then on to `projectId` if it belonged to no project yet.
   */
  'logistics.item-photo.attached.v1': z.object({
    itemId: z.uuid(),
    projectId: z.uuid(),
    /** `/api/photos/{key}`. */
    photoUrl: z.string(),
    byUserId: z.uuid(),
    attachedAt: z.iso.datetime(),
  }),
  /**
   * The receiving desk recorded an item's arrival (once per item: a repeat scan changes nothing). Catalog marks
   * the item received with `receivedAt` = `arrivedAt`; billing charges receiving once per item. An arrival
   * recorded unmatched is published when it is assigned to its item, with its original `arrivedAt`.
   */
  'logistics.item.arrived.v1': z.object({
    arrivalId: z.uuid(),
    itemId: z.uuid(),
    projectId: z.uuid(),
    /** The normalised tracking number that was scanned. */
    trackingNumber: z.string(),
    notes: z.string().nullable(),
    arrivedAt: z.iso.datetime(),
    /** arrivedAt + 48 hours: when the inspection is due. */
    inspectionDueAt: z.iso.datetime(),
    byUserId: z.uuid(),
    /**
     * The pieces this arrival brought, and all received so far of the expected (a later arrival of the same item
     * adds its pieces). Left out by producers older than custody (one piece of one).
     */
    pieces: z.number().int().min(1).optional(),
    piecesReceived: z.number().int().min(0).optional(),
    piecesExpected: z.number().int().min(1).optional(),
  }),
  /**
   * The receiving desk inspected an item (one inspection per item: a second one is refused). Billing charges
   * Enhanced Inspection for it when that service is selected on the item; catalog shows it on the item.
   */
  'logistics.item.inspected.v1': z.object({
    inspectionId: z.uuid(),
    itemId: z.uuid(),
    projectId: z.uuid(),
    /** What the inspector found, if anything worth noting. */
    notes: z.string().nullable(),
    byUserId: z.uuid(),
    inspectedAt: z.iso.datetime(),
    /** Left out by producers older than the receiving desk, whose inspections found nothing to report. */
    condition: z.enum(INSPECTION_CONDITIONS).default('good'),
    /** The photos' served paths, `/api/photos/{id}`; left out by older producers (none). */
    photoUrls: z.array(z.string()).default([]),
  }),
  /**
   * An inspection found the item damaged or missing parts: the report that was e-mailed to the project's owner
   * and members. Catalog lists it on the project and as an activity. Published with its inspected fact.
   */
  'logistics.damage.reported.v1': z.object({
    damageReportId: z.uuid(),
    inspectionId: z.uuid(),
    itemId: z.uuid(),
    projectId: z.uuid(),
    itemName: z.string(),
    condition: z.enum(INSPECTION_CONDITIONS).exclude(['good']),
    notes: z.string().nullable(),
    /** The photos' served paths, `/api/photos/{id}`. */
    photoUrls: z.array(z.string()),
    byUserId: z.uuid(),
    reportedAt: z.iso.datetime(),
  }),
  /** A designer booked items for a date (also re-sent when the request is changed while still requested). */
  'logistics.delivery.requested.v1': deliveryFacts,
  /** Staff put the delivery on a run for its date. */
  'logistics.delivery.scheduled.v1': deliveryFacts.extend({ runId: z.uuid() }),
  /** The delivery left the warehouse: catalog shows its items as out for delivery. */
  'logistics.delivery.out-for-delivery.v1': deliveryFacts,
  /**
   * The proof of delivery: the items not excepted are delivered as of `changedAt` (catalog), billing charges the
   * delivery fee once per project and date when a delivered item has Last-Mile Delivery selected, and Installation
   * & Assembly per delivered item that has it selected.
   * The excepted items stay as they were, with the note.
   */
  'logistics.delivery.completed.v1': deliveryFacts.extend({
    receivedBy: z.string(),
    deliveredItemIds: z.array(z.uuid()),
    exceptions: z.array(z.object({ itemId: z.uuid(), note: z.string() })),
    /** The proof photos' served paths, `/api/photos/{id}`. */
    photoUrls: z.array(z.string()),
  }),
  'logistics.delivery.cancelled.v1': deliveryFacts,
  /** An arrived item got its first place in the warehouse (catalog: stored, at locationCode). */
  'logistics.item.put-away.v1': custodyFact.extend({
    locationId: z.uuid(),
    locationCode: z.string(),
    fromLocationCode: z.null(),
  }),
  /** An item in custody moved from one place to another (a scan at the same place publishes nothing). */
  'logistics.item.moved.v1': custodyFact.extend({
    locationId: z.uuid(),
    locationCode: z.string(),
    fromLocationCode: z.string(),
  }),
  /** A piece of an item was scanned onto a run's truck. */
  'logistics.item.loaded.v1': custodyFact.extend({ runId: z.uuid(), deliveryId: z.uuid(), piece: z.number().int().min(1) }),
  /** Staff excepted an item of a run with why: it stays in custody, its delivery goes without it. */
  'logistics.item.left-behind.v1': custodyFact.extend({ runId: z.uuid(), deliveryId: z.uuid(), reason: z.string() }),
  /**
   * Custody ended other than by a delivery, at `at`: storage stops. Catalog: picked-up → delivered,
   * returned-to-vendor → ordered (the designer waits on a replacement or refund).
   */
  'logistics.item.released.v1': custodyFact.extend({ reason: z.enum(RELEASE_REASONS), receivedBy: z.string() }),
  /** A cycle count of a location closed: what was expected and found there, and the items moved here on confirmation. */
  'logistics.location.counted.v1': z.object({
    countId: z.uuid(),
    locationId: z.uuid(),
    locationCode: z.string(),
    expected: z.number().int(),
    found: z.number().int(),
    /** Percent, 2 decimals. */
    accuracy: z.number(),
    missingItemIds: z.array(z.uuid()),
    movedHereItemIds: z.array(z.uuid()),
    at: z.iso.datetime(),
    byUserId: z.uuid(),
  }),
  /**
   * A vendor's later document (an order acknowledgement, a packing list) printed this tracking number for lines of
   * a purchase order imported earlier: the items made from those lines. Catalog gives it, with its carrier, to
   * those of them that have no tracking number yet. Published once per shipment and item: a repeated upload of the
   * same document links nothing new and publishes nothing.
   */
  'logistics.shipment.linked.v1': z.object({
    shipmentId: z.uuid(),
    /** The document that printed the tracking number. */
    documentId: z.uuid(),
    /** The earlier purchase order whose lines it ships. */
    purchaseOrderId: z.uuid(),
    projectId: z.uuid(),
    trackingNumber: z.string(),
    /** The carrier packages/carriers detects from the number; null when none. */
    carrierId: z.string().nullable(),
    itemIds: z.array(z.uuid()).min(1),
    byUserId: z.uuid(),
    linkedAt: z.iso.datetime(),
  }),
} as const;
