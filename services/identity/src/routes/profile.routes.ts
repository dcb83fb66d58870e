import { Router } from 'express';
import { profileBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { ProfileService } from '../domain/profile.service';

/** The signed-in user's own profile (Settings). */
export function profileRoutes(profiles: ProfileService): Router {
  const r = Router();
  r.put('/api/user/profile', requireCaller, async (req, res) => {
    const body = parse(profileBodySchema, req.body);
    res.json(await profiles.update(callerOf(req), body));
  });
  return r;
}
