import { z } from 'zod';
import { SERVICE_TYPES } from '../vocab';

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

/** Facts the logistics service publishes. */
export const logisticsEventSchemas = {
  'logistics.service.selected.v1': serviceChoice,
  'logistics.service.deselected.v1': serviceChoice,
  /** An uploaded photo now belongs to an item: catalog sets the item's photoUrl to the served path. */
  'logistics.item-photo.attached.v1': z.object({
    itemId: z.uuid(),
    projectId: z.uuid(),
    /** `/api/photos/{key}`. */
    photoUrl: z.string(),
    byUserId: z.uuid(),
    attachedAt: z.iso.datetime(),
  }),
  /**
   * The receiving desk inspected an item (one inspection per item: a second one is a correction, not a new
   * fee). Billing charges Enhanced Inspection for it when that service is selected on the item. Defined
   * ahead of the desk that will publish it; until then the fee is added by hand as an invoice line.
   */
  'logistics.item.inspected.v1': z.object({
    inspectionId: z.uuid(),
    itemId: z.uuid(),
    projectId: z.uuid(),
    /** What the inspector found, if anything worth noting. */
    notes: z.string().nullable(),
    byUserId: z.uuid(),
    inspectedAt: z.iso.datetime(),
  }),
} as const;
