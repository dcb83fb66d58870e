import { Router } from 'express';
import { z } from 'zod';
import { moveBodySchema, NEXT_CURSOR_HEADER, releaseBodySchema, warehouseItemsQuerySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller, type CatchUp } from '@midway/service-kit';
import { CustodyService } from '../domain/custody.service';
import { LocationService } from '../domain/location.service';
import type { UnitOfWork } from '../data/unit-of-work';
import { locationRoutes, sendPdf } from './location.routes';

const itemId = z.uuid({ error: 'The item id in the path must be an item id' });

/**
 * Custody (/api/warehouse): locations and labels, put-away and move scans, find, an item's custody and timeline
 * (designers who read its project too), release. Staff only otherwise: the domain answers a designer 403.
 */
export function custodyRoutes(uow: UnitOfWork, catchUp: CatchUp, deps: ConstructorParameters<typeof CustodyService>[2]): Router {
  const custody = new CustodyService(uow, catchUp, deps);
  const r = Router();
  r.use(locationRoutes(new LocationService(uow, { clock: deps.clock, labels: () => custody.labels() })));
  r.use('/api/warehouse', requireCaller);

  r.post('/api/warehouse/moves', async (req, res) => {
    res.json(await custody.move(callerOf(req), parse(moveBodySchema, req.body)));
  });
  r.get('/api/warehouse/items', async (req, res) => {
    const { items, nextCursor } = await custody.find(callerOf(req), parse(warehouseItemsQuerySchema, req.query));
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    res.json(items);
  });
  r.get('/api/warehouse/items/:id', async (req, res) => {
    res.json(await custody.view(callerOf(req), parse(itemId, req.params.id)));
  });
  r.get('/api/warehouse/items/:id/timeline', async (req, res) => {
    res.json(await custody.timeline(callerOf(req), parse(itemId, req.params.id)));
  });
  r.get('/api/warehouse/items/:id/label.pdf', async (req, res) => {
    sendPdf(res, await custody.itemLabel(callerOf(req), parse(itemId, req.params.id)));
  });
  r.post('/api/warehouse/items/:id/release', async (req, res) => {
    const id = parse(itemId, req.params.id);
    res.json(await custody.release(callerOf(req), id, parse(releaseBodySchema, req.body)));
  });
  return r;
}
