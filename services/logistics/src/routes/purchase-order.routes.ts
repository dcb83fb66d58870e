import { Router, type Request } from 'express';
import { PURCHASE_ORDER_MAX_BYTES } from '@midway/contracts';
import { callerOf, HttpError, requireCaller, type Bus, type CatchUp } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import type { PhotoStore } from '../domain/photo.service';
import { PurchaseOrderService } from '../domain/purchase-orders/purchase-orders.service';

const TOO_LARGE = 'The PDF is larger than 10 MB. Export a smaller one, or use CSV.';

/** The body as bytes; past the limit a 413 without reading the rest into memory. */
async function bodyOf(req: Request, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new HttpError(413, 'payload_too_large', TOO_LARGE);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 'payload_too_large', TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function purchaseOrderRoutes(uow: UnitOfWork, store: PhotoStore | null, catchUp: CatchUp, bus: Bus): Router {
  const orders = new PurchaseOrderService(uow, store, catchUp, bus);
  const r = Router();
  r.use(['/api/projects/:id/purchase-orders', '/api/purchase-orders'], requireCaller);
  r.post('/api/projects/:id/purchase-orders', async (req, res) => {
    const body = await bodyOf(req, PURCHASE_ORDER_MAX_BYTES);
    res.status(201).json(await orders.upload(callerOf(req), req.params.id, body));
  });
  r.get('/api/projects/:id/purchase-orders', async (req, res) => {
    res.json(await orders.list(callerOf(req), req.params.id));
  });
  r.get('/api/purchase-orders/:id', async (req, res) => {
    res.json(await orders.get(callerOf(req), req.params.id));
  });
  r.post('/api/purchase-orders/:id/import', async (req, res) => {
    res.json(await orders.import(callerOf(req), req.params.id));
  });
  r.get('/api/purchase-orders/:id/file', async (req, res) => {
    const file = await orders.file(callerOf(req), req.params.id);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    file.body.pipe(res);
  });
  return r;
}
