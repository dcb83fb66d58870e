import { Router } from 'express';
import { contactBodySchema } from '@midway/contracts';
import { parse } from '@midway/service-kit';
import type { ContactService } from '../domain/contact.service';
import { perIpAndAccount, type RateLimitCounters } from './rate-limits';

export function contactRoutes(contact: ContactService, limits: { contactPerMinute: number; counters: RateLimitCounters }): Router {
  const r = Router();
  r.post('/api/contact', ...perIpAndAccount(limits.contactPerMinute, 'contact', limits.counters), async (req, res) => {
    res.json(await contact.submit(parse(contactBodySchema, req.body)));
  });
  return r;
}
