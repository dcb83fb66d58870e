import { z } from 'zod';
import { NO_NUL } from '../text';
import { DELIVERY_ITEMS_MAX, DELIVERY_PHOTOS_MAX, DELIVERY_SIGNATURE_MAX_BYTES, DELIVERY_STATUSES, DELIVERY_WINDOWS } from '../vocab';

/**
 * Deliveries (logistics): a designer books received or stored items for a day at the job site; the provider's
 * staff consolidate the day's requests into runs, take them out and record the proof of delivery.
 */

const DATE_MESSAGE = 'date must be a calendar date YYYY-MM-DD';
const date = z.iso.date({ error: DATE_MESSAGE });
const window = z.enum(DELIVERY_WINDOWS, { error: `window must be one of ${DELIVERY_WINDOWS.join(', ')}` });
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });
const ITEM_IDS_MESSAGE = 'itemIds must list the ids of the items to deliver';
const itemIds = z
  .array(z.uuid({ error: 'each itemId must be an item id' }), { error: ITEM_IDS_MESSAGE })
  .min(1, { error: 'itemIds is empty: choose at least one item to deliver' })
  .max(DELIVERY_ITEMS_MAX, { error: `at most ${DELIVERY_ITEMS_MAX} items per delivery` });

/**
 * POST /api/projects/{id}/deliveries. The address defaults to the project's location; the window to `any`.
 * The designer's choice of services for the booked items (a fee is charged only for a service chosen): with
 * `lastMileDelivery`, the items' Last-Mile Delivery is selected (true) or cleared (false); with
 * `installAssemblyItemIds`, Installation & Assembly is selected on exactly those of the booked items and cleared on
 * the others. Left out, the items' services stay as they are.
 */
export const createDeliveryBodySchema = z.object({
  date,
  window: window.optional(),
  address: text('address', 500).optional(),
  itemIds,
  notes: text('notes', 2000).optional(),
  lastMileDelivery: z.boolean({ error: 'lastMileDelivery must be true or false: whether the Last-Mile Delivery fee is chosen' }).optional(),
  installAssemblyItemIds: z
    .array(z.uuid({ error: 'each installAssemblyItemId must be the id of a booked item' }), { error: 'installAssemblyItemIds must list the booked items to install' })
    .max(DELIVERY_ITEMS_MAX, { error: `at most ${DELIVERY_ITEMS_MAX} items per delivery` })
    .optional(),
});
export type CreateDeliveryBody = z.infer<typeof createDeliveryBodySchema>;

/** PUT /api/deliveries/{id}: only while requested; what is left out stays as it is. */
export const updateDeliveryBodySchema = z.object({
  date: date.optional(),
  window: window.optional(),
  address: text('address', 500).min(1, { error: 'address must not be empty' }).optional(),
  itemIds: itemIds.optional(),
  notes: text('notes', 2000).optional(),
});
export type UpdateDeliveryBody = z.infer<typeof updateDeliveryBodySchema>;

/** GET /api/deliveries: by status, project and a date range (inclusive). */
export const listDeliveriesQuerySchema = z.object({
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  from: date.optional(),
  to: date.optional(),
});
export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuerySchema>;

export const deliveryItemSchema = z.object({
  itemId: z.uuid(),
  name: z.string(),
  /** The item's Installation & Assembly service is selected. */
  installAssembly: z.boolean(),
  /** The item's Last-Mile Delivery service is selected (the delivery fee is charged only then). */
  lastMileDelivery: z.boolean(),
  /** Set on completion when the item was not delivered: why (it stays as it was). */
  exception: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export const deliverySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  date: z.iso.date(),
  window: z.enum(DELIVERY_WINDOWS),
  address: z.string(),
  notes: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  items: z.array(deliveryItemSchema),
  /** The run staff put it on (null while requested). */
  runId: z.uuid().nullable(),
  /** Its stop's place on the run (1 = first), as staff fixed it; null while requested. */
  runStop: z.number().int().nullable(),
  /** The proof of delivery, once completed. */
  receivedBy: z.string().nullable(),
  /** The proof photos' served paths, `/api/photos/{id}`. */
  photoUrls: z.array(z.string()),
  /** The signature image's served path, when one was drawn. */
  signatureUrl: z.string().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** Why staff completed it before its booked date (its date then moved to the day it was delivered). */
  earlyReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/* ---------- staff: runs ---------- */

/** GET /api/delivery-runs?date=. */
export const deliveryRunsQuerySchema = z.object({ date });
export type DeliveryRunsQuery = z.infer<typeof deliveryRunsQuerySchema>;

/** GET /api/delivery-runs/days: the coming days (from `from`, `days` of them) with their deliveries counted. */
export const deliveryDaysQuerySchema = z.object({
  from: date,
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 31' })
    .int({ error: 'days must be a whole number from 1 to 31' })
    .min(1, { error: 'days must be a whole number from 1 to 31' })
    .max(31, { error: 'days must be a whole number from 1 to 31' })
    .default(14),
});
export type DeliveryDaysQuery = z.infer<typeof deliveryDaysQuerySchema>;

/** A day's deliveries by status (cancelled ones are not counted). */
export const deliveryDaySchema = z.object({
  date: z.iso.date(),
  requested: z.number().int(),
  scheduled: z.number().int(),
  outForDelivery: z.number().int(),
  completed: z.number().int(),
});
export type DeliveryDay = z.infer<typeof deliveryDaySchema>;
export const deliveryDaysSchema = z.object({ days: z.array(deliveryDaySchema) });
export type DeliveryDays = z.infer<typeof deliveryDaysSchema>;

/** One stop of a proposed run: a project's requested deliveries to one address, merged. */
export const deliveryStopSchema = z.object({
  projectId: z.uuid(),
  projectName: z.string(),
  address: z.string(),
  /** The narrowest window of its deliveries (morning before afternoon before any). */
  window: z.enum(DELIVERY_WINDOWS),
  deliveryIds: z.array(z.uuid()),
  itemCount: z.number().int(),
});
export type DeliveryStop = z.infer<typeof deliveryStopSchema>;

/** The proposal for a date: the requested deliveries as stops, ordered by window. */
export const deliveryRunProposalSchema = z.object({
  date: z.iso.date(),
  stops: z.array(deliveryStopSchema),
});
export type DeliveryRunProposal = z.infer<typeof deliveryRunProposalSchema>;

/**
 * POST /api/delivery-runs: fixes one run of the deliveries staff chose; they become scheduled, their stops
 * numbered in the order given (the proposal's order, stop by stop).
 */
export const fixDeliveryRunBodySchema = z.object({
  date,
  deliveryIds: z
    .array(z.uuid({ error: 'each deliveryId must be a delivery id' }), { error: 'deliveryIds must list the deliveries of the run' })
    .min(1, { error: 'deliveryIds is empty: a run has at least one delivery' })
    .max(500, { error: 'at most 500 deliveries per run' }),
});
export type FixDeliveryRunBody = z.infer<typeof fixDeliveryRunBodySchema>;

export const deliveryRunSchema = z.object({
  id: z.uuid(),
  date: z.iso.date(),
  deliveries: z.array(deliverySchema),
});
export type DeliveryRun = z.infer<typeof deliveryRunSchema>;

/* ---------- staff: proof of delivery ---------- */

const PHOTO_URL_MESSAGE = 'each photoUrl must be an uploadURL you uploaded a photo to (POST /api/objects/upload, then PUT the file), or its /api/photos/{id} path';
const SIGNATURE_MESSAGE = 'signature must be a PNG data URL (data:image/png;base64,…) drawn on the signature pad';
/** A signature drawn on the pad, as a PNG data URL of at most DELIVERY_SIGNATURE_MAX_BYTES: a delivery's proof and a release's. */
export const signatureSchema = z
  .string({ error: SIGNATURE_MESSAGE })
  .max(Math.ceil((DELIVERY_SIGNATURE_MAX_BYTES * 4) / 3) + 30, { error: `signature is too large (${DELIVERY_SIGNATURE_MAX_BYTES / 1000} kB at most)` })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: SIGNATURE_MESSAGE });

/** POST /api/deliveries/{id}/complete. */
export const completeDeliveryBodySchema = z.object({
  receivedBy: text('receivedBy', 200).min(1, { error: 'receivedBy is required: the name of the person who received the delivery' }),
  photoUrls: z
    .array(z.string({ error: PHOTO_URL_MESSAGE }).trim().min(1, { error: PHOTO_URL_MESSAGE }).max(2048).regex(NO_NUL, { error: PHOTO_URL_MESSAGE }), { error: 'photoUrls must be a list' })
    .max(DELIVERY_PHOTOS_MAX, { error: `at most ${DELIVERY_PHOTOS_MAX} photos per delivery` })
    .default([]),
  signature: signatureSchema.optional(),
  exceptions: z
    .array(
      z.object({
        itemId: z.uuid({ error: 'each exception needs the itemId of an item of the delivery' }),
        note: text('note', 2000).min(1, { error: 'each exception needs a note saying why the item was not delivered' }),
      }),
      { error: 'exceptions must be a list of {itemId, note}' },
    )
    .default([]),
  /** Required when the delivery is completed before its booked date: why (its date then moves to today). */
  earlyReason: text('earlyReason', 500).min(1, { error: 'earlyReason must say why the delivery was completed before its date' }).optional(),
});
export type CompleteDeliveryBody = z.infer<typeof completeDeliveryBodySchema>;
