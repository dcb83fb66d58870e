import { z } from 'zod';
import { BILLING_RATE_TYPES } from '../vocab';
import { moneyInputSchema, moneySchema } from './money';

/** One rate as GET /api/billing/rates lists it: in force from `effectiveDate` until a later one for its type. */
export const billingRateSchema = z.object({
  id: z.uuid(),
  serviceType: z.enum(BILLING_RATE_TYPES),
  label: z.string(),
  rate: moneySchema,
  unit: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  effectiveDate: z.iso.date(),
  /** Whether this is the rate charged today. */
  current: z.boolean(),
});
export type BillingRate = z.infer<typeof billingRateSchema>;

export const rateTypeParamSchema = z.enum(BILLING_RATE_TYPES, { error: `serviceType must be one of ${BILLING_RATE_TYPES.join(', ')}` });

/** PUT /api/billing/rates/{serviceType}: a new rate from a date on (today or later; never retroactive). */
export const updateRateBodySchema = z.strictObject({
  rate: moneyInputSchema('rate'),
  /** Defaults to today (in the billing time zone). */
  effectiveDate: z.iso.date({ error: 'effectiveDate must be a date such as 2026-12-01' }).optional(),
  description: z.string().trim().max(255).optional(),
});
export type UpdateRateBody = z.infer<typeof updateRateBodySchema>;

/** The automatic billing page's month and year (1–12, 2024–2030, integers). */
export const billingPeriodBodySchema = z.object({
  month: z.number({ error: 'month must be a whole number from 1 to 12' }).int({ error: 'month must be a whole number from 1 to 12' }).min(1, { error: 'month must be a whole number from 1 to 12' }).max(12, { error: 'month must be a whole number from 1 to 12' }),
  year: z.number({ error: 'year must be a whole number from 2024 to 2030' }).int({ error: 'year must be a whole number from 2024 to 2030' }).min(2024, { error: 'year must be a whole number from 2024 to 2030' }).max(2030, { error: 'year must be a whole number from 2024 to 2030' }),
});
export type BillingPeriodBody = z.infer<typeof billingPeriodBodySchema>;

/** What an automatic billing action answers: a sentence naming what it did, shown in a toast. */
export const billingActionResultSchema = z.object({ message: z.string() });
