import { z } from 'zod';

/** POST /api/create-payment-intent: the amount is the invoice's unpaid total, never the client's. */
export const createPaymentIntentBodySchema = z.object({ invoiceId: z.uuid({ error: 'invoiceId must be an invoice id' }) });
export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  /** True when no card processor is configured: the dialog confirms through the test processor and says so. */
  testMode: z.boolean(),
});

/** POST /api/billing/test-processor/confirm (offline mode only): pays the intent as a test card would. */
export const confirmTestPaymentBodySchema = z.object({ clientSecret: z.string().min(1).max(300) });
