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
    const caller = callerOf(req);
    const { message } = await auto.createCyclesAsAdmin(caller, parseAfterAdmin(caller.role, () => parse(billingPeriodBodySchema, req.body ?? {})));
    res.json({ message });
  });
  r.post('/api/billing/invoices/generate', requireCaller, async (req, res) => {
    const caller = callerOf(req);
    const { message } = await auto.generateAsAdmin(caller, parseAfterAdmin(caller.role, () => parse(billingPeriodBodySchema, req.body ?? {})));
    res.json({ message });
  });
  return r;
}

/** A non-admin hears 403 whatever they sent (the domain refuses them); an admin's bad month or year is a 400. */
function parseAfterAdmin<T>(role: string, parseBody: () => T): T {
  return role === 'midway_admin' ? parseBody() : (undefined as unknown as T);
}
