import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { badRequest, HttpError, notFound, notSeenYet, type Caller, type CatchUp } from '@midway/service-kit';
import { isShareToken, isUuid, mayAttachPhoto, PHOTO_MAX_BYTES, PHOTO_NOT_ATTACHABLE, photoPath, type AttachPhotoBody } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { imageTypeOf } from './image-type';
import { accessFor, readsEveryPhoto } from './logistics-access';
import { logisticsEvents } from './logistics-events';

/** Where a photo is kept and served. */
export interface PhotoStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  remove(keys: string[]): Promise<void>;
}

export const UPLOAD_TTL_MS = 15 * 60_000;
export const objectKey = (id: string) => `photos/${id}`;
const hash = (sig: string) => createHash('sha256').update(sig).digest('hex');
const unavailable = () => new HttpError(503, 'photo_storage_unavailable', 'Photo storage is not configured on this server. Ask the administrator to set S3_ENDPOINT.');
const NOT_AN_UPLOAD = 'photoUrl must be the uploadURL you uploaded to, or a photo path (/api/photos/…) of your own upload';

/**
 * Photo uploads: a one-object, 15-minute upload URL for its owner; the object's size and type checked by its
 * bytes before it is stored; attaching it to an item the caller may edit; serving it only to those who may see it.
 */
export class PhotoService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PhotoStore | null,
    /** Asks catalog about an item or project logistics has not seen yet before answering 404. */
    private readonly catchUp: CatchUp,
  ) {}

  async createUpload(caller: Caller): Promise<{ uploadURL: string }> {
    if (!this.store) throw unavailable();
    const id = randomUUID();
    const sig = randomBytes(24).toString('base64url');
    await this.uow.run((r) => r.uploads.create(id, caller.userId, hash(sig), new Date(Date.now() + UPLOAD_TTL_MS)));
    return { uploadURL: `/api/objects/uploads/${id}?sig=${sig}` };
  }

  /** The PUT to the upload URL: the caller's own, unexpired, unused upload; an image of at most 10 MB. */
  async receive(caller: Caller, rawId: string, sig: unknown, body: Buffer): Promise<{ photoUrl: string; size: number; contentType: string }> {
    if (!this.store) throw unavailable();
    // One spelling of the id from the first call on: the object's key, the served path and every later lookup.
    const id = rawId.toLowerCase();
    const upload = isUuid(id) ? await this.uow.read.uploads.find(id) : null;
    const sigOk = upload && typeof sig === 'string' && timingSafeEqual(Buffer.from(hash(sig)), Buffer.from(upload.sigHash));
    if (!upload || !sigOk || upload.ownerId !== caller.userId) throw notFound('Upload not found. Ask for a new upload URL (POST /api/objects/upload).');
    if (upload.completedAt) throw new HttpError(409, 'conflict', 'This upload URL was already used. Ask for a new one for another file.');
    if (upload.expiresAt.getTime() < Date.now()) throw new HttpError(410, 'gone', 'This upload URL expired (15 minutes). Ask for a new one.');
    if (body.length > PHOTO_MAX_BYTES) throw new HttpError(413, 'payload_too_large', 'The photo is larger than 10 MB. Choose a smaller file.');
    const contentType = imageTypeOf(body);
    if (!contentType) throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP or GIF photos can be uploaded.');
    const store = this.store;
    // Claimed and stored in one transaction: the row lock makes a racing PUT wait and then find it used, and a
    // failed store rolls the claim back so the URL can be tried again.
    await this.uow.run(async (r) => {
      if (!(await r.uploads.complete(id, contentType, body.length))) throw new HttpError(409, 'conflict', 'This upload URL was already used. Ask for a new one for another file.');
      // Catalog learns who uploaded it, to refuse the photo on another person's item.
      await r.outbox.add(logisticsEvents.photoUploaded({ id, ownerId: upload.ownerId, projectId: null }));
      await store.put(objectKey(id), body, contentType);
    });
    return { photoUrl: photoPath(id), size: body.length, contentType };
  }

  /**
   * A completed upload attached to an item the caller may edit (mayAttachPhoto: the uploader's photo of no
   * project yet, which then belongs to the item's project, or a photo of the item's own project), or, without
   * itemId, the caller's own upload just named (its served path, for an item about to be created).
   */
  async attach(caller: Caller, body: AttachPhotoBody): Promise<{ photoUrl: string }> {
    const id = uploadIdOf(body.photoUrl);
    if (!id) throw badRequest(NOT_AN_UPLOAD);
    return this.catchUp.retrying(() => this.uow.run(async (r) => {
      const upload = await r.uploads.findLocked(id);
      if (!upload || (upload.ownerId !== caller.userId && !body.itemId)) throw badRequest(NOT_AN_UPLOAD);
      if (body.itemId) {
        const item = await r.items.find(body.itemId);
        if (!item) throw notSeenYet('catalog.item', body.itemId, 'Item not found');
        await accessFor(r, caller, item.projectId, 'editItems', { missing: 'Item not found', changing: 'items' });
        if (!mayAttachPhoto(upload, caller.userId, item.projectId)) throw badRequest(PHOTO_NOT_ATTACHABLE);
        if (!upload.completedAt) throw new HttpError(409, 'conflict', 'The photo has not been uploaded yet: PUT the file to the uploadURL first.');
        await r.uploads.claimProject(id, item.projectId);
        await r.items.setPhoto(item.id, id);
        await r.outbox.add(logisticsEvents.photoAttached(item, photoPath(id), caller.userId));
      }
      if (!upload.completedAt) throw new HttpError(409, 'conflict', 'The photo has not been uploaded yet: PUT the file to the uploadURL first.');
      return { photoUrl: photoPath(id) };
    }));
  }

  /** The owner's answer about a photo (`logistics.photo`): its upload fact with the project as now, none when not uploaded. */
  async describe(key: string) {
    const upload = isUuid(key) ? await this.uow.read.uploads.find(key.toLowerCase()) : null;
    return upload?.completedAt ? [logisticsEvents.photoUploaded(upload, upload.completedAt)] : [];
  }

  async read(caller: Caller, key: string) {
    const upload = isUuid(key) ? await this.uow.read.uploads.readableBy(key.toLowerCase(), caller.userId, readsEveryPhoto(caller)) : null;
    return this.open(upload);
  }

  async readShared(shareToken: string, key: string) {
    const upload = isUuid(key) && isShareToken(shareToken) ? await this.uow.read.uploads.sharedBy(key.toLowerCase(), shareToken) : null;
    return this.open(upload);
  }

  private async open(upload: { id: string; contentType: string | null; size: number | null } | null) {
    if (!upload) throw notFound('Photo not found');
    if (!this.store) throw unavailable();
    // The stored row's id, not the caller's spelling of it: the object's key is the id as the upload wrote it.
    return { contentType: upload.contentType!, size: upload.size!, body: await this.store.get(objectKey(upload.id)) };
  }
}

/** `/api/objects/uploads/{id}[?sig=…]`, a full URL of it, or `/api/photos/{id}` → the upload id. */
export function uploadIdOf(photoUrl: string): string | null {
  let path: string;
  try {
    path = new URL(photoUrl, 'http://midway.local').pathname;
  } catch {
    return null;
  }
  const m = /^\/api\/(?:objects\/uploads|photos)\/([0-9a-f-]{36})$/i.exec(path);
  return m && isUuid(m[1]!) ? m[1]!.toLowerCase() : null;
}
