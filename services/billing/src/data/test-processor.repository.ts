import type { Client, Prisma } from './prisma-client';

export interface OfflineIntentRow {
  id: string;
  clientSecret: string;
  amount: number;
  amountReceived: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  metadata: Record<string, string>;
  description: string | null;
  paymentMethod: string | null;
  createdAt: Date;
  /** The test card's charge, once the intent is confirmed. */
  charge: { id: string; cardBrand: string; cardLast4: string } | null;
}

export interface OfflineEventToDeliver {
  id: string;
  payload: string;
}

const INTENT = {
  id: true, clientSecret: true, amount: true, amountReceived: true, currency: true, status: true, metadata: true, description: true, paymentMethod: true, createdAt: true,
  charge: { select: { id: true, cardBrand: true, cardLast4: true } },
} as const satisfies Prisma.TestProcessorIntentSelect;
const toIntent = (r: Prisma.TestProcessorIntentGetPayload<{ select: typeof INTENT }>): OfflineIntentRow => ({
  ...r,
  status: r.status as OfflineIntentRow['status'],
  metadata: (r.metadata ?? {}) as Record<string, string>,
});

/**
 * The offline test processor's state (intents, their charge, their webhook events and deliveries) in billing's schema,
 * so every replica's stand-in for Stripe sees the same intents and a confirm on any of them has one effect.
 */
export class TestProcessorRepository {
  constructor(private readonly db: Client) {}

  /**
   * Creates the intent, or answers the one an earlier creation with the same idempotency key made (also when that
   * creation is racing on another replica: the unique key waits for it and then finds its row).
   */
  async createIntent(p: { id: string; clientSecret: string; idempotencyKey: string | null; amount: number; currency: string; metadata: Record<string, string>; description: string | null }): Promise<OfflineIntentRow> {
    await this.db.testProcessorIntent.createMany({ data: [p], skipDuplicates: true });
    const row = await this.db.testProcessorIntent.findUnique({ where: p.idempotencyKey ? { idempotencyKey: p.idempotencyKey } : { id: p.id }, select: INTENT });
    return toIntent(row!);
  }

  async intent(id: string): Promise<OfflineIntentRow | null> {
    const row = await this.db.testProcessorIntent.findUnique({ where: { id }, select: INTENT });
    return row ? toIntent(row) : null;
  }

  async intentBySecret(clientSecret: string): Promise<OfflineIntentRow | null> {
    const row = await this.db.testProcessorIntent.findUnique({ where: { clientSecret }, select: INTENT });
    return row ? toIntent(row) : null;
  }

  /**
   * Marks the intent paid in full when it is not yet: answers its id to the one confirm that changed it, null to every
   * other (a parallel confirm waits on the row and then finds it succeeded).
   */
  async succeed(clientSecret: string, paymentMethod: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ id: string }[]>`
      UPDATE test_processor_intents SET status = 'succeeded', amount_received = amount, payment_method = ${paymentMethod}
      WHERE client_secret = ${clientSecret} AND status = 'requires_payment_method' RETURNING id`;
    return row?.id ?? null;
  }

  async recordCharge(c: { id: string; intentId: string; amount: number; cardBrand: string; cardLast4: string }): Promise<void> {
    await this.db.testProcessorCharge.create({ data: c });
  }

  async recordEvent(e: { id: string; intentId: string; type: string; payload: string }): Promise<void> {
    await this.db.testProcessorEvent.create({ data: e });
  }

  /**
   * Takes the intent's undelivered events to deliver now: one taker per event, and an event taken by a replica that
   * neither delivered nor released it within `leaseSeconds` (it died) is taken again.
   */
  async claimDeliveries(intentId: string, leaseSeconds: number): Promise<OfflineEventToDeliver[]> {
    return this.db.$queryRaw<OfflineEventToDeliver[]>`
      UPDATE test_processor_events SET delivery_started_at = now(), delivery_attempts = delivery_attempts + 1
      WHERE intent_id = ${intentId} AND delivered_at IS NULL
        AND (delivery_started_at IS NULL OR delivery_started_at < now() - make_interval(secs => ${leaseSeconds}::double precision))
      RETURNING id, payload`;
  }

  /** A 2xx answer delivers the event; anything else (or no answer) leaves it to the next confirm. */
  async markDelivery(eventId: string, status: number | null): Promise<void> {
    const delivered = status !== null && status >= 200 && status < 300;
    await this.db.testProcessorEvent.update({ where: { id: eventId }, data: delivered ? { deliveredAt: new Date(), lastStatus: status } : { deliveryStartedAt: null, lastStatus: status } });
  }
}
