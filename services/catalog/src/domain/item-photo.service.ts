import { badRequest, HttpError, NotSeenYetError, notSeenYet, type Caller } from '@midway/service-kit';
import { mayAttachPhoto, PHOTO_NOT_ATTACHABLE, photoKeyOf, type EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/** logistics.item-photo.attached.v1: the item now carries the uploaded photo's served path (/api/photos/{key}). */
export async function applyPhotoAttached(r: Omit<Repos, 'outbox'>, event: EventEnvelope<'logistics.item-photo.attached.v1'>): Promise<void> {
  const d = event.data;
  await r.itemPhotos.set(d.itemId, d.projectId, d.photoUrl);
  // Attached through logistics: the photo belongs to that project if it belonged to none.
  const key = photoKeyOf(d.photoUrl);
  if (key) await r.itemPhotos.claim(key, d.projectId);
}

/** logistics.photo.uploaded.v1 (a live fact or logistics' answer to a question): who uploaded it, and its project. */
export async function applyPhotoUploaded(r: Omit<Repos, 'outbox'>, event: EventEnvelope<'logistics.photo.uploaded.v1'>): Promise<void> {
  const d = event.data;
  await r.itemPhotos.record({ key: d.key, ownerId: d.ownerId, projectId: d.projectId });
}

/**
 * Before an item of `projectId` carries `photoUrl`: the photo may go there (mayAttachPhoto), and then belongs
 * to that project if it belonged to none. A photo catalog has not heard of is asked of logistics first (the
 * caller's retrying); refused, or still unknown, it is a 400 saying how to upload one (photoRefusal).
 */
export async function takePhoto(r: Omit<Repos, 'outbox'>, caller: Caller, photoUrl: string, projectId: string): Promise<void> {
  const key = photoKeyOf(photoUrl);
  if (!key) throw badRequest(PHOTO_NOT_ATTACHABLE);
  const photo = await r.itemPhotos.findLocked(key);
  if (!photo) throw notSeenYet('logistics.photo', key, PHOTO_NOT_ATTACHABLE);
  if (!mayAttachPhoto(photo, caller.userId, projectId)) throw badRequest(PHOTO_NOT_ATTACHABLE);
  await r.itemPhotos.claim(key, projectId);
}

/** A photo logistics does not know either (never uploaded, or not finished) is a bad photoUrl, not a missing item. */
export function photoRefusal(err: unknown): never {
  if (err instanceof NotSeenYetError && err.kind === 'logistics.photo') throw badRequest(PHOTO_NOT_ATTACHABLE);
  throw err;
}

/** takePhoto for a row of an import: the refusal's message, or null when the photo was taken. */
export async function photoProblem(r: Omit<Repos, 'outbox'>, caller: Caller, photoUrl: string, projectId: string): Promise<string | null> {
  try {
    await takePhoto(r, caller, photoUrl, projectId);
    return null;
  } catch (err) {
    if (err instanceof NotSeenYetError && err.kind === 'logistics.photo') return PHOTO_NOT_ATTACHABLE;
    if (err instanceof HttpError && err.status === 400) return err.message;
    throw err;
  }
}
