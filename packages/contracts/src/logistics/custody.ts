import { z } from 'zod';
import { NO_NUL } from '../text';
import { ITEM_STATUSES } from '../vocab';
import { signatureSchema } from './deliveries';
import {
  COUNT_OUTCOMES,
  COUNT_STATUSES,
  CUSTODY_EVENT_KINDS,
  CUSTODY_STATES,
  ITEM_PIECES_MAX,
  LOCATION_CODE_MAX,
  LOCATION_CODE_PATTERN,
  LOCATION_KINDS,
  WAREHOUSE_ITEMS_PAGE_DEFAULT,
  WAREHOUSE_ITEMS_PAGE_MAX,
  parseItemCode,
} from '../custody-codes';

import { CUSTODY_ENDS, RELEASE_REASONS } from '../item-lifecycle';

export * from '../custody-codes';

/**
 * Custody (logistics, staff only unless said): every piece has a place, a label and a scan at each hand-off.
 * Locations and labels, put-away/move scans, find, release (/api/warehouse), pick lists and load checks of a run
 * (/api/delivery-runs/{id}), and cycle counts (/api/warehouse/counts).
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });

const LOCATION_CODE_RULE = `must be 1–${LOCATION_CODE_MAX} letters, digits or dashes, as printed on the location's label (e.g. B-12)`;
/** A location code as typed or scanned: trimmed and upper-cased before it is checked. */
const locationCode = (field: string) =>
  z
    .string({ error: `${field} is required: the location's code ${LOCATION_CODE_RULE}` })
    .trim()
    .toUpperCase()
    .regex(LOCATION_CODE_PATTERN, { error: `${field} ${LOCATION_CODE_RULE}` });

/* ---------- locations ---------- */

/** POST /api/warehouse/locations: a duplicate code is a 409 naming it. */
export const createLocationBodySchema = z.object({
  code: locationCode('code'),
  name: text('name', 100).min(1, { error: 'name is required: what staff call the place (e.g. "Bay B, shelf 12")' }),
  kind: z.enum(LOCATION_KINDS, { error: `kind must be one of ${LOCATION_KINDS.join(', ')}` }),
});
export type CreateLocationBody = z.infer<typeof createLocationBodySchema>;

export const locationSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  /** Items in custody there now. */
  itemCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Location = z.infer<typeof locationSchema>;

/** A location as an item's custody shows it. */
export const custodyLocationSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string(), kind: z.enum(LOCATION_KINDS) });
export type CustodyLocation = z.infer<typeof custodyLocationSchema>;

/* ---------- scans ---------- */

const ITEM_CODE_RULE = 'code must be an item label’s code (`<itemId>/<piece>`) or an item id';
const scanFields = {
  itemId: z.uuid({ error: 'itemId must be an item id' }).optional(),
  code: z
    .string({ error: ITEM_CODE_RULE })
    .trim()
    .max(100, { error: ITEM_CODE_RULE })
    .refine((c) => parseItemCode(c) !== null, { error: ITEM_CODE_RULE })
    .optional(),
};
const piece = z
  .number({ error: `piece must be a whole number from 1 to ${ITEM_PIECES_MAX}` })
  .int({ error: `piece must be a whole number from 1 to ${ITEM_PIECES_MAX}` })
  .min(1, { error: `piece must be a whole number from 1 to ${ITEM_PIECES_MAX}` })
  .max(ITEM_PIECES_MAX, { error: `piece must be a whole number from 1 to ${ITEM_PIECES_MAX}` });

/** Exactly one of itemId (typed or picked) and code (a scanned item label). */
const oneTarget = (body: { itemId?: string | undefined; code?: string | undefined }, ctx: z.RefinementCtx) => {
  if ((body.itemId === undefined) === (body.code === undefined))
    ctx.addIssue({ code: 'custom', path: ['itemId'], message: 'give exactly one of itemId (the item) and code (the scanned item label)' });
};

/** What a scan names: the item and, from a piece's label (or `piece`), the piece. Call on a parsed scan body. */
export function scanTargetOf(body: { itemId?: string | undefined; code?: string | undefined; piece?: number | undefined }): { itemId: string; piece?: number } {
  if (body.code !== undefined) {
    const parsed = parseItemCode(body.code)!;
    const p = body.piece ?? parsed.piece;
    return p === undefined ? { itemId: parsed.itemId } : { itemId: parsed.itemId, piece: p };
  }
  return body.piece === undefined ? { itemId: body.itemId! } : { itemId: body.itemId!, piece: body.piece };
}

/** POST /api/warehouse/moves: put away (first place) or move an item in custody to the scanned location. */
export const moveBodySchema = z.object({ ...scanFields, piece: piece.optional(), locationCode: locationCode('locationCode') }).superRefine(oneTarget);
export type MoveBody = z.infer<typeof moveBodySchema>;

/* ---------- custody of an item ---------- */

/** GET /api/warehouse/items/{id} (staff; designers who read the item's project), and the answer of a move or release. */
export const custodyViewSchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  clientName: z.string(),
  /** The project owner's name (or e-mail when they gave no name). */
  designerName: z.string(),
  trackingNumber: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  /** Whether the warehouse holds it now (arrived, not yet delivered or released). */
  inCustody: z.boolean(),
  /** Null when not in custody. */
  state: z.enum(CUSTODY_STATES).nullable(),
  location: custodyLocationSchema.nullable(),
  piecesExpected: z.number().int(),
  piecesReceived: z.number().int(),
  /** "2 of 3 pieces" while fewer than expected have come; null otherwise. */
  piecesFlag: z.string().nullable(),
  /** When custody began (the arrival), null before. */
  since: z.iso.datetime().nullable(),
  /** When and how custody ended, null while it lasts. */
  endedAt: z.iso.datetime().nullable(),
  end: z.enum(CUSTODY_ENDS).nullable(),
});
export type CustodyView = z.infer<typeof custodyViewSchema>;

/** GET /api/warehouse/items: items in custody whose name, designer, project, client or tracking number contains q. */
export const warehouseItemsQuerySchema = z.object({
  q: text('q', 200).default(''),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${WAREHOUSE_ITEMS_PAGE_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${WAREHOUSE_ITEMS_PAGE_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${WAREHOUSE_ITEMS_PAGE_MAX}` })
    .max(WAREHOUSE_ITEMS_PAGE_MAX, { error: `limit must be at most ${WAREHOUSE_ITEMS_PAGE_MAX}` })
    .default(WAREHOUSE_ITEMS_PAGE_DEFAULT),
  /** From the previous page's X-Next-Cursor. */
  cursor: z.string({ error: 'cursor must be the X-Next-Cursor of the previous page' }).max(200, { error: 'cursor must be the X-Next-Cursor of the previous page' }).optional(),
});
export type WarehouseItemsQuery = z.infer<typeof warehouseItemsQuerySchema>;

/** One line of an item's custody timeline, oldest first. `staffNote` is left out for designers. */
export const custodyEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CUSTODY_EVENT_KINDS),
  at: z.iso.datetime(),
  /** Who recorded it (name, or e-mail when they gave none). */
  byName: z.string(),
  fromLocationCode: z.string().nullable(),
  toLocationCode: z.string().nullable(),
  deliveryId: z.uuid().nullable(),
  runId: z.uuid().nullable(),
  countId: z.uuid().nullable(),
  piece: z.number().int().nullable(),
  /** Why: a release's reason, a left-behind reason, a delivery exception's note. */
  reason: z.string().nullable(),
  /** Staff only. */
  staffNote: z.string().nullable().optional(),
});
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

/** POST /api/warehouse/items/{id}/release: custody ends now (storage stops); a second release is a 409. */
export const releaseBodySchema = z.object({
  reason: z.enum(RELEASE_REASONS, { error: `reason must be one of ${RELEASE_REASONS.join(', ')}` }),
  receivedBy: text('receivedBy', 200).min(1, { error: 'receivedBy is required: who took the item (the vendor’s driver, the client)' }),
  signature: signatureSchema.optional(),
});
export type ReleaseBody = z.infer<typeof releaseBodySchema>;

/* ---------- runs: pick list, load check (H2) ---------- */

/** One item of a run's pick list, in location order (location code, then item name; items with no place last). */
export const pickListEntrySchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  deliveryId: z.uuid(),
  projectName: z.string(),
  clientName: z.string(),
  designerName: z.string(),
  location: custodyLocationSchema.nullable(),
  piecesExpected: z.number().int(),
  piecesReceived: z.number().int(),
  /** The pieces scanned onto the truck. */
  loadedPieces: z.array(z.number().int()),
  /** Set when staff excepted it ("left behind: …"). */
  leftBehindReason: z.string().nullable(),
});
export type PickListEntry = z.infer<typeof pickListEntrySchema>;

/** GET /api/delivery-runs/{id}/pick-list (also as .pdf). */
export const pickListSchema = z.object({
  runId: z.uuid(),
  date: z.iso.date(),
  items: z.array(pickListEntrySchema),
});
export type PickList = z.infer<typeof pickListSchema>;

/** POST /api/delivery-runs/{id}/load: a scanned piece goes on the truck (a repeat has one effect). */
export const loadBodySchema = z.object({ ...scanFields, piece: piece.optional() }).superRefine(oneTarget);
export type LoadBody = z.infer<typeof loadBodySchema>;

/** POST /api/delivery-runs/{id}/left-behind: the item is excepted with why; it stays in custody. */
export const leftBehindBodySchema = z.object({
  itemId: z.uuid({ error: 'itemId is required: the item left behind' }),
  reason: text('reason', 500).min(1, { error: 'reason is required: why the item stays behind (e.g. "damaged, client informed")' }),
});
export type LeftBehindBody = z.infer<typeof leftBehindBodySchema>;

/** The answer of a load or left-behind: each item of the run with its loaded pieces. */
export const runLoadSchema = z.object({
  runId: z.uuid(),
  items: z.array(
    z.object({
      itemId: z.uuid(),
      itemName: z.string(),
      deliveryId: z.uuid(),
      piecesExpected: z.number().int(),
      piecesReceived: z.number().int(),
      loadedPieces: z.array(z.number().int()),
      leftBehindReason: z.string().nullable(),
      /** Every expected piece is loaded (or the item is left behind with a reason). */
      ready: z.boolean(),
    }),
  ),
});
export type RunLoad = z.infer<typeof runLoadSchema>;

/* ---------- cycle counts (H2) ---------- */

/** POST /api/warehouse/counts: one open count per location (a second is a 409 naming it). */
export const createCountBodySchema = z.object({ locationCode: locationCode('locationCode') });
export type CreateCountBody = z.infer<typeof createCountBodySchema>;

/** POST /api/warehouse/counts/{id}/scans: an item found at the counted location (a repeat has one effect). */
export const countScanBodySchema = z.object(scanFields).superRefine(oneTarget);
export type CountScanBody = z.infer<typeof countScanBodySchema>;

/** POST /api/warehouse/counts/{id}/close: with confirmMoves, items found here but recorded elsewhere are moved here. */
export const closeCountBodySchema = z.object({
  confirmMoves: z.boolean({ error: 'confirmMoves must be true or false: whether items found here but recorded elsewhere move here' }),
});
export type CloseCountBody = z.infer<typeof closeCountBodySchema>;

/** GET /api/warehouse/counts?locationCode=. */
export const listCountsQuerySchema = z.object({ locationCode: locationCode('locationCode').optional() });
export type ListCountsQuery = z.infer<typeof listCountsQuerySchema>;

export const countResultSchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  outcome: z.enum(COUNT_OUTCOMES),
  /** Where custody had it (for found-elsewhere: the other location). */
  expectedLocationCode: z.string().nullable(),
});
export type CountResult = z.infer<typeof countResultSchema>;

export const countSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationCode: z.string(),
  status: z.enum(COUNT_STATUSES),
  startedAt: z.iso.datetime(),
  startedByName: z.string(),
  closedAt: z.iso.datetime().nullable(),
  closedByName: z.string().nullable(),
  /** The items scanned so far. */
  scannedItemIds: z.array(z.uuid()),
  /** Set when closed. */
  expected: z.number().int().nullable(),
  found: z.number().int().nullable(),
  /** Found of expected, percent (2 decimals); null while open. */
  accuracy: z.number().nullable(),
  results: z.array(countResultSchema),
});
export type Count = z.infer<typeof countSchema>;

/** The answer of a count scan. */
export const countScanResultSchema = z.object({
  countId: z.uuid(),
  itemId: z.uuid(),
  itemName: z.string(),
  /** Custody had it at the counted location. */
  expectedHere: z.boolean(),
  /** Where custody had it instead (null when here or nowhere). */
  expectedLocationCode: z.string().nullable(),
});
export type CountScanResult = z.infer<typeof countScanResultSchema>;

/** POST /api/warehouse/counts/{id}/close's answer. */
export const countReportSchema = z.object({
  countId: z.uuid(),
  locationCode: z.string(),
  expected: z.number().int(),
  found: z.number().int(),
  missing: z.array(countResultSchema),
  /** Found here but recorded elsewhere: moved here when confirmMoves was true. */
  foundElsewhere: z.array(countResultSchema),
  movedHere: z.boolean(),
  /** Found of expected, percent (100 when nothing was expected). */
  accuracy: z.number(),
});
export type CountReport = z.infer<typeof countReportSchema>;
