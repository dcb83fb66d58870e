import { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { PURCHASE_ORDER_MAX_BYTES } from '@midway/contracts';
import { callerOf, HttpError, readBody, requireCaller, tooManyRequests, type Bus, type CatchUp } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import type { PhotoStore } from '../domain/photo.service';
import type { PdfTextReader } from '../domain/purchase-orders/pdf-reading.pool';
import { PDF_READERS_BUSY, PurchaseOrderService } from '../domain/purchase-orders/purchase-orders.service';

const TOO_LARGE = 'The PDF is larger than 10 MB. Export a smaller one, or use CSV.';

/** The body as bytes: 413 past the limit, without reading the rest; under an Idempotency-Key, part of its fingerprint. */
const bodyOf = (req: Request, limit: number) => readBody(req, limit, TOO_LARGE);

/** Uploads per person a minute: reading a PDF costs a thread of the pool, so one person cannot take them all. */
function uploadsPerUser(perMinute: number): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => callerOf(req).userId,
    handler: (_req, _res, next) => next(tooManyRequests(`At most ${perMinute} purchase orders can be uploaded a minute. Wait a minute and upload again.`)),
  });
}

/** The client gone before its answer was sent: the reading of its PDF is stopped. */
function abortedWhenGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** `pdfs`: the service's pool of PDF readers (a shared one with the default limits otherwise). */
export function purchaseOrderRoutes(uow: UnitOfWork, store: PhotoStore | null, catchUp: CatchUp, bus: Bus, opts: { pdfs?: PdfTextReader; uploadsPerMinute?: number } = {}): Router {
  const orders = new PurchaseOrderService(uow, store, catchUp, bus, opts.pdfs);
  const r = Router();
  r.use(['/api/projects/:id/purchase-orders', '/api/purchase-orders'], requireCaller);
  r.post('/api/projects/:id/purchase-orders', uploadsPerUser(opts.uploadsPerMinute ?? 0), async (req, res) => {
    const signal = abortedWhenGone(res);
    const body = await bodyOf(req, PURCHASE_ORDER_MAX_BYTES);
    try {
      res.status(201).json(await orders.upload(callerOf(req), String(req.params.id), body, signal));
    } catch (e) {
      // A full pool frees a thread within seconds.
      if (e instanceof HttpError && e.code === PDF_READERS_BUSY) res.setHeader('Retry-After', '5');
      throw e;
    }
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
