import { Router } from 'express';
import { createProjectBodySchema, shareProjectBodySchema, updateProjectBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { ProjectService } from '../domain/project.service';

export function projectRoutes(projects: ProjectService): Router {
  const r = Router();
  r.use('/api/projects', requireCaller);

  r.get('/api/projects', async (req, res) => {
    res.json(await projects.list(callerOf(req)));
  });
  r.post('/api/projects', async (req, res) => {
    res.status(201).json(await projects.create(callerOf(req), parse(createProjectBodySchema, req.body)));
  });
  r.get('/api/projects/:id', async (req, res) => {
    res.json(await projects.detail(callerOf(req), req.params.id));
  });
  r.put('/api/projects/:id', async (req, res) => {
    res.json(await projects.update(callerOf(req), req.params.id, parse(updateProjectBodySchema, req.body)));
  });
  r.post('/api/projects/:id/share', async (req, res) => {
    res.json(await projects.share(callerOf(req), req.params.id, parse(shareProjectBodySchema, req.body ?? {})));
  });
  return r;
}

export function sharedRoutes(projects: ProjectService): Router {
  const r = Router();
  // Public: the share token is the credential.
  r.get('/api/shared/projects/:token', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.json(await projects.shared(req.params.token));
  });
  return r;
}
