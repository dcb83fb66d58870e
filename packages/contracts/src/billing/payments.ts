import { z } from 'zod';
import { NO_NUL } from '../text';
import { PAYMENT_ANOMALY_KINDS } from '../vocab';

/** POST /api/create-payment-intent: the amount is the invoice's unpaid total, never the client's. */
export const createPaymentIntentBodySchema = z.object({ invoiceId: z.uuid({ error: 'invoiceId must be an invoice id' }) });
export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  /** True when no card processor is configured: the dialog confirms through the test processor and says so. */
  testMode: z.boolean(),
});

/** POST /api/billing/test-processor/confirm (offline mode only): pays the intent as a test card would. */
export const confirmTestPaymentBodySchema = z.object({ clientSecret: z.string().min(1).max(300) });

/** A processor's id (evt_…, pi_…): letters, digits, _ and -, at most 255 characters (as stored). */
const processorId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} is required` })
    .max(255, { error: `${name} must be at most 255 characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `${name} must be a processor id (letters, digits, _ and -)` });

/**
 * POST /api/billing/webhook: the processor's event as billing reads it (Stripe's event object). A signed event
 * of another shape is malformed (400, and the processor is told so rather than retrying a 5xx for days).
 */
export const processorEventSchema = z.object({
  id: processorId('id'),
  type: z.string({ error: 'type is required' }).min(1).max(100).regex(NO_NUL, { error: 'type must not contain NUL characters' }),
  data: z.object({ object: z.record(z.string(), z.unknown(), { error: 'data.object must be an object' }) }, { error: 'data must be an object with data.object' }),
});

/** `payment_intent.succeeded`'s data.object: the amount is kept as sent (its sign and wholeness are judged by billing's rules). */
export const succeededIntentSchema = z.object({
  id: processorId('data.object.id'),
  amount: z.number({ error: 'data.object.amount must be a number' }),
  amount_received: z.number({ error: 'data.object.amount_received must be a number' }).optional(),
  currency: z.string({ error: 'data.object.currency is required' }).regex(/^[A-Za-z]{3}$/, { error: 'data.object.currency must be a 3-letter currency code' }),
  status: z.string().max(30).regex(NO_NUL).optional(),
  metadata: z.record(z.string().max(40), z.string().max(500).regex(NO_NUL, { error: 'metadata must not contain NUL characters' })).nullish(),
  payment_method: z.unknown().optional(),
});
export type SucceededIntentObject = z.infer<typeof succeededIntentSchema>;

/** GET /api/billing/anomalies (admin): payment events that moved no money, newest first, with what a person must do. */
export const paymentAnomalySchema = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_ANOMALY_KINDS),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  intentId: z.string(),
  eventId: z.string(),
  /** As the event gave it, in minor units. */
  amount: z.string(),
  currency: z.string(),
  /** What happened, in words. */
  message: z.string(),
  /** What a person must do, e.g. "Refund $50.00 USD in Stripe (payment pi_…)." */
  action: z.string(),
  createdAt: z.iso.datetime(),
  /** When a person marked it handled (null while it still needs one), who, and what they did. */
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.string().nullable(),
  handledNote: z.string().nullable(),
});
export type PaymentAnomaly = z.infer<typeof paymentAnomalySchema>;

/** POST /api/billing/anomalies/{id}/handle (admin): what the person did about it, e.g. "Refunded in Stripe, re 4821". */
export const handleAnomalyBodySchema = z.object({
  note: z
    .string({ error: 'note is required: say what was done (e.g. "Refunded in Stripe")' })
    .trim()
    .min(1, { error: 'note is required: say what was done (e.g. "Refunded in Stripe")' })
    .max(1000, { error: 'note must be at most 1000 characters' })
    .regex(NO_NUL, { error: 'note must not contain NUL characters' }),
});
export type HandleAnomalyBody = z.infer<typeof handleAnomalyBodySchema>;
