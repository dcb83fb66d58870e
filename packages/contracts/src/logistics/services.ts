import { z } from 'zod';
import { NO_NUL } from '../text';
import { SERVICE_TYPES, SERVICES_PAGE_DEFAULT, SERVICES_PAGE_MAX } from '../vocab';

/** One per-item service as the Services page shows it; names fall back to 'Unknown …' in the page. */
export const serviceSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  projectId: z.uuid(),
  type: z.enum(SERVICE_TYPES),
  label: z.string(),
  selected: z.boolean(),
  /** Decimal string with 2 places (numeric(10,2)), never a float. */
  cost: z.string().nullable(),
  notes: z.string().nullable(),
  itemName: z.string().nullable(),
  projectName: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

const selectedFilter = z
  .enum(['true', 'false'], { error: 'selected must be true or false' })
  .transform((v) => v === 'true');

/** The filters of GET /api/services, its summary and bulk actions. */
export const serviceFilterSchema = z.object({
  q: z.string().trim().max(200).regex(NO_NUL, { error: 'q must not contain NUL characters' }).optional(),
  type: z.enum(SERVICE_TYPES, { error: `type must be one of ${SERVICE_TYPES.join(', ')}` }).optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
});

/** GET /api/services and /api/services/summary query (strings, as a URL carries them). */
export const listServicesQuerySchema = serviceFilterSchema.extend({
  selected: selectedFilter.optional(),
  limit: z.coerce.number().int().min(1).max(SERVICES_PAGE_MAX, { error: `limit must be at most ${SERVICES_PAGE_MAX}` }).default(SERVICES_PAGE_DEFAULT),
  cursor: z.string().max(300).optional(),
});
export type ListServicesQuery = z.infer<typeof listServicesQuerySchema>;
/**
 * GET /api/services/summary query: the list's filters, and `editable=true` to count only the services the
 * caller may change (projects they own or are a member of, not those they only view) — exactly what
 * POST /api/services/bulk with the same filter acts on, so Bulk Actions' confirmation names what it changes.
 */
export const servicesSummaryQuerySchema = listServicesQuerySchema.omit({ limit: true, cursor: true }).extend({
  editable: z
    .literal('true', { error: 'editable must be true, or left out to count every service you can see' })
    .transform(() => true)
    .optional(),
});
export type ServicesSummaryQuery = z.infer<typeof servicesSummaryQuerySchema>;

export const servicesSummarySchema = z.object({
  total: z.number().int(),
  selected: z.number().int(),
  available: z.number().int(),
  /** Sum of the selected services' cost, a decimal string with 2 places. */
  selectedValue: z.string(),
  /** Sum of every matching service's cost (selected or not), a decimal string with 2 places. */
  totalValue: z.string(),
  /** Sum of the unselected services' cost — what Bulk Actions' select would add — a decimal string with 2 places. */
  availableValue: z.string(),
});
export type ServicesSummary = z.infer<typeof servicesSummarySchema>;

/** PUT /api/services/{id}: a boolean and nothing else. */
export const updateServiceBodySchema = z.strictObject(
  { selected: z.boolean({ error: 'selected must be true or false' }) },
  { error: 'The body must be {"selected": true} or {"selected": false}' },
);

/** POST /api/services/bulk: select or clear every service the filter shows (that the caller may change). */
export const bulkServicesBodySchema = z.strictObject({
  filter: serviceFilterSchema.extend({ selected: z.boolean({ error: 'filter.selected must be true or false' }).optional() }).strict().default({}),
  selected: z.boolean({ error: 'selected must be true or false' }),
});
export type BulkServicesBody = z.infer<typeof bulkServicesBodySchema>;
export const bulkServicesResponseSchema = z.object({ updated: z.number().int() });
