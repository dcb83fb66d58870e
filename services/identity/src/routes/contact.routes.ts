import { Router } from 'express';
import { contactBodySchema } from '@midway/contracts';
import { parse } from '@midway/service-kit';
import type { ContactService } from '../domain/contact.service';
import { perIpAndAccount } from './rate-limits';

export function contactRoutes(contact: ContactService, limits: { contactPerMinute: number }): Router {
  const r = Router();
  r.post('/api/contact', ...perIpAndAccount(limits.contactPerMinute, 'contact'), async (req, res) => {
    res.json(await contact.submit(parse(contactBodySchema, req.body)));
  });
  return r;
}
