import { Router } from 'express';
import { searchQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { SearchService } from '../domain/search.service';

export function searchRoutes(search: SearchService): Router {
  const r = Router();
  r.use('/api/search', requireCaller);
  // Catalog's half of the global search; the gateway merges it with the other sources.
  r.get('/api/search', async (req, res) => {
    res.json(await search.search(callerOf(req), parse(searchQuerySchema, req.query).q));
  });
  return r;
}
