import Stripe from 'stripe';

/** What billing needs of a card processor: payment intents and verified webhooks (Stripe's API). */
export interface PaymentProcessor {
  /** Offline: the test processor stands in, and the browser confirms through it. */
  readonly testMode: boolean;
  createIntent(o: { amountCents: number; currency: string; invoiceId: string; invoiceNumber: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** The verified event, or null when the signature is missing, wrong or older than 300 s. */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event | null;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `stripe` SDK, against Stripe itself or — offline — against the local processor that speaks the same
 * HTTP API (the SDK's host, port and protocol options).
 */
export function stripeProcessor(o: { secretKey: string; webhookSecret: string; testMode: boolean; host?: { host: string; port: number; protocol: 'http' | 'https' } }): PaymentProcessor & { stripe: Stripe } {
  const stripe = new Stripe(o.secretKey, { maxNetworkRetries: 2, ...(o.host ?? {}) });
  return {
    stripe,
    testMode: o.testMode,
    async createIntent(p) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: p.amountCents,
          currency: p.currency,
          metadata: { invoiceId: p.invoiceId, invoiceNumber: p.invoiceNumber },
          description: `Invoice ${p.invoiceNumber}`,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: p.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('The payment processor answered without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    verify(rawBody, signature) {
      if (!signature) return null;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, o.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        return null;
      }
    },
  };
}
