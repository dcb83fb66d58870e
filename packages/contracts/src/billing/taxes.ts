import { z } from 'zod';
import { NO_NUL } from '../text';
import { INVOICE_ITEM_TYPES, TAX_PERCENT_MAX } from '../vocab';
import { moneySchema } from './money';

/** A tax rate the admin keeps: `percent` of every invoice line of one of `feeTypes`, on invoices issued from `effectiveFrom`. */
export const taxRateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** A decimal string without trailing zeros: '5', '7', '0.5'. */
  percent: z.string().regex(/^\d+(\.\d+)?$/),
  feeTypes: z.array(z.enum(INVOICE_ITEM_TYPES)),
  effectiveFrom: z.iso.date(),
  createdAt: z.iso.datetime(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

const PERCENT_ERROR = `percent must be a number above 0 and at most ${TAX_PERCENT_MAX}, with at most 4 decimals, such as 5 or 7.25`;

/** POST /api/billing/tax-rates and PUT /api/billing/tax-rates/{id}. */
export const taxRateBodySchema = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(100, { error: 'name must be at most 100 characters' })
    .regex(NO_NUL, { error: 'name must not contain NUL characters' }),
  percent: z
    .union([z.number(), z.string().trim()], { error: PERCENT_ERROR })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) > 0 && Number(v) <= TAX_PERCENT_MAX, { error: PERCENT_ERROR }),
  feeTypes: z
    .array(z.enum(INVOICE_ITEM_TYPES, { error: `feeTypes must be among ${INVOICE_ITEM_TYPES.join(', ')}` }), { error: 'feeTypes must be a list of fee types' })
    .min(1, { error: 'feeTypes must name at least one fee type' })
    .transform((v) => [...new Set(v)]),
  effectiveFrom: z.iso.date({ error: 'effectiveFrom must be a date such as 2026-01-01' }).refine((v) => v >= '2000-01-01' && v <= '2100-12-31', { error: 'effectiveFrom must be a date in the years 2000 to 2100' }),
});
export type TaxRateBody = z.infer<typeof taxRateBodySchema>;

/** One tax on an invoice: its rate as charged, the lines' amounts it applied to, and the sum of each line's tax. */
export const invoiceTaxSchema = z.object({
  name: z.string(),
  percent: z.string(),
  taxable: moneySchema,
  amount: moneySchema,
});
export type InvoiceTax = z.infer<typeof invoiceTaxSchema>;

/** GET /api/billing/unbilled: the fees recorded and not yet on any invoice, in all and per month and project. */
export const unbilledSummarySchema = z.object({
  amount: moneySchema,
  fees: z.number().int(),
  projectCount: z.number().int(),
  months: z.array(z.object({ year: z.number().int(), month: z.number().int(), amount: moneySchema, fees: z.number().int(), projects: z.number().int() })),
  /** The projects owed the most, at most 20. */
  projects: z.array(z.object({ projectId: z.uuid(), name: z.string().nullable(), amount: moneySchema, fees: z.number().int() })),
});
export type UnbilledSummary = z.infer<typeof unbilledSummarySchema>;
