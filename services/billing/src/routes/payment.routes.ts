import { Router } from 'express';
import { confirmTestPaymentBodySchema, createPaymentIntentBodySchema } from '@midway/contracts';
import { callerOf, notFound, parse, requireCaller } from '@midway/service-kit';
import type { PaymentService } from '../domain/payment.service';
import type { OfflineProcessor } from '../payments/offline-processor';

export function paymentRoutes(payments: PaymentService): Router {
  const r = Router();
  r.post('/api/create-payment-intent', requireCaller, async (req, res) => {
    res.json(await payments.createIntent(callerOf(req), parse(createPaymentIntentBodySchema, req.body ?? {}).invoiceId));
  });
  return r;
}

/** Public (the processor calls it); the body arrives as raw bytes, which the signature covers. */
export function webhookRoutes(payments: PaymentService): Router {
  const r = Router();
  r.post('/api/billing/webhook', async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await payments.webhook(raw, req.header('stripe-signature')));
  });
  return r;
}

/** Offline mode's stand-in for Stripe.js confirming a card: 404 when a real processor is configured. */
export function testProcessorRoutes(offline: OfflineProcessor | null): Router {
  const r = Router();
  r.post('/api/billing/test-processor/confirm', requireCaller, async (req, res) => {
    if (!offline) throw notFound('The test payment processor runs only when no STRIPE_SECRET_KEY is configured');
    const intent = await offline.confirm(parse(confirmTestPaymentBodySchema, req.body ?? {}).clientSecret);
    if (!intent) throw notFound('Payment not found; start again from the invoice');
    res.json({ id: intent.id, status: intent.status });
  });
  return r;
}
