import { Router } from 'express';
import { bulkDeleteItemsBodySchema, bulkImportBodySchema, bulkItemStatusBodySchema, createItemBodySchema, itemsSummaryQuerySchema, listItemsQuerySchema, NEXT_CURSOR_HEADER, trackingMatchesQuerySchema, updateItemBodySchema, updateItemStatusBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { ItemService } from '../domain/item.service';

export function itemRoutes(items: ItemService): Router {
  const r = Router();
  r.use(['/api/items', '/api/projects/:id/items'], requireCaller);

  r.get('/api/items', async (req, res) => {
    const page = await items.list(callerOf(req), parse(listItemsQuerySchema, req.query));
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    res.setHeader('Access-Control-Expose-Headers', NEXT_CURSOR_HEADER);
    // The page arrives as JSON bytes (built once, in the repository, and reused while unchanged): sent as
    // is, with its digest as the ETag, so express answers a browser that has it with 304 and no body.
    res.setHeader('ETag', `W/"${page.digest}"`);
    res.type('json').send(page.json);
  });
  r.get('/api/items/summary', async (req, res) => {
    res.json(await items.summary(callerOf(req), parse(itemsSummaryQuerySchema, req.query)));
  });
  r.get('/api/items/tracking-matches', async (req, res) => {
    res.json(await items.trackingMatches(callerOf(req), parse(trackingMatchesQuerySchema, req.query)));
  });
  r.post('/api/items/bulk-status', async (req, res) => {
    const body = parse(bulkItemStatusBodySchema, req.body);
    res.json(await items.bulkStatus(callerOf(req), body.itemIds, body.status));
  });
  r.post('/api/items/bulk-delete', async (req, res) => {
    res.json(await items.bulkDelete(callerOf(req), parse(bulkDeleteItemsBodySchema, req.body).itemIds));
  });
  r.post('/api/projects/:id/items', async (req, res) => {
    res.status(201).json(await items.create(callerOf(req), req.params.id, parse(createItemBodySchema, req.body)));
  });
  r.post('/api/projects/:id/items/bulk', async (req, res) => {
    const body = parse(bulkImportBodySchema, req.body);
    res.json(await items.bulk(callerOf(req), req.params.id, body.items));
  });
  r.put('/api/items/:id', async (req, res) => {
    res.json(await items.update(callerOf(req), req.params.id, parse(updateItemBodySchema, req.body)));
  });
  r.put('/api/items/:id/status', async (req, res) => {
    res.json(await items.updateStatus(callerOf(req), req.params.id, parse(updateItemStatusBodySchema, req.body).status));
  });
  r.delete('/api/items/:id', async (req, res) => {
    await items.delete(callerOf(req), req.params.id);
    res.status(204).end();
  });
  return r;
}
