import { Router } from 'express';
import { z } from 'zod';
import {
  completeDeliveryBodySchema,
  createDeliveryBodySchema,
  deliveryDaysQuerySchema,
  deliveryRunsQuerySchema,
  fixDeliveryRunBodySchema,
  listDeliveriesQuerySchema,
  updateDeliveryBodySchema,
} from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { DeliveriesService } from '../domain/deliveries.service';

const deliveryId = z.uuid({ error: 'The delivery id in the path must be a delivery id' });
const projectId = z.uuid({ error: 'The project id in the path must be a project id' });

/** Deliveries: designers book and follow them; staff plan runs, take them out and record the proof. */
export function deliveryRoutes(deliveries: DeliveriesService): Router {
  const r = Router();
  r.use(['/api/deliveries', '/api/delivery-runs', '/api/projects/:id/deliveries'], requireCaller);

  r.post('/api/projects/:id/deliveries', async (req, res) => {
    const id = parse(projectId, req.params.id);
    res.status(201).json(await deliveries.request(callerOf(req), id, parse(createDeliveryBodySchema, req.body)));
  });
  r.get('/api/deliveries', async (req, res) => {
    res.json(await deliveries.list(callerOf(req), parse(listDeliveriesQuerySchema, req.query)));
  });
  r.get('/api/deliveries/:id', async (req, res) => {
    res.json(await deliveries.get(callerOf(req), parse(deliveryId, req.params.id)));
  });
  r.put('/api/deliveries/:id', async (req, res) => {
    const id = parse(deliveryId, req.params.id);
    res.json(await deliveries.update(callerOf(req), id, parse(updateDeliveryBodySchema, req.body)));
  });
  r.post('/api/deliveries/:id/cancel', async (req, res) => {
    res.json(await deliveries.cancel(callerOf(req), parse(deliveryId, req.params.id)));
  });
  r.post('/api/deliveries/:id/out', async (req, res) => {
    res.json(await deliveries.out(callerOf(req), parse(deliveryId, req.params.id)));
  });
  r.post('/api/deliveries/:id/complete', async (req, res) => {
    const id = parse(deliveryId, req.params.id);
    res.json(await deliveries.complete(callerOf(req), id, parse(completeDeliveryBodySchema, req.body)));
  });
  r.get('/api/delivery-runs', async (req, res) => {
    res.json(await deliveries.proposeRuns(callerOf(req), parse(deliveryRunsQuerySchema, req.query)));
  });
  r.get('/api/delivery-runs/days', async (req, res) => {
    res.json(await deliveries.days(callerOf(req), parse(deliveryDaysQuerySchema, req.query)));
  });
  r.post('/api/delivery-runs', async (req, res) => {
    res.status(201).json(await deliveries.fixRun(callerOf(req), parse(fixDeliveryRunBodySchema, req.body)));
  });
  return r;
}
