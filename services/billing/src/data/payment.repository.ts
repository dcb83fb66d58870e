import type { Client } from './prisma-client';

/** Payments of invoices: one per processor intent, however often the processor tells of it. */
export class PaymentRepository {
  constructor(private readonly db: Client) {}

  async setIntent(invoiceId: string, intentId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE invoices SET stripe_payment_intent_id = ${intentId}, updated_at = now() WHERE id = ${invoiceId}::uuid`;
  }

  /** Records a payment once per intent; answers false when it was already recorded. */
  async record(p: { invoiceId: string; intentId: string; amount: string; currency: string; stripeStatus: string; paymentMethod: string | null }): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO payments (invoice_id, stripe_payment_intent_id, amount, currency, status, stripe_status, payment_method)
      VALUES (${p.invoiceId}::uuid, ${p.intentId}, ${p.amount}::numeric, ${p.currency}, 'succeeded', ${p.stripeStatus}, ${p.paymentMethod})
      ON CONFLICT (stripe_payment_intent_id) DO NOTHING`;
    return n > 0;
  }

  async paidAmount(invoiceId: string): Promise<string> {
    const [row] = await this.db.$queryRaw<{ paid: string }[]>`SELECT COALESCE(sum(amount), 0)::text AS paid FROM payments WHERE invoice_id = ${invoiceId}::uuid`;
    return row?.paid ?? '0';
  }
}
