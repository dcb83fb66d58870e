import { Router } from 'express';
import { listActivitiesQuerySchema, searchQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { DashboardService } from '../domain/dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): Router {
  const r = Router();
  r.use(['/api/dashboard', '/api/activities', '/api/search'], requireCaller);

  r.get('/api/dashboard/stats', async (req, res) => {
    res.json(await dashboard.stats(callerOf(req)));
  });
  r.get('/api/activities', async (req, res) => {
    res.json(await dashboard.activities(callerOf(req), parse(listActivitiesQuerySchema, req.query).limit));
  });
  // Catalog's half of the global search; the gateway merges it with the other sources.
  r.get('/api/search', async (req, res) => {
    res.json(await dashboard.search(callerOf(req), parse(searchQuerySchema, req.query).q));
  });
  return r;
}
