import { Router } from 'express';
import { addInvoiceItemBodySchema, createInvoiceBodySchema, invoicesSummaryQuerySchema, listInvoicesQuerySchema, NEXT_CURSOR_HEADER, updateInvoiceItemBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { InvoiceService } from '../domain/invoice.service';

export function invoiceRoutes(invoices: InvoiceService): Router {
  const r = Router();
  r.use('/api/invoices', requireCaller);

  r.get('/api/invoices', async (req, res) => {
    const page = await invoices.list(callerOf(req), parse(listInvoicesQuerySchema, req.query));
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    res.setHeader('Access-Control-Expose-Headers', NEXT_CURSOR_HEADER);
    res.json(page.invoices);
  });
  // Before /api/invoices/:id, which would take "summary" for an id.
  r.get('/api/invoices/summary', async (req, res) => {
    res.json(await invoices.summary(callerOf(req), parse(invoicesSummaryQuerySchema, req.query)));
  });
  r.get('/api/invoices/:id', async (req, res) => {
    res.json(await invoices.get(callerOf(req), req.params.id));
  });
  r.get('/api/invoices/:id/pdf', async (req, res) => {
    const { filename, pdf } = await invoices.pdf(callerOf(req), req.params.id);
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', `attachment; filename="${filename}"`);
    res.send(pdf);
  });
  r.post('/api/projects/:projectId/invoices', requireCaller, async (req, res) => {
    const body = parse(createInvoiceBodySchema, req.body ?? {});
    res.status(201).json(await invoices.create(callerOf(req), String(req.params.projectId), body));
  });
  r.post('/api/invoices/:id/items', async (req, res) => {
    const body = parse(addInvoiceItemBodySchema, req.body ?? {});
    res.status(201).json(await invoices.addItem(callerOf(req), req.params.id, body));
  });
  r.put('/api/invoices/:id/items/:lineId', async (req, res) => {
    const body = parse(updateInvoiceItemBodySchema, req.body ?? {});
    res.json(await invoices.updateItem(callerOf(req), req.params.id, req.params.lineId, body));
  });
  r.delete('/api/invoices/:id/items/:lineId', async (req, res) => {
    await invoices.removeItem(callerOf(req), req.params.id, req.params.lineId);
    res.status(204).end();
  });
  r.post('/api/invoices/:id/send', async (req, res) => {
    res.json(await invoices.send(callerOf(req), req.params.id));
  });
  r.post('/api/invoices/:id/void', async (req, res) => {
    res.json(await invoices.void(callerOf(req), req.params.id));
  });
  return r;
}
