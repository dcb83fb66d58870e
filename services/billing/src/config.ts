import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Compose passes an unset variable as '' (`${X:-}`): that is "not configured", not a malformed value. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const billingEnvSchema = baseEnvSchema.extend({
  BILLING_PORT: portSchema.default(4004),
  /** The day boundaries storage days and delivery days are counted in. */
  BILLING_TIME_ZONE: z.string().refine(isTimeZone, { error: 'BILLING_TIME_ZONE must be an IANA time zone such as America/Vancouver' }).default('UTC'),
  /** Whether this replica runs the scheduled jobs (pg-boss still runs each once across replicas). */
  BILLING_JOBS: z.enum(['on', 'off']).default('on'),
  /** The e-mail a sent invoice goes out through (MailDev in development and tests). */
  SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must look like smtp://host:port' })),
  MAIL_FROM: z.string().default('Midway Billing <billing@midway.local>'),
  /** Card payments through Stripe; without it an offline processor that speaks Stripe's API stands in. */
  STRIPE_SECRET_KEY: unsetIfEmpty(z.string().startsWith('sk_', { error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_…)' })),
  /** Verifies the Stripe-Signature of webhooks; offline, the test processor signs with it (a random one if unset). */
  STRIPE_WEBHOOK_SECRET: unsetIfEmpty(z.string()),
  /** Where the offline processor posts its webhooks; defaults to this replica's own /api/billing/webhook. */
  BILLING_WEBHOOK_URL: unsetIfEmpty(z.url()),
  /** The gateway's address, which the invoice e-mail's pay link starts with. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be the address of the gateway, e.g. https://midway.example.com' }).default('http://localhost:8080'),
});
export type BillingConfig = z.infer<typeof billingEnvSchema>;
