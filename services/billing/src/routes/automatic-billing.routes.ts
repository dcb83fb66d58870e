import { Router } from 'express';
import { billingPeriodBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { AutomaticBillingService } from '../domain/automatic-billing.service';

/** The automatic billing page's buttons: the scheduled jobs, run now by an admin. */
export function automaticBillingRoutes(auto: AutomaticBillingService): Router {
  const r = Router();
  r.post('/api/billing/storage-fees/record', requireCaller, async (req, res) => {
    const { message } = await auto.recordStorageAsAdmin(callerOf(req));
    res.json({ message });
  });
  r.post('/api/billing/cycles/create', requireCaller, async (req, res) => {
    const period = parse(billingPeriodBodySchema, req.body ?? {});
    const { message } = await auto.createCyclesAsAdmin(callerOf(req), period);
    res.json({ message });
  });
  r.post('/api/billing/invoices/generate', requireCaller, async (req, res) => {
    const period = parse(billingPeriodBodySchema, req.body ?? {});
    const { message } = await auto.generateAsAdmin(callerOf(req), period);
    res.json({ message });
  });
  r.get('/api/billing/unbilled', requireCaller, async (req, res) => {
    res.json(await auto.unbilled(callerOf(req)));
  });
  return r;
}

