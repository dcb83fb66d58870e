import { Router } from 'express';
import { assignableItemsQuerySchema, assignArrivalBodySchema, createArrivalBodySchema, discardArrivalBodySchema, inspectBodySchema, listArrivalsQuerySchema, listInspectionsQuerySchema, scanBodySchema } from '@midway/contracts';
import { z } from 'zod';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { DamageReports } from '../domain/damage-reports.service';
import type { ReceivingService } from '../domain/receiving.service';

const arrivalId = z.uuid({ error: 'The arrival id in the path must be an arrival id' });
const itemId = z.uuid({ error: 'The item id in the path must be an item id' });

/** The receiving desk (admin only; the service answers a designer 403). */
export function receivingRoutes(receiving: ReceivingService): Router {
  const r = Router();
  r.use('/api/receiving', requireCaller);

  r.post('/api/receiving/scan', async (req, res) => {
    res.json(await receiving.scan(callerOf(req), parse(scanBodySchema, req.body)));
  });
  r.post('/api/receiving/arrivals', async (req, res) => {
    const { created, arrival } = await receiving.recordArrival(callerOf(req), parse(createArrivalBodySchema, req.body));
    res.status(created ? 201 : 200).json(arrival);
  });
  r.get('/api/receiving/arrivals', async (req, res) => {
    res.json(await receiving.listArrivals(callerOf(req), parse(listArrivalsQuerySchema, req.query)));
  });
  r.put('/api/receiving/arrivals/:id', async (req, res) => {
    const id = parse(arrivalId, req.params.id);
    res.json(await receiving.assignArrival(callerOf(req), id, parse(assignArrivalBodySchema, req.body)));
  });
  r.post('/api/receiving/arrivals/:id/discard', async (req, res) => {
    const id = parse(arrivalId, req.params.id);
    res.json(await receiving.discardArrival(callerOf(req), id, parse(discardArrivalBodySchema, req.body)));
  });
  r.get('/api/receiving/assignable-items', async (req, res) => {
    res.json(await receiving.assignableItems(callerOf(req), parse(assignableItemsQuerySchema, req.query)));
  });
  r.get('/api/receiving/inspections', async (req, res) => {
    res.json(await receiving.listInspections(callerOf(req), parse(listInspectionsQuerySchema, req.query)));
  });
  r.post('/api/receiving/inspections/:itemId', async (req, res) => {
    const item = parse(itemId, req.params.itemId);
    res.status(201).json(await receiving.inspect(callerOf(req), item, parse(inspectBodySchema, req.body)));
  });
  return r;
}

/** A damage report's e-mailed photo links: the signed link is the credential (no session), for 7 days. */
export function damagePhotoRoutes(damage: DamageReports): Router {
  const r = Router();
  r.get('/api/damage-photos/:key', async (req, res) => {
    const photo = await damage.openPhoto(req.params.key, req.query.expires, req.query.sig);
    res.setHeader('Content-Type', photo.contentType);
    res.setHeader('Content-Length', String(photo.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The link stops working at its expiry: no cache may keep serving it past then.
    res.setHeader('Cache-Control', 'private, no-store');
    photo.body.pipe(res);
  });
  return r;
}
