import { Router } from 'express';
import { CARRIERS } from '@midway/carriers';
import { requireCaller } from '@midway/service-kit';

/** The carriers the item dialogs choose from, with their tracking-link templates. */
export function carrierRoutes(): Router {
  const r = Router();
  r.get('/api/carriers', requireCaller, (_req, res) => {
    res.json(CARRIERS);
  });
  return r;
}
