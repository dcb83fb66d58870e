import { Router } from 'express';
import { z } from 'zod';
import { leftBehindBodySchema, loadBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import { LoadService } from '../domain/load.service';
import type { UnitOfWork } from '../data/unit-of-work';

const runId = z.uuid({ error: 'The run id in the path must be a delivery run id' });

/** A delivery run's pick list (JSON and PDF) and its load check: scan each piece onto the truck, or leave an item behind. */
export function loadRoutes(uow: UnitOfWork, deps: ConstructorParameters<typeof LoadService>[1]): Router {
  const loads = new LoadService(uow, deps);
  const r = Router();
  r.use('/api/delivery-runs/:id', requireCaller);

  r.get('/api/delivery-runs/:id/pick-list', async (req, res) => {
    res.json(await loads.pickList(callerOf(req), parse(runId, req.params.id)));
  });
  r.get('/api/delivery-runs/:id/pick-list.pdf', async (req, res) => {
    const pdf = await loads.pickListPdf(callerOf(req), parse(runId, req.params.id));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'inline; filename="pick-list.pdf"');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    res.send(pdf);
  });
  r.post('/api/delivery-runs/:id/load', async (req, res) => {
    const id = parse(runId, req.params.id);
    res.json(await loads.load(callerOf(req), id, parse(loadBodySchema, req.body)));
  });
  r.post('/api/delivery-runs/:id/left-behind', async (req, res) => {
    const id = parse(runId, req.params.id);
    res.json(await loads.leaveBehind(callerOf(req), id, parse(leftBehindBodySchema, req.body)));
  });
  return r;
}
