import { badRequest, conflict, HttpError, type Caller, type CatchUp } from '@midway/service-kit';
import { BILLING_CURRENCY, fromCents, isUuid, toCents } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { readableInvoice } from './billing-access';
import { billingEvents } from './billing-events';

/** A verified processor event, as much of it as billing reads. */
export interface ProcessorEvent {
  type: string;
  data: { object: unknown };
}

/**
 * What billing needs of a card processor: payment intents and verified webhooks. `payments/` implements it with
 * Stripe's SDK (against Stripe, or offline against the test processor that speaks its API).
 */
export interface PaymentProcessor {
  /** Offline: the test processor stands in, and the browser confirms through it. */
  readonly testMode: boolean;
  createIntent(o: { amountCents: number; currency: string; invoiceId: string; invoiceNumber: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** The verified event, or null when the signature is missing, wrong or too old. */
  verify(rawBody: Buffer, signature: string | undefined): ProcessorEvent | null;
}

interface SucceededIntent {
  id: string;
  amount: number;
  amount_received?: number;
  currency: string;
  status: string;
  metadata?: Record<string, string>;
  payment_method?: string | null;
}

/** Card payments: the intent for an invoice's unpaid total, and the processor's word that it was paid. */
export class PaymentService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly processor: PaymentProcessor,
    /** Asks catalog about a project billing has not seen yet (or a membership) before answering 404. */
    private readonly catchUp: CatchUp,
  ) {}

  /** Anyone who sees the invoice may pay it; the amount is what is unpaid, never the client's figure. */
  async createIntent(caller: Caller, invoiceId: string): Promise<{ clientSecret: string; testMode: boolean }> {
    const invoice = await this.catchUp.retrying(async () => readableInvoice(this.uow.read, caller, isUuid(invoiceId) ? await this.uow.read.invoices.find(invoiceId) : null));
    if (invoice.status === 'paid' || invoice.status === 'void') throw conflict(`Invoice ${invoice.invoiceNumber} is ${invoice.status}; there is nothing to pay`);
    if (invoice.status === 'draft') throw conflict(`Invoice ${invoice.invoiceNumber} is a draft; it can be paid once it is sent`);
    const unpaid = toCents(invoice.total) - toCents(await this.uow.read.payments.paidAmount(invoiceId));
    if (unpaid < 50n) throw conflict(`Invoice ${invoice.invoiceNumber} has ${fromCents(unpaid > 0n ? unpaid : 0n)} to pay; card payments start at 0.50`);
    // One intent per invoice and amount: a double click, or a retry after a timeout, gets the same intent.
    const intent = await this.processor
      .createIntent({ amountCents: Number(unpaid), currency: BILLING_CURRENCY, invoiceId, invoiceNumber: invoice.invoiceNumber, idempotencyKey: `invoice-${invoiceId}-${unpaid}` })
      .catch(() => {
        throw new HttpError(502, 'payment_processor_unavailable', 'The card processor could not start this payment. Please try again in a minute.');
      });
    await this.uow.run((r) => r.payments.setIntent(invoiceId, intent.id));
    return { clientSecret: intent.clientSecret, testMode: this.processor.testMode };
  }

  /**
   * The processor's webhook. A bad signature is refused (400); `payment_intent.succeeded` records the payment
   * once per intent and marks the invoice paid; replays, other events and unknown invoices are acknowledged
   * without effect.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const event = this.processor.verify(rawBody, signature);
    if (!event) throw badRequest('Stripe-Signature is missing, does not match, or is older than 300 seconds');
    if (event.type !== 'payment_intent.succeeded') return { received: true };
    const intent = event.data.object as SucceededIntent;
    const invoiceId = intent.metadata?.invoiceId;
    if (!invoiceId || !isUuid(invoiceId)) return { received: true };
    await this.uow.run(async (r) => {
      const invoice = await r.invoices.find(invoiceId, true);
      if (!invoice) return;
      const amount = fromCents(BigInt(intent.amount_received ?? intent.amount));
      const recorded = await r.payments.record({ invoiceId, intentId: intent.id, amount, currency: intent.currency, stripeStatus: intent.status, paymentMethod: intent.payment_method ?? null });
      if (!recorded) return;
      const paidInFull = toCents(await r.payments.paidAmount(invoiceId)) >= toCents(invoice.total);
      if (paidInFull && (await r.invoices.transition(invoiceId, ['draft', 'sent', 'overdue'], 'paid', { paid: { intentId: intent.id } }))) {
        await r.outbox.add(billingEvents.invoicePaid(invoice, { intentId: intent.id, amount }));
      }
    });
    return { received: true };
  }
}
