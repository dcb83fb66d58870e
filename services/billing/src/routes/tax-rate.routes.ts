import { Router } from 'express';
import { taxRateBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { TaxRatesService } from '../domain/tax-rates.service';

/** The Automatic Billing page's tax rates (admin). */
export function taxRateRoutes(taxes: TaxRatesService): Router {
  const r = Router();
  r.get('/api/billing/tax-rates', requireCaller, async (req, res) => {
    res.json(await taxes.list(callerOf(req)));
  });
  r.post('/api/billing/tax-rates', requireCaller, async (req, res) => {
    const body = parse(taxRateBodySchema, req.body ?? {});
    res.status(201).json(await taxes.create(callerOf(req), body));
  });
  r.put('/api/billing/tax-rates/:id', requireCaller, async (req, res) => {
    const body = parse(taxRateBodySchema, req.body ?? {});
    res.json(await taxes.update(callerOf(req), String(req.params.id), body));
  });
  r.delete('/api/billing/tax-rates/:id', requireCaller, async (req, res) => {
    await taxes.remove(callerOf(req), String(req.params.id));
    res.status(204).end();
  });
  return r;
}
