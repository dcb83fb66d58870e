import { Router } from 'express';
import { attachPhotoBodySchema, PHOTO_MAX_BYTES } from '@midway/contracts';
import { callerOf, parse, readBody, requireCaller } from '@midway/service-kit';
import type { PhotoService } from '../domain/photo.service';

export function photoRoutes(photos: PhotoService): Router {
  const r = Router();
  r.use(['/api/objects', '/api/item-photos', '/api/photos'], requireCaller);

  r.post('/api/objects/upload', async (req, res) => {
    res.json(await photos.createUpload(callerOf(req)));
  });
  r.put('/api/objects/uploads/:id', async (req, res) => {
    const body = await readBody(req, PHOTO_MAX_BYTES, 'The photo is larger than 10 MB. Choose a smaller file.');
    res.json(await photos.receive(callerOf(req), req.params.id, req.query.sig, body));
  });
  r.put('/api/item-photos', async (req, res) => {
    res.json(await photos.attach(callerOf(req), parse(attachPhotoBodySchema, req.body)));
  });
  r.get('/api/photos/:key', async (req, res) => {
    send(res, await photos.read(callerOf(req), req.params.key));
  });
  return r;
}

/** The client page's photos: the share token is the credential (no session). */
export function sharedPhotoRoutes(photos: PhotoService): Router {
  const r = Router();
  r.get('/api/shared/photos/:token/:key', async (req, res) => {
    send(res, await photos.readShared(req.params.token, req.params.key));
  });
  return r;
}

function send(res: import('express').Response, photo: { contentType: string; size: number; body: NodeJS.ReadableStream }) {
  res.setHeader('Content-Type', photo.contentType);
  res.setHeader('Content-Length', String(photo.size));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, max-age=3600');
  photo.body.pipe(res);
}
