import { Router } from 'express';
import type { PayLinkService } from '../domain/pay-link.service';
import type { PaymentService } from '../domain/payment.service';

/** Public: an invoice's e-mailed pay link, whose signed token is the credential (no account needed). */
export function payLinkRoutes(payLinks: PayLinkService, payments: PaymentService): Router {
  const r = Router();
  r.get('/api/pay/:token', async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await payLinks.view(String(req.params.token)));
  });
  r.post('/api/pay/:token/payment-intent', async (req, res) => {
    res.json(await payLinks.createIntent(String(req.params.token), payments));
  });
  return r;
}
