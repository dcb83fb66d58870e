import { z } from 'zod';
import { fromCents, isMoney, toCents } from '../money';
import { NO_NUL } from '../text';
import { BULK_IMPORT_MAX_ROWS, BULK_ITEMS_MAX, INSPECTION_CONDITIONS, ITEM_STATUS_ALIASES, ITEM_STATUSES, ITEMS_PAGE_DEFAULT, ITEMS_PAGE_MAX, photoKeyOf, photoPath } from '../vocab';
import { ITEM_PIECES_MAX } from '../custody-codes';
import { nullable, optional, text } from './fields';

/** Accepts the aliases of ITEM_STATUS_ALIASES (`shipped` for `in-transit`). */
export const itemStatusSchema = z
  .string({ error: 'status is required' })
  .trim()
  .toLowerCase()
  .transform((s) => (Object.hasOwn(ITEM_STATUS_ALIASES, s) ? ITEM_STATUS_ALIASES[s]! : s))
  .pipe(z.enum(ITEM_STATUSES, { error: `status must be one of ${ITEM_STATUSES.join(', ')}` }))
  .meta({ description: `One of ${ITEM_STATUSES.join(', ')} (any case; ${Object.keys(ITEM_STATUS_ALIASES).join(', ')} is read as in-transit).`, examples: ['in-transit'] });

/** The largest price its column (numeric(10,2)) holds, in cents. */
export const PRICE_MAX_CENTS = 9_999_999_999n;

/**
 * Money in, as a number or a decimal string; out as a decimal string with 2 places. Never rounded: a number is
 * read in its shortest spelling (1.005 stays '1.005') and more than 2 decimals is refused (zeros past the
 * cents aside), as is an amount its column cannot hold.
 */
export const moneySchema = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, { error: 'price must be a number' })], { error: 'price must be a number' })
  .transform((v, ctx) => {
    const text = (typeof v === 'number' ? String(v) : v).replace(/(\.\d\d)0+$/, '$1');
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    if (text.startsWith('-') && !/^-0*(\.0*)?$/.test(text)) return refuse('price must be 0 or more');
    if (/e\+/i.test(text)) return refuse('price is too large');
    if (!isMoney(text)) return refuse('price must have at most 2 decimal places (cents)');
    const cents = toCents(text.replace(/^-/, ''));
    if (cents > PRICE_MAX_CENTS) return refuse('price is too large (at most 99999999.99)');
    return fromCents(cents);
  });


export const PHOTO_URL_RULE =
  'photoUrl must be an uploaded photo (/api/photos/{id}, as PUT /api/item-photos answers). Upload the file first: POST /api/objects/upload, PUT it to the uploadURL, then PUT /api/item-photos';

/** Each item field's rule, without optionality; create and update decide what may be left out. */
const itemRules = {
  supplier: text(255, 'supplier'),
  productUrl: text(2048, 'productUrl').pipe(z.url({ error: 'productUrl must be a URL', protocol: /^https?$/ })),
  scheduleNumber: text(100, 'scheduleNumber'),
  trackingNumber: text(100, 'trackingNumber'),
  carrierId: text(100, 'carrierId'),
  notes: text(5000, 'notes'),
  // Only a photo uploaded through logistics (its served path); empty or null clears it (see optional/nullable).
  // Kept as the served path with the key in lower case: the one spelling logistics stores and serves.
  photoUrl: text(2048, 'photoUrl').refine((v) => photoKeyOf(v) !== null, { error: PHOTO_URL_RULE }).transform((v) => photoPath(photoKeyOf(v)!)),
  skuCode: text(100, 'skuCode'),
  collection: text(255, 'collection'),
  designer: text(255, 'designer'),
  finish: text(255, 'finish'),
  material: text(255, 'material'),
  roomLocation: text(255, 'roomLocation'),
  specialInstructions: text(5000, 'specialInstructions'),
  price: moneySchema,
  estimatedPrice: moneySchema,
};
const itemName = z
  .string({ error: 'Item name is required' })
  .trim()
  .min(1, { error: 'Item name is required' })
  .max(255, { error: 'name must be at most 255 characters' })
  .regex(NO_NUL, { error: 'name must not contain NUL characters' });
const QUANTITY_MESSAGE = 'quantity must be a whole number of at least 1';
/** A number, or whole decimal digits as CSV cells carry them; never true, [7] or "0x10" (which coercion took as 1, 7 and 16). */
const quantity = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: QUANTITY_MESSAGE })], { error: QUANTITY_MESSAGE })
  .transform(Number)
  .pipe(z.number().int({ error: QUANTITY_MESSAGE }).min(1, { error: QUANTITY_MESSAGE }).max(100_000, { error: 'quantity must be at most 100000' }));

const PIECES_MESSAGE = `pieces must be a whole number from 1 to ${ITEM_PIECES_MAX}`;
/** Pieces expected (each gets its own label at the warehouse): a number, or whole digits as CSV cells carry them. */
const pieces = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: PIECES_MESSAGE })], { error: PIECES_MESSAGE })
  .transform(Number)
  .pipe(z.number().int({ error: PIECES_MESSAGE }).min(1, { error: PIECES_MESSAGE }).max(ITEM_PIECES_MAX, { error: PIECES_MESSAGE }));

type Rules = typeof itemRules;
const mapRules = <W extends (r: Rules[keyof Rules]) => z.ZodType>(wrap: W) =>
  Object.fromEntries(Object.entries(itemRules).map(([k, r]) => [k, wrap(r)])) as { [K in keyof Rules]: ReturnType<W> };

export const createItemBodySchema = z.object({
  name: itemName,
  quantity: optional(quantity),
  pieces: optional(pieces),
  status: optional(itemStatusSchema),
  ...mapRules((r) => optional(r)),
});
export type CreateItemBody = z.infer<typeof createItemBodySchema>;

/** PUT /api/items/{id}: any subset of fields; an empty optional field clears it (null). */
export const updateItemBodySchema = z.object({
  name: itemName.optional(),
  quantity: optional(quantity),
  pieces: optional(pieces),
  // Left out means unchanged; an empty status is a mistake to report, not a field to clear or ignore.
  status: itemStatusSchema.optional(),
  ...mapRules((r) => nullable(r)),
});
export type UpdateItemBody = z.infer<typeof updateItemBodySchema>;

export const updateItemStatusBodySchema = z.object({ status: itemStatusSchema });

/* ---------- several items at once ---------- */

const itemIdsSchema = z
  .array(z.uuid({ error: 'itemIds must be item ids' }), { error: 'itemIds must be a list of item ids' })
  .min(1, { error: 'Choose at least one item' })
  .max(BULK_ITEMS_MAX, { error: `At most ${BULK_ITEMS_MAX} items at once` })
  .meta({ description: `The items, 1 to ${BULK_ITEMS_MAX} ids (a repeated id counts once).` });

/** POST /api/items/bulk-status: every item to one status, all or none. */
export const bulkItemStatusBodySchema = z.object({ itemIds: itemIdsSchema, status: itemStatusSchema });
export type BulkItemStatusBody = z.infer<typeof bulkItemStatusBodySchema>;
/** `items`: how many items the request named (each now has the status); `changed`: how many had another status before. */
export const bulkItemStatusResponseSchema = z.object({ items: z.number().int(), changed: z.number().int() });
export type BulkItemStatusResponse = z.infer<typeof bulkItemStatusResponseSchema>;

/** POST /api/items/bulk-delete: every item, all or none. */
export const bulkDeleteItemsBodySchema = z.object({ itemIds: itemIdsSchema });
export type BulkDeleteItemsBody = z.infer<typeof bulkDeleteItemsBodySchema>;
export const bulkDeleteItemsResponseSchema = z.object({ deleted: z.number().int() });
export type BulkDeleteItemsResponse = z.infer<typeof bulkDeleteItemsResponseSchema>;

/* ---------- the same tracking number on other items ---------- */

/** GET /api/items/tracking-matches: other items the caller can see that carry this tracking number. */
export const trackingMatchesQuerySchema = z.object({
  trackingNumber: z.string({ error: 'trackingNumber is required' }).trim().min(1, { error: 'trackingNumber is required' }).max(100).regex(NO_NUL, { error: 'trackingNumber must not contain NUL characters' }),
  /** The item being edited, left out of the answer. */
  exceptItemId: z.uuid({ error: 'exceptItemId must be an item id' }).optional(),
});
export type TrackingMatchesQuery = z.infer<typeof trackingMatchesQuerySchema>;
export const trackingMatchSchema = z.object({ id: z.uuid(), name: z.string(), projectId: z.uuid(), projectName: z.string(), url: z.string() });
export type TrackingMatch = z.infer<typeof trackingMatchSchema>;

/** The receiving desk's inspection of an item, as the designer sees it (on item views and the item detail). */
export const itemInspectionSchema = z.object({
  condition: z.enum(INSPECTION_CONDITIONS),
  inspectedAt: z.string(),
  notes: z.string().nullable(),
  /** The photos' served paths, `/api/photos/{id}`. */
  photoUrls: z.array(z.string()),
});
export type ItemInspection = z.infer<typeof itemInspectionSchema>;

export const itemSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  productVariantId: z.uuid().nullable(),
  name: z.string(),
  supplier: z.string().nullable(),
  productUrl: z.string().nullable(),
  quantity: z.number().int(),
  scheduleNumber: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier the designer chose, or else the one detected from the tracking number (@midway/carriers). */
  carrierId: z.string().nullable(),
  /** The carrier's tracking page for the number; null without a number or a known carrier. */
  trackingUrl: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  notes: z.string().nullable(),
  photoUrl: z.string().nullable(),
  receivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Since when the item is on its way to the job site (its delivery is out); null when it is not. */
  outForDeliveryAt: z.string().nullable(),
  /** Pieces expected (designers set it; default 1). */
  pieces: z.number().int(),
  /** Pieces the warehouse's arrivals brought so far ("2 of 3 pieces" while fewer than expected). */
  piecesReceived: z.number().int(),
  /**
   * Whether the warehouse holds the item now (arrived, not yet delivered or released): its status then follows the
   * warehouse's facts only, and a designer's change is refused (409; the item lifecycle says why).
   */
  inCustody: z.boolean(),
  /** When the warehouse's custody began (the arrival); null when it never held the item. */
  custodySince: z.string().nullable(),
  /** The warehouse location's code it stands at while in custody ("Stored · B-12"); null when not put away. */
  location: z.string().nullable(),
  skuCode: z.string().nullable(),
  collection: z.string().nullable(),
  designer: z.string().nullable(),
  finish: z.string().nullable(),
  material: z.string().nullable(),
  roomLocation: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  price: z.string().nullable(),
  estimatedPrice: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The warehouse's inspection, once the item was inspected. */
  inspection: itemInspectionSchema.nullable(),
  /** Denormalised for lists (Items page columns Project / client). */
  projectName: z.string(),
  clientName: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

/** GET /api/items query: a page at a time, filtered on the server. The next cursor comes in X-Next-Cursor. */
export const listItemsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ITEMS_PAGE_MAX, { error: `limit must be at most ${ITEMS_PAGE_MAX}` }).default(ITEMS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(200).regex(NO_NUL, { error: 'q must not contain NUL characters' }).optional(),
  status: itemStatusSchema.optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
});
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;

/** GET /api/items/summary query: the filters of GET /api/items, without paging. */
export const itemsSummaryQuerySchema = listItemsQuerySchema.omit({ limit: true, cursor: true });
export type ItemsSummaryQuery = z.infer<typeof itemsSummaryQuerySchema>;

/**
 * Counts over every item the filters match (not the pages loaded so far), for the Items page's count
 * cards, 'N item(s)' and the By Status / By Project headings. Every count follows the one rule of
 * ITEM_COUNT_STATUS (an item counts under its own status, as the dashboard and the project page count):
 * ordered, inTransit, delivered, received and stored are status counts; byStatus counts every status.
 */
export const itemsSummarySchema = z.object({
  total: z.number().int(),
  ordered: z.number().int(),
  inTransit: z.number().int(),
  delivered: z.number().int(),
  received: z.number().int(),
  stored: z.number().int(),
  byStatus: z.record(z.enum(ITEM_STATUSES), z.number().int()),
  byProject: z.array(z.object({ projectId: z.uuid(), count: z.number().int() })),
});
export type ItemsSummary = z.infer<typeof itemsSummarySchema>;

/* ---------- bulk import ---------- */

export const bulkImportBodySchema = z.object({
  items: z.array(z.unknown(), { error: 'items must be a list' }).min(1, { error: 'No items to import' }).max(BULK_IMPORT_MAX_ROWS, { error: `At most ${BULK_IMPORT_MAX_ROWS} items per import` }),
});
export const bulkImportResponseSchema = z.object({
  items: z.array(itemSchema),
  errors: z.number().int(),
  errorDetails: z.array(z.object({ item: z.unknown(), row: z.number().int(), error: z.string() })),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;
