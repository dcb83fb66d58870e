import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_STATUSES } from '../vocab';
import { moneySchema } from './money';
import { invoiceTaxSchema } from './taxes';

/**
 * GET /api/pay/{token} (public: the e-mailed pay link): what the billed person needs to pay, and nothing else —
 * no ids, no notes, no other invoices. The token is the link's; an unknown or altered one answers 404.
 */
export const publicInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  /** Whom the invoice bills (its bill-to). */
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  projectName: z.string().nullable(),
  billingPeriodStart: z.iso.date().nullable(),
  billingPeriodEnd: z.iso.date().nullable(),
  dueDate: z.iso.date().nullable(),
  paidAt: z.iso.datetime().nullable(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number().int(), rate: moneySchema, amount: moneySchema })),
  subtotal: moneySchema,
  taxes: z.array(invoiceTaxSchema),
  tax: moneySchema,
  total: moneySchema,
  /** True when no card processor is configured: the page confirms through the test processor and says so. */
  testMode: z.boolean(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
