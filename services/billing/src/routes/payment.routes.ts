import { Router } from 'express';
import { createPaymentIntentBodySchema, handleAnomalyBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { PaymentService } from '../domain/payment.service';

export function paymentRoutes(payments: PaymentService): Router {
  const r = Router();
  r.post('/api/create-payment-intent', requireCaller, async (req, res) => {
    res.json(await payments.createIntent(callerOf(req), parse(createPaymentIntentBodySchema, req.body ?? {}).invoiceId));
  });
  r.get('/api/billing/anomalies', requireCaller, async (req, res) => {
    res.json(await payments.anomalies(callerOf(req)));
  });
  r.post('/api/billing/anomalies/:id/handle', requireCaller, async (req, res) => {
    res.json(await payments.handleAnomaly(callerOf(req), String(req.params.id), parse(handleAnomalyBodySchema, req.body ?? {}).note));
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
