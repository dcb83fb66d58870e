import { z } from 'zod';
import { NO_NUL } from './text';

/* ---------- vocabularies ---------- */

export const PROJECT_STATUSES = ['active', 'planning', 'in-progress', 'completed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES, { error: `status must be one of ${PROJECT_STATUSES.join(', ')}` });
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** One item-status vocabulary across the product. */
export const ITEM_STATUSES = ['ordered', 'in-transit', 'received', 'stored', 'delivered'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Accepts `shipped` (offered by the edit dialog) as an alias of `in-transit`. */
export const itemStatusSchema = z
  .string({ error: 'status is required' })
  .trim()
  .toLowerCase()
  .transform((s) => (s === 'shipped' ? 'in-transit' : s))
  .pipe(z.enum(ITEM_STATUSES, { error: `status must be one of ${ITEM_STATUSES.join(', ')}` }));

/* ---------- shared field rules ---------- */

const REQUIRED_PROJECT_FIELDS = 'Please fill in all required fields';
const text = (max: number, field: string) =>
  z.string().trim().max(max, { error: `${field} must be at most ${max} characters` }).regex(NO_NUL, { error: `${field} must not contain NUL characters` });
const requiredProjectText = (field: string) =>
  z
    .string({ error: REQUIRED_PROJECT_FIELDS })
    .trim()
    .min(1, { error: REQUIRED_PROJECT_FIELDS })
    .max(255, { error: `${field} must be at most 255 characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });
/** Empty strings from forms mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v), schema.optional());
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
const isoDate = z.iso.date({ error: 'installDate must be a date (YYYY-MM-DD)' });
/** Money in, as a number or a decimal string; out as a decimal string with 2 places. */
export const moneySchema = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, { error: 'price must be a number' })], { error: 'price must be a number' })
  .transform((v) => Number(v))
  .pipe(z.number().min(0, { error: 'price must be 0 or more' }).max(99_999_999.99, { error: 'price is too large' }))
  .transform((n) => n.toFixed(2));

/* ---------- projects ---------- */

export const createProjectBodySchema = z.object({
  name: requiredProjectText('name'),
  clientName: requiredProjectText('clientName'),
  clientEmail: optional(z.string().trim().max(255).pipe(z.email({ error: 'clientEmail must be a valid e-mail address' }))),
  location: requiredProjectText('location'),
  installDate: optional(isoDate),
  status: optional(projectStatusSchema),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({
    name: requiredProjectText('name'),
    clientName: requiredProjectText('clientName'),
    clientEmail: nullable(z.string().trim().max(255).pipe(z.email({ error: 'clientEmail must be a valid e-mail address' }))),
    location: requiredProjectText('location'),
    installDate: nullable(isoDate),
    status: projectStatusSchema,
  })
  .partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  status: z.string(),
  installDate: z.string().nullable(),
  createdById: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shareToken: z.string().nullable(),
  /** Items in the project. */
  itemCount: z.number().int(),
  /** Share of items received or delivered, 0..100, rounded. */
  progress: z.number().int(),
  /** The caller's role: owner, member, or admin (sees all). */
  access: z.enum(['owner', 'member', 'admin']),
});
export type Project = z.infer<typeof projectSchema>;

/* ---------- items ---------- */

/** Each item field's rule, without optionality; create and update decide what may be left out. */
const itemRules = {
  supplier: text(255, 'supplier'),
  productUrl: text(2048, 'productUrl').pipe(z.url({ error: 'productUrl must be a URL', protocol: /^https?$/ })),
  scheduleNumber: text(100, 'scheduleNumber'),
  trackingNumber: text(100, 'trackingNumber'),
  carrierId: text(100, 'carrierId'),
  notes: text(5000, 'notes'),
  photoUrl: text(2048, 'photoUrl'),
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
const quantity = z.coerce.number({ error: QUANTITY_MESSAGE }).int({ error: QUANTITY_MESSAGE }).min(1, { error: QUANTITY_MESSAGE }).max(100_000, { error: 'quantity must be at most 100000' });

type Rules = typeof itemRules;
const mapRules = <W extends (r: Rules[keyof Rules]) => z.ZodType>(wrap: W) =>
  Object.fromEntries(Object.entries(itemRules).map(([k, r]) => [k, wrap(r)])) as { [K in keyof Rules]: ReturnType<W> };

export const createItemBodySchema = z.object({
  name: itemName,
  quantity: optional(quantity),
  status: optional(itemStatusSchema),
  ...mapRules((r) => optional(r)),
});
export type CreateItemBody = z.infer<typeof createItemBodySchema>;

/** PUT /api/items/{id}: any subset of fields; an empty optional field clears it (null). */
export const updateItemBodySchema = z.object({
  name: itemName.optional(),
  quantity: optional(quantity),
  status: optional(itemStatusSchema),
  ...mapRules((r) => nullable(r)),
});
export type UpdateItemBody = z.infer<typeof updateItemBodySchema>;

export const updateItemStatusBodySchema = z.object({ status: itemStatusSchema });

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
  carrierId: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  notes: z.string().nullable(),
  photoUrl: z.string().nullable(),
  receivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
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
  /** Denormalised for lists (Items page columns Project / client). */
  projectName: z.string(),
  clientName: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

export const costSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  itemId: z.uuid().nullable(),
  type: z.string(),
  amount: z.string(),
  description: z.string().nullable(),
  date: z.string(),
});
export type Cost = z.infer<typeof costSchema>;

export const projectDetailSchema = projectSchema.extend({ items: z.array(itemSchema), costs: z.array(costSchema), totalCost: z.string() });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** GET /api/items query: a page at a time, filtered on the server. The next cursor comes in X-Next-Cursor. */
export const ITEMS_PAGE_DEFAULT = 200;
export const ITEMS_PAGE_MAX = 1000;
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const listItemsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ITEMS_PAGE_MAX, { error: `limit must be at most ${ITEMS_PAGE_MAX}` }).default(ITEMS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(200).regex(NO_NUL, { error: 'q must not contain NUL characters' }).optional(),
  status: itemStatusSchema.optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
});
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;

/* ---------- bulk import ---------- */

export const BULK_IMPORT_MAX_ROWS = 20_000;
export const bulkImportBodySchema = z.object({
  items: z.array(z.unknown(), { error: 'items must be a list' }).min(1, { error: 'No items to import' }).max(BULK_IMPORT_MAX_ROWS, { error: `At most ${BULK_IMPORT_MAX_ROWS} items per import` }),
});
export const bulkImportResponseSchema = z.object({
  items: z.array(itemSchema),
  errors: z.number().int(),
  errorDetails: z.array(z.object({ item: z.unknown(), row: z.number().int(), error: z.string() })),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

/* ---------- sharing, members, activity, dashboard, search ---------- */

export const shareResponseSchema = z.object({ shareToken: z.string() });

export const sharedProjectSchema = z.object({
  name: z.string(),
  location: z.string(),
  clientName: z.string(),
  status: z.string(),
  installDate: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      supplier: z.string().nullable(),
      photoUrl: z.string().nullable(),
      status: z.enum(ITEM_STATUSES),
      receivedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    }),
  ),
  activities: z.array(z.object({ id: z.uuid(), description: z.string(), createdAt: z.string() })),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

export const addMemberBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email({ error: 'email must be a valid e-mail address' })),
  role: optional(z.enum(['member', 'viewer'])),
});
export const memberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const activitySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  itemId: z.uuid().nullable(),
  type: z.string(),
  description: z.string(),
  createdAt: z.string(),
  projectName: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const listActivitiesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/**
 * Dashboard statistics, defined precisely:
 * - activeProjects: projects with status active or in-progress;
 * - itemsInTransit: items with status in-transit;
 * - receivedThisMonth: items whose receivedAt falls in the current calendar month (UTC);
 * - itemsWithoutTracking: items with no tracking number that are not yet received (status ordered or in-transit).
 */
export const dashboardStatsSchema = z.object({
  activeProjects: z.number().int(),
  itemsInTransit: z.number().int(),
  receivedThisMonth: z.number().int(),
  itemsWithoutTracking: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const SEARCH_MIN_LENGTH = 3;
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: `q must be at least ${SEARCH_MIN_LENGTH} characters` })
    .max(200)
    .regex(NO_NUL, { error: 'q must not contain NUL characters' }),
});
export const searchResultSchema = z.object({
  type: z.enum(['project', 'item', 'service']),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
