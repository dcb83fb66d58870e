import { Router } from 'express';
import { dashboardProjectsQuerySchema, listActivitiesQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { DashboardService } from '../domain/dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): Router {
  const r = Router();
  r.use(['/api/dashboard', '/api/activities'], requireCaller);

  r.get('/api/dashboard/stats', async (req, res) => {
    res.json(await dashboard.stats(callerOf(req)));
  });
  r.get('/api/dashboard/projects', async (req, res) => {
    res.json(await dashboard.projects(callerOf(req), parse(dashboardProjectsQuerySchema, req.query)));
  });
  r.get('/api/activities', async (req, res) => {
    res.json(await dashboard.activities(callerOf(req), parse(listActivitiesQuerySchema, req.query).limit));
  });
  return r;
}
