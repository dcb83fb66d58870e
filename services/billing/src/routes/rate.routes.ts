import { Router } from 'express';
import { rateTypeParamSchema, updateRateBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { RatesService } from '../domain/rates.service';

export function rateRoutes(rates: RatesService): Router {
  const r = Router();
  r.post('/api/billing/initialize', requireCaller, async (req, res) => {
    res.json(await rates.initialize(callerOf(req)));
  });
  r.get('/api/billing/rates', requireCaller, async (req, res) => {
    res.json(await rates.list(callerOf(req)));
  });
  r.put('/api/billing/rates/:serviceType', requireCaller, async (req, res) => {
    const caller = callerOf(req);
    res.json(await rates.update(caller, parse(rateTypeParamSchema, String(req.params.serviceType)), parse(updateRateBodySchema, req.body ?? {})));
  });
  return r;
}
