import { Router } from 'express';
import { searchQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { ServiceSelectionService } from '../domain/service-selection.service';

/** Logistics' half of the global search; the gateway merges it with catalog's (never routed here directly). */
export function searchRoutes(services: ServiceSelectionService): Router {
  const r = Router();
  r.get('/api/search', requireCaller, async (req, res) => {
    res.json(await services.search(callerOf(req), parse(searchQuerySchema, req.query).q));
  });
  return r;
}
