import { Router, type Response } from 'express';
import { z } from 'zod';
import { createLocationBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { LocationService } from '../domain/location.service';

const locationId = z.uuid({ error: 'The location id in the path must be a location id' });

/** A label or list to print, shown in the browser's viewer (never cached: it names a designer's client). */
export function sendPdf(res: Response, file: { pdf: Buffer; filename: string }): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${file.filename}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  res.send(file.pdf);
}

/** The warehouse's locations and their labels (staff only). */
export function locationRoutes(locations: LocationService): Router {
  const r = Router();
  r.use('/api/warehouse/locations', requireCaller);

  r.post('/api/warehouse/locations', async (req, res) => {
    res.status(201).json(await locations.create(callerOf(req), parse(createLocationBodySchema, req.body)));
  });
  r.get('/api/warehouse/locations', async (req, res) => {
    res.json(await locations.list(callerOf(req)));
  });
  r.get('/api/warehouse/locations/:id/label.pdf', async (req, res) => {
    sendPdf(res, await locations.label(callerOf(req), parse(locationId, req.params.id)));
  });
  return r;
}
