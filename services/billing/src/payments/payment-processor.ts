import Stripe from 'stripe';
import type { PaymentProcessor } from '../domain/payment.service';
import { SIGNATURE_TOLERANCE_SECONDS } from '../domain/payment-events';

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
    async retrieveIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return intent.client_secret ? { id: intent.id, clientSecret: intent.client_secret, status: intent.status } : null;
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
        throw e;
      }
    },
    verify(rawBody, signature) {
      try {
        // Returns the parsed JSON; a body signed correctly but not JSON is malformed, and fails the parse as null.
        return stripe.webhooks.constructEvent(rawBody, signature, o.webhookSecret, SIGNATURE_TOLERANCE_SECONDS) as unknown;
      } catch {
        return null;
      }
    },
  };
}
