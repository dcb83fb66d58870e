import { Router } from 'express';
import { z } from 'zod';
import { closeCountBodySchema, countScanBodySchema, createCountBodySchema, listCountsQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import { CountService } from '../domain/count.service';
import type { UnitOfWork } from '../data/unit-of-work';

const countId = z.uuid({ error: 'The count id in the path must be a count id' });

/** Cycle counts of the warehouse's locations: start, scan what is there, close with the report. */
export function countRoutes(uow: UnitOfWork, deps: ConstructorParameters<typeof CountService>[1]): Router {
  const counts = new CountService(uow, deps);
  const r = Router();
  r.use('/api/warehouse/counts', requireCaller);

  r.post('/api/warehouse/counts', async (req, res) => {
    res.status(201).json(await counts.start(callerOf(req), parse(createCountBodySchema, req.body)));
  });
  r.get('/api/warehouse/counts', async (req, res) => {
    res.json(await counts.list(callerOf(req), parse(listCountsQuerySchema, req.query)));
  });
  r.get('/api/warehouse/counts/:id', async (req, res) => {
    res.json(await counts.get(callerOf(req), parse(countId, req.params.id)));
  });
  r.post('/api/warehouse/counts/:id/scans', async (req, res) => {
    const id = parse(countId, req.params.id);
    res.json(await counts.scan(callerOf(req), id, parse(countScanBodySchema, req.body)));
  });
  r.post('/api/warehouse/counts/:id/close', async (req, res) => {
    const id = parse(countId, req.params.id);
    res.json(await counts.close(callerOf(req), id, parse(closeCountBodySchema, req.body)));
  });
  return r;
}
