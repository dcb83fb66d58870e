import { Router } from 'express';
import { bulkServicesBodySchema, listServicesQuerySchema, NEXT_CURSOR_HEADER, servicesSummaryQuerySchema, updateServiceBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { ServiceSelectionService } from '../domain/service-selection.service';

export function serviceRoutes(services: ServiceSelectionService): Router {
  const r = Router();
  r.use('/api/services', requireCaller);

  r.get('/api/services', async (req, res) => {
    const page = await services.list(callerOf(req), parse(listServicesQuerySchema, req.query));
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    res.setHeader('Access-Control-Expose-Headers', NEXT_CURSOR_HEADER);
    res.json(page.services);
  });
  r.get('/api/services/summary', async (req, res) => {
    res.json(await services.summary(callerOf(req), parse(servicesSummaryQuerySchema, req.query)));
  });
  r.put('/api/services/:id', async (req, res) => {
    res.json(await services.setSelected(callerOf(req), req.params.id, parse(updateServiceBodySchema, req.body).selected));
  });
  r.post('/api/services/bulk', async (req, res) => {
    res.json(await services.bulk(callerOf(req), parse(bulkServicesBodySchema, req.body)));
  });
  return r;
}
