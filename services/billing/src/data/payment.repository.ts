import type { PaymentAnomalyKind } from '@midway/contracts';
import type { Client } from './prisma-client';

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
}

/**
 * Payments of invoices: the intents this platform created for them (the only ones whose events may move money),
 * one payment per intent however often the processor tells of it, and the events that moved nothing.
 */
export class PaymentRepository {
  constructor(private readonly db: Client) {}

  /** Records an intent created for an invoice (a repeated creation of the same intent changes nothing). */
  async recordIntent(p: { id: string; invoiceId: string; amount: string; currency: string }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO payment_intents (id, invoice_id, amount, currency) VALUES (${p.id}, ${p.invoiceId}::uuid, ${p.amount}::numeric, ${p.currency})
      ON CONFLICT (id) DO NOTHING`;
    await this.db.$executeRaw`UPDATE invoices SET stripe_payment_intent_id = ${p.id}, updated_at = now() WHERE id = ${p.invoiceId}::uuid`;
  }

  /** The invoice's open intent for this amount, the newest first: reused instead of starting another. */
  async openIntent(invoiceId: string, amount: string): Promise<PaymentIntentRow | null> {
    const [row] = await this.db.$queryRaw<PaymentIntentRow[]>`
      SELECT id, invoice_id AS "invoiceId", amount::text, currency, status FROM payment_intents
      WHERE invoice_id = ${invoiceId}::uuid AND status = 'open' AND amount = ${amount}::numeric ORDER BY created_at DESC LIMIT 1`;
    return row ?? null;
  }

  /** The processor canceled it (or it was replaced): its events no longer pay. */
  async closeIntent(id: string, status: 'canceled'): Promise<void> {
    await this.db.$executeRaw`UPDATE payment_intents SET status = ${status} WHERE id = ${id} AND status = 'open'`;
  }

  async intent(id: string): Promise<PaymentIntentRow | null> {
    const [row] = await this.db.$queryRaw<PaymentIntentRow[]>`SELECT id, invoice_id AS "invoiceId", amount::text, currency, status FROM payment_intents WHERE id = ${id}`;
    return row ?? null;
  }

  /** Whether the intent's payment is already counted (a replayed event then does nothing). */
  async counted(intentId: string): Promise<boolean> {
    const [row] = await this.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM payments WHERE stripe_payment_intent_id = ${intentId}`;
    return (row?.n ?? 0) > 0;
  }

  /** Records a payment once per intent and closes the intent; answers false when it was already recorded. */
  async record(p: { invoiceId: string; intentId: string; amount: string; currency: string; stripeStatus: string; paymentMethod: string | null }): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO payments (invoice_id, stripe_payment_intent_id, amount, currency, status, stripe_status, payment_method)
      VALUES (${p.invoiceId}::uuid, ${p.intentId}, ${p.amount}::numeric, ${p.currency}, 'succeeded', ${p.stripeStatus}, ${p.paymentMethod})
      ON CONFLICT (stripe_payment_intent_id) DO NOTHING`;
    await this.db.$executeRaw`UPDATE payment_intents SET status = 'succeeded' WHERE id = ${p.intentId}`;
    return n > 0;
  }

  async paidAmount(invoiceId: string): Promise<string> {
    const [row] = await this.db.$queryRaw<{ paid: string }[]>`SELECT COALESCE(sum(amount), 0)::text AS paid FROM payments WHERE invoice_id = ${invoiceId}::uuid`;
    return row?.paid ?? '0';
  }

  /** Records an event that moved no money, once per intent and kind however often it is delivered. */
  async recordAnomaly(a: { kind: PaymentAnomalyKind; invoiceId: string | null; intentId: string; eventId: string; amount: string; currency: string }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO payment_anomalies (kind, invoice_id, intent_id, event_id, amount, currency)
      VALUES (${a.kind}, ${a.invoiceId}::uuid, ${a.intentId}, ${a.eventId}, ${a.amount}, ${a.currency.toLowerCase()})
      ON CONFLICT (intent_id, kind) DO NOTHING`;
  }

  /** Every anomaly, newest first, with its invoice's number. */
  async anomalies(): Promise<PaymentAnomalyRow[]> {
    return this.db.$queryRaw<PaymentAnomalyRow[]>`
      SELECT a.id, a.kind, a.invoice_id AS "invoiceId", i.invoice_number AS "invoiceNumber", a.intent_id AS "intentId", a.event_id AS "eventId",
             a.amount, a.currency, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
      FROM payment_anomalies a LEFT JOIN invoices i ON i.id = a.invoice_id
      ORDER BY a.created_at DESC, a.id`;
  }
}
