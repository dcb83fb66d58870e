import type { PaymentAnomalyKind } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

export interface PaymentIntentRow {
  id: string;
  invoiceId: string;
  amount: string;
  currency: string;
  status: 'open' | 'succeeded' | 'canceled';
}

export interface PaymentAnomalyRow {
  id: string;
  kind: PaymentAnomalyKind;
  invoiceId: string | null;
  invoiceNumber: string | null;
  intentId: string;
  eventId: string;
  amount: string;
  currency: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
  handledNote: string | null;
}

const INTENT = { id: true, invoiceId: true, amount: true, currency: true, status: true } as const satisfies Prisma.PaymentIntentSelect;
const toIntent = (r: Prisma.PaymentIntentGetPayload<{ select: typeof INTENT }>): PaymentIntentRow => ({ ...r, amount: r.amount.toFixed(2), status: r.status as PaymentIntentRow['status'] });

/**
 * Payments of invoices: the intents this platform created for them (the only ones whose events may move money),
 * one payment per intent however often the processor tells of it, and the events that moved nothing.
 */
export class PaymentRepository {
  constructor(private readonly db: Client) {}

  /** Records an intent created for an invoice (a repeated creation of the same intent changes nothing). */
  async recordIntent(p: { id: string; invoiceId: string; amount: string; currency: string }): Promise<void> {
    await this.db.paymentIntent.createMany({ data: [{ id: p.id, invoiceId: p.invoiceId, amount: p.amount, currency: p.currency }], skipDuplicates: true });
    await this.db.invoice.updateMany({ where: { id: p.invoiceId }, data: { stripePaymentIntentId: p.id, updatedAt: new Date() } });
  }

  /** The invoice's open intent for this amount, the newest first: reused instead of starting another. */
  async openIntent(invoiceId: string, amount: string): Promise<PaymentIntentRow | null> {
    const row = await this.db.paymentIntent.findFirst({ where: { invoiceId, status: 'open', amount }, orderBy: { createdAt: 'desc' }, select: INTENT });
    return row ? toIntent(row) : null;
  }

  /** The processor canceled it (or it was replaced): its events no longer pay. */
  async closeIntent(id: string, status: 'canceled'): Promise<void> {
    await this.db.paymentIntent.updateMany({ where: { id, status: 'open' }, data: { status } });
  }

  async intent(id: string): Promise<PaymentIntentRow | null> {
    const row = await this.db.paymentIntent.findUnique({ where: { id }, select: INTENT });
    return row ? toIntent(row) : null;
  }

  /** Whether the intent's payment is already counted (a replayed event then does nothing). */
  async counted(intentId: string): Promise<boolean> {
    return (await this.db.payment.count({ where: { stripePaymentIntentId: intentId } })) > 0;
  }

  /** Records a payment once per intent and closes the intent; answers false when it was already recorded. */
  async record(p: { invoiceId: string; intentId: string; amount: string; currency: string; stripeStatus: string; paymentMethod: string | null }): Promise<boolean> {
    const { count } = await this.db.payment.createMany({
      data: [{ invoiceId: p.invoiceId, stripePaymentIntentId: p.intentId, amount: p.amount, currency: p.currency, status: 'succeeded', stripeStatus: p.stripeStatus, paymentMethod: p.paymentMethod }],
      skipDuplicates: true,
    });
    await this.db.paymentIntent.updateMany({ where: { id: p.intentId }, data: { status: 'succeeded' } });
    return count > 0;
  }

  /**
   * Takes the payment's receipt to send: the payment (its invoice, amount, currency and when it was recorded) the
   * first time, null after that, so a replayed webhook or a second replica sends no second receipt.
   */
  async claimReceipt(intentId: string): Promise<{ invoiceId: string; amount: string; currency: string; createdAt: Date } | null> {
    const [row] = await this.db.$queryRaw<{ invoiceId: string; amount: string; currency: string; createdAt: Date }[]>`
      UPDATE payments SET receipt_sent_at = now() WHERE stripe_payment_intent_id = ${intentId} AND receipt_sent_at IS NULL
      RETURNING invoice_id::text AS "invoiceId", amount::text AS amount, currency, created_at AS "createdAt"`;
    return row ?? null;
  }

  /** Gives a receipt back when its e-mail failed, so a later attempt may send it. */
  async releaseReceipt(intentId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE payments SET receipt_sent_at = NULL WHERE stripe_payment_intent_id = ${intentId}`;
  }

  async paidAmount(invoiceId: string): Promise<string> {
    const { _sum } = await this.db.payment.aggregate({ where: { invoiceId }, _sum: { amount: true } });
    return _sum.amount?.toFixed(2) ?? '0';
  }

  /** Records an event that moved no money, once per intent and kind however often it is delivered. */
  async recordAnomaly(a: { kind: PaymentAnomalyKind; invoiceId: string | null; intentId: string; eventId: string; amount: string; currency: string }): Promise<void> {
    await this.db.paymentAnomaly.createMany({ data: [{ ...a, currency: a.currency.toLowerCase() }], skipDuplicates: true });
  }

  /** Every anomaly with its invoice's number: those still needing a person first, each part newest first. */
  async anomalies(id?: string): Promise<PaymentAnomalyRow[]> {
    const utc = (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    return this.db.$queryRaw<PaymentAnomalyRow[]>`
      SELECT a.id, a.kind, a.invoice_id AS "invoiceId", i.invoice_number AS "invoiceNumber", a.intent_id AS "intentId", a.event_id AS "eventId",
             a.amount, a.currency, ${utc(Prisma.sql`a.created_at`)} AS "createdAt",
             ${utc(Prisma.sql`a.handled_at`)} AS "handledAt", a.handled_by AS "handledBy", a.handled_note AS "handledNote"
      FROM payment_anomalies a LEFT JOIN invoices i ON i.id = a.invoice_id
      ${id ? Prisma.sql`WHERE a.id = ${id}::uuid` : Prisma.empty}
      ORDER BY a.handled_at IS NULL DESC, a.created_at DESC, a.id`;
  }

  /** Marks the anomaly handled, once: a second mark (or one racing it) changes nothing. False when none has the id. */
  async markHandled(id: string, by: string, note: string): Promise<boolean> {
    await this.db.paymentAnomaly.updateMany({ where: { id, handledAt: null }, data: { handledAt: new Date(), handledBy: by, handledNote: note } });
    return (await this.db.paymentAnomaly.count({ where: { id } })) > 0;
  }
}
