import { z } from 'zod';
import { NO_NUL } from '../text';
import { ITEM_PIECES_MAX } from '../custody-codes';
import { ARRIVAL_STATUSES, CARRIER_IDS, INSPECTION_CONDITIONS, INSPECTION_PHOTOS_MAX, INSPECTION_QUEUE_STATUSES, ITEM_STATUSES } from '../vocab';

/**
 * The receiving desk (admin only): scan a tracking code, record the arrival, inspect within 48 hours, and
 * report damage. Served by logistics under /api/receiving.
 */

const CODE_REQUIRED = 'code is required: the tracking number or barcode as scanned or typed';
/** What a keyboard-wedge scanner or a person typed; normalised by logistics, not here. */
const code = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, { error: CODE_REQUIRED })
  .max(200, { error: 'code must be at most 200 characters' })
  .regex(NO_NUL, { error: 'code must not contain NUL characters' });
const notes = z
  .string({ error: 'notes must be text' })
  .trim()
  .max(5000, { error: 'notes must be at most 5000 characters' })
  .regex(NO_NUL, { error: 'notes must not contain NUL characters' });
const itemId = z.uuid({ error: 'itemId must be an item id' });

/* ---------- scan ---------- */

/** POST /api/receiving/scan. */
export const scanBodySchema = z.object({ code });
export type ScanBody = z.infer<typeof scanBodySchema>;

/** An item a scanned code may belong to, across every designer's projects. */
export const scanMatchSchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  clientName: z.string(),
  /** The project owner's name (or e-mail when they gave no name). */
  designerName: z.string(),
  status: z.enum(ITEM_STATUSES),
});
export type ScanMatch = z.infer<typeof scanMatchSchema>;

/**
 * The scan's answer, also when nothing matches (`matches: []`): exact tracking-number matches first, then items
 * whose number ends with the scanned one (from SCAN_SUFFIX_MIN_LENGTH characters; at most SCAN_SUFFIX_MAX_MATCHES).
 */
export const scanResponseSchema = z.object({
  /** The code as sent (trimmed). */
  code: z.string(),
  /** The normalised tracking number the code carries (spaces, dashes and case normalised; barcode wrappers removed). */
  trackingNumber: z.string(),
  /** The carrier detected from the number, if any. */
  carrierId: z.enum(CARRIER_IDS).nullable(),
  matches: z.array(scanMatchSchema),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;

/* ---------- arrivals ---------- */

/** POST /api/receiving/arrivals: with `itemId` the item is received; without, the arrival waits unmatched. */
export const createArrivalBodySchema = z.object({
  code,
  itemId: itemId.optional(),
  notes: notes.optional(),
  /**
   * How many pieces came with this scan (default 1). A later scan of an item that still awaits pieces adds its
   * pieces (up to the expected number); once all have come, a scan is a repeat and changes nothing.
   */
  pieces: z
    .number({ error: `pieces must be a whole number from 1 to ${ITEM_PIECES_MAX}: how many pieces came` })
    .int({ error: `pieces must be a whole number from 1 to ${ITEM_PIECES_MAX}: how many pieces came` })
    .min(1, { error: `pieces must be a whole number from 1 to ${ITEM_PIECES_MAX}: how many pieces came` })
    .max(ITEM_PIECES_MAX, { error: `pieces must be a whole number from 1 to ${ITEM_PIECES_MAX}: how many pieces came` })
    .optional(),
});
export type CreateArrivalBody = z.infer<typeof createArrivalBodySchema>;

/** PUT /api/receiving/arrivals/{id}: an unmatched arrival is assigned to its item. */
export const assignArrivalBodySchema = z.object({ itemId: z.uuid({ error: 'itemId is required: the id of the item this arrival is' }) });
export type AssignArrivalBody = z.infer<typeof assignArrivalBodySchema>;

/** POST /api/receiving/arrivals/{id}/discard: an unmatched arrival (a mis-scan) leaves the list, kept with why. */
export const discardArrivalBodySchema = z.object({
  reason: z
    .string({ error: 'reason is required: why this arrival is discarded (e.g. a mis-scan)' })
    .trim()
    .min(1, { error: 'reason is required: why this arrival is discarded (e.g. a mis-scan)' })
    .max(500, { error: 'reason must be at most 500 characters' })
    .regex(NO_NUL, { error: 'reason must not contain NUL characters' }),
});
export type DiscardArrivalBody = z.infer<typeof discardArrivalBodySchema>;

/**
 * GET /api/receiving/assignable-items: the items an unmatched arrival may be assigned to — not received yet
 * (ordered or in transit) — whose name, project, designer or tracking number contains `q`.
 */
export const assignableItemsQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(200, { error: 'q must be at most 200 characters' })
    .regex(NO_NUL, { error: 'q must not contain NUL characters' })
    .default(''),
});
export type AssignableItemsQuery = z.infer<typeof assignableItemsQuerySchema>;

export const assignableItemSchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  /** The project owner's name (or e-mail when they gave no name). */
  designerName: z.string(),
  trackingNumber: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
});
export type AssignableItem = z.infer<typeof assignableItemSchema>;

/** GET /api/receiving/arrivals query: `status=unmatched` lists the arrivals waiting for an item; absent lists all. */
export const listArrivalsQuerySchema = z.object({
  status: z.enum(ARRIVAL_STATUSES, { error: `status must be one of ${ARRIVAL_STATUSES.join(', ')}` }).optional(),
});
export type ListArrivalsQuery = z.infer<typeof listArrivalsQuerySchema>;

/** An arrival as the desk records it. POST answers 201 for a new one, 200 with the first one for a repeat. */
export const arrivalSchema = z.object({
  id: z.uuid(),
  /** The code as scanned (trimmed). */
  code: z.string(),
  trackingNumber: z.string(),
  carrierId: z.enum(CARRIER_IDS).nullable(),
  notes: z.string().nullable(),
  arrivedAt: z.iso.datetime(),
  /** The item, once matched (null while unmatched). */
  itemId: z.uuid().nullable(),
  itemName: z.string().nullable(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  /** arrivedAt + 48 hours, once matched. */
  inspectionDueAt: z.iso.datetime().nullable(),
  /** Set when staff discarded it (unmatched, a mis-scan): when and why. */
  discardedAt: z.iso.datetime().nullable(),
  discardReason: z.string().nullable(),
  /** The pieces this arrival's first scan brought. */
  pieces: z.number().int(),
  /** Once matched: the item's pieces received so far (all scans) of the expected ones; null while unmatched. */
  piecesReceived: z.number().int().nullable(),
  piecesExpected: z.number().int().nullable(),
  /** "2 of 3 pieces" while fewer than expected have come; null otherwise. */
  piecesFlag: z.string().nullable(),
});
export type Arrival = z.infer<typeof arrivalSchema>;

/* ---------- inspections ---------- */

/** GET /api/receiving/inspections query: absent lists every arrived item's inspection. */
export const listInspectionsQuerySchema = z.object({
  status: z.enum(INSPECTION_QUEUE_STATUSES, { error: `status must be one of ${INSPECTION_QUEUE_STATUSES.join(', ')}` }).optional(),
});
export type ListInspectionsQuery = z.infer<typeof listInspectionsQuerySchema>;

/** One arrived item in the inspection queue, ordered by `dueAt`. */
export const inspectionQueueEntrySchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  /** The project owner's name (or e-mail when they gave no name): the queue is searched by it too. */
  designerName: z.string(),
  arrivedAt: z.iso.datetime(),
  /** arrivedAt + 48 hours. */
  dueAt: z.iso.datetime(),
  /** Not inspected and past dueAt (by the server's clock). */
  overdue: z.boolean(),
  /** Present once inspected. */
  condition: z.enum(INSPECTION_CONDITIONS).optional(),
  inspectedAt: z.iso.datetime().optional(),
  /** "2 of 3 pieces" while fewer than expected have come; null otherwise. */
  piecesFlag: z.string().nullable(),
});
export type InspectionQueueEntry = z.infer<typeof inspectionQueueEntrySchema>;

const PHOTO_URL_MESSAGE = 'each photoUrl must be an uploadURL you uploaded a photo to (POST /api/objects/upload, then PUT the file), or its /api/photos/{id} path';

/** POST /api/receiving/inspections/{itemId}: one inspection per arrived item (a second one is a 409). */
export const inspectBodySchema = z.object({
  condition: z.enum(INSPECTION_CONDITIONS, { error: `condition must be one of ${INSPECTION_CONDITIONS.join(', ')}` }),
  notes: notes.optional(),
  /** Completed uploads of the caller's (the uploadURL, with or without its query, or `/api/photos/{id}`). */
  photoUrls: z
    .array(z.string({ error: PHOTO_URL_MESSAGE }).trim().min(1, { error: PHOTO_URL_MESSAGE }).max(2048).regex(NO_NUL, { error: PHOTO_URL_MESSAGE }), { error: 'photoUrls must be a list' })
    .max(INSPECTION_PHOTOS_MAX, { error: `at most ${INSPECTION_PHOTOS_MAX} photos per inspection` })
    .optional(),
});
export type InspectBody = z.infer<typeof inspectBodySchema>;

/** The recorded inspection; `damageReportId` is set when the condition was not good (and the e-mail is on its way). */
export const inspectionSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  projectId: z.uuid(),
  condition: z.enum(INSPECTION_CONDITIONS),
  notes: z.string().nullable(),
  /** The photos' served paths, `/api/photos/{id}`. */
  photoUrls: z.array(z.string()),
  inspectedAt: z.iso.datetime(),
  damageReportId: z.uuid().nullable(),
});
export type Inspection = z.infer<typeof inspectionSchema>;
