import { badRequest, conflict, HttpError, notFound, parse, type Caller, type CatchUp } from '@midway/service-kit';
import { BILLING_CURRENCY, fromCents, isUuid, processorEventSchema, succeededIntentSchema, toCents, type PaymentAnomaly } from '@midway/contracts';
import type { InvoiceRow } from '../data/invoice.repository';
import type { UnitOfWork } from '../data/unit-of-work';
import { payableInvoice, requireAdmin } from './billing-access';
import { billingEvents } from './billing-events';
import { paymentRefusal } from './invoice-lifecycle';
import { cardLast4 } from './receipt';
import { describeAnomaly, judgePayment, signatureTimeAcceptable, signatureTimestamp } from './payment-events';

/**
 * What billing needs of a card processor: payment intents and verified webhooks. `payments/` implements it with
 * Stripe's SDK (against Stripe, or offline against the test processor that speaks its API).
 */
export interface PaymentProcessor {
  /** Offline: the test processor stands in, and the browser confirms through it. */
  readonly testMode: boolean;
  createIntent(o: { amountCents: number; currency: string; invoiceId: string; invoiceNumber: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the processor has it now, or null when it does not know it. */
  retrieveIntent(id: string): Promise<{ id: string; clientSecret: string; status: string } | null>;
  /** The verified event's JSON, or null when the signature is missing, wrong or too old. */
  verify(rawBody: Buffer, signature: string): unknown;
}

const BAD_SIGNATURE = 'Stripe-Signature is missing, does not match, or is older than 300 seconds';

/** Card payments: the intent for an invoice's unpaid total, and the processor's word that it was paid. */
export class PaymentService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly processor: PaymentProcessor,
    /** Asks catalog about a project billing has not seen yet (or a membership) before answering 404. */
    private readonly catchUp: CatchUp,
    /** Told after the commit when a payment paid its invoice in full (the receipts); never fails the webhook. */
    private readonly onPaid: (p: { intentId: string; last4: string | null }) => Promise<void> = async () => undefined,
  ) {}

  /**
   * Whoever may pay for the project (not its viewers) pays a sent or overdue invoice; the amount is what is
   * unpaid, never the client's figure. The invoice's open intent for that amount is reused, so a double click, a
   * retry or a second tab pays through one intent.
   */
  async createIntent(caller: Caller, invoiceId: string): Promise<{ clientSecret: string; testMode: boolean }> {
    const invoice = await this.catchUp.retrying(async () => payableInvoice(this.uow.read, caller, isUuid(invoiceId) ? await this.uow.read.invoices.find(invoiceId) : null));
    return this.intentFor(invoice);
  }

  /** The intent rules for an invoice its payer may pay (signed in, or holding its pay link). */
  async intentFor(invoice: InvoiceRow): Promise<{ clientSecret: string; testMode: boolean }> {
    const invoiceId = invoice.id;
    const refusal = paymentRefusal(invoice);
    if (refusal) throw conflict(refusal);
    const unpaid = toCents(invoice.total) - toCents(await this.uow.read.payments.paidAmount(invoiceId));
    if (unpaid < 50n) throw conflict(`Invoice ${invoice.invoiceNumber} has ${fromCents(unpaid > 0n ? unpaid : 0n)} to pay; card payments start at 0.50`);
    const amount = fromCents(unpaid);
    const unavailable = () => new HttpError(502, 'payment_processor_unavailable', 'The card processor could not start this payment. Please try again in a minute.');

    const open = await this.uow.read.payments.openIntent(invoiceId, amount);
    if (open) {
      const known = await this.processor.retrieveIntent(open.id).catch(() => {
        throw unavailable();
      });
      if (known?.status === 'succeeded' || known?.status === 'processing') throw conflict(`A payment of invoice ${invoice.invoiceNumber} is being confirmed; it shows as paid in a minute`);
      if (known && known.status !== 'canceled') return { clientSecret: known.clientSecret, testMode: this.processor.testMode };
    }
    // Parallel first asks share the key, so the processor answers them all with one intent; a canceled one is
    // followed by a new key.
    const attempt = open ? `-${open.id}` : '';
    const intent = await this.processor
      .createIntent({ amountCents: Number(unpaid), currency: BILLING_CURRENCY, invoiceId, invoiceNumber: invoice.invoiceNumber, idempotencyKey: `invoice-${invoiceId}-${unpaid}${attempt}` })
      .catch(() => {
        throw unavailable();
      });
    await this.uow.run(async (r) => {
      if (open) await r.payments.closeIntent(open.id, 'canceled');
      await r.payments.recordIntent({ id: intent.id, invoiceId, amount, currency: BILLING_CURRENCY });
    });
    return { clientSecret: intent.clientSecret, testMode: this.processor.testMode };
  }

  /**
   * The processor's webhook. A bad signature, or one stamped over 300 s from now either way, is refused (400), and
   * so is a malformed event. `payment_intent.succeeded` pays only as payment-events' rules allow, once per intent;
   * anything else it says is acknowledged, changes no invoice and is recorded as an anomaly for an admin.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    if (!signature || signature.length > 4096) throw badRequest(BAD_SIGNATURE);
    const t = signatureTimestamp(signature);
    if (t === null || !signatureTimeAcceptable(t, Date.now())) throw badRequest('Stripe-Signature’s timestamp is missing or more than 300 seconds from now (in the past or the future)');
    const verified = this.processor.verify(rawBody, signature);
    if (verified === null) throw badRequest(BAD_SIGNATURE);
    const event = parse(processorEventSchema, verified);
    if (event.type !== 'payment_intent.succeeded') return { received: true };
    const intent = parse(succeededIntentSchema, event.data.object);
    const amount = intent.amount_received ?? intent.amount;

    const paidInFullNow = await this.uow.run(async (r) => {
      if (await r.payments.counted(intent.id)) return false;
      const recorded = await r.payments.intent(intent.id);
      const named = intent.metadata?.invoiceId;
      const invoiceId = recorded?.invoiceId ?? (named && isUuid(named) ? named : null);
      const invoice = invoiceId ? await r.invoices.find(invoiceId, true) : null;
      // Locked: a parallel replay of the same intent waits here and then finds it counted.
      if (invoice && (await r.payments.counted(intent.id))) return false;
      const verdict = judgePayment({
        invoice,
        intent: recorded && { invoiceId: recorded.invoiceId, amountCents: toCents(recorded.amount), currency: recorded.currency },
        event: { amount, currency: intent.currency },
      });
      if (!verdict.pay) {
        await r.payments.recordAnomaly({ kind: verdict.kind, invoiceId: invoice?.id ?? null, intentId: intent.id, eventId: event.id, amount: String(amount), currency: intent.currency });
        return false;
      }
      const paid = fromCents(verdict.amountCents);
      const method = typeof intent.payment_method === 'string' ? intent.payment_method.slice(0, 100) : null;
      if (!(await r.payments.record({ invoiceId: invoice!.id, intentId: intent.id, amount: paid, currency: intent.currency.toLowerCase(), stripeStatus: (intent.status ?? 'succeeded').slice(0, 30), paymentMethod: method }))) return false;
      const paidInFull = toCents(await r.payments.paidAmount(invoice!.id)) >= toCents(invoice!.total);
      if (paidInFull && (await r.invoices.transition(invoice!.id, ['sent', 'overdue'], 'paid', { paid: { intentId: intent.id } }))) {
        await r.outbox.add(billingEvents.invoicePaid(invoice!, { intentId: intent.id, amount: paid }));
        return true;
      }
      return false;
    });
    if (paidInFullNow) await this.onPaid({ intentId: intent.id, last4: cardLast4(event.data.object) }).catch(() => undefined);
    return { received: true };
  }

  /** Payment events that moved no money, newest first, each with what a person must do (admin). */
  async anomalies(caller: Caller): Promise<PaymentAnomaly[]> {
    requireAdmin(caller, 'see payment anomalies');
    return (await this.uow.read.payments.anomalies()).map((a) => ({ ...a, ...describeAnomaly(a) }));
  }

  /** An admin says what they did about an anomaly (a refund, say); the first note stands, however often it is sent. */
  async handleAnomaly(caller: Caller, id: string, note: string): Promise<PaymentAnomaly> {
    requireAdmin(caller, 'handle payment anomalies');
    const found = isUuid(id) && (await this.uow.run((r) => r.payments.markHandled(id, caller.email, note)));
    if (!found) throw notFound('Payment anomaly not found; reload the Billing page');
    const [a] = await this.uow.run((r) => r.payments.anomalies(id));
    return { ...a!, ...describeAnomaly(a!) };
  }
}
