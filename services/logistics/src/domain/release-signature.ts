import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { badRequest, HttpError } from '@midway/service-kit';
import { DELIVERY_SIGNATURE_MAX_BYTES, photoPath } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { imageTypeOf } from './image-type';
import { objectKey, type PhotoStore } from './photo.service';

/** The pad's PNG data URL as image bytes: a PNG by its bytes, of at most 64 kB (as a delivery's proof). */
export function signaturePng(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > DELIVERY_SIGNATURE_MAX_BYTES) throw badRequest(`signature is too large (${DELIVERY_SIGNATURE_MAX_BYTES / 1000} kB at most)`, [{ path: 'signature', message: 'too large' }]);
  if (imageTypeOf(bytes) !== 'image/png') throw badRequest('signature must be a PNG image drawn on the signature pad', [{ path: 'signature', message: 'not a PNG image' }]);
  return bytes;
}

/**
 * A release's signature, kept like a delivery's (an upload of the staff member's, completed, of the item's project,
 * in the object store): the served path `/api/photos/{key}`, which the release's timeline line names for staff.
 */
export async function keepReleaseSignature(r: Repos, store: PhotoStore | null, png: Buffer, byUserId: string, projectId: string, at: Date): Promise<string> {
  if (!store) throw new HttpError(503, 'photo_storage_unavailable', 'Photo storage is not configured on this server: the signature cannot be kept. Release without it, or try again once storage is set up.');
  const key = randomUUID();
  await r.uploads.create(key, byUserId, createHash('sha256').update(randomBytes(24)).digest('hex'), at);
  await r.uploads.complete(key, 'image/png', png.length);
  await r.uploads.claimProject(key, projectId);
  await store.put(objectKey(key), png, 'image/png');
  return photoPath(key);
}
