import { Router } from 'express';
import { confirmTestPaymentBodySchema } from '@midway/contracts';
import { notFound, parse } from '@midway/service-kit';
import type { OfflineProcessor } from './offline-processor';

/**
 * Offline mode's stand-in for Stripe.js confirming a card. Mounted by the composition root only in test
 * mode (no STRIPE_SECRET_KEY): with a real processor the route does not exist at all. Public, as Stripe.js is:
 * the payment's client secret is the credential, so the pay link's page confirms without an account.
 */
export function testProcessorRoutes(offline: OfflineProcessor): Router {
  const r = Router();
  r.post('/api/billing/test-processor/confirm', async (req, res) => {
    const { clientSecret } = parse(confirmTestPaymentBodySchema, req.body ?? {});
    const intent = await offline.confirm(clientSecret);
    if (!intent) throw notFound('Payment not found; start again from the invoice');
    res.json({ id: intent.id, status: intent.status });
  });
  return r;
}
