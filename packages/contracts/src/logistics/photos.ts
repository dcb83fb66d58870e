import { z } from 'zod';
import { NO_NUL } from '../text';

/** POST /api/objects/upload: where the browser PUTs the one file (same origin, 15 minutes, the caller's own). */
export const uploadResponseSchema = z.object({ uploadURL: z.string() });

/** PUT /api/item-photos: the uploadURL the browser PUT to (with or without its query), and the item when it exists. */
export const attachPhotoBodySchema = z.strictObject({
  photoUrl: z.string({ error: 'photoUrl is required' }).trim().min(1, { error: 'photoUrl is required' }).max(2048).regex(NO_NUL, { error: 'photoUrl must not contain NUL characters' }),
  itemId: z.uuid({ error: 'itemId must be an item id' }).optional(),
});
export type AttachPhotoBody = z.infer<typeof attachPhotoBodySchema>;

/** The served path (`/api/photos/{key}`) the item carries. */
export const attachPhotoResponseSchema = z.object({ photoUrl: z.string() });
export const uploadCompleteSchema = z.object({ photoUrl: z.string(), size: z.number().int(), contentType: z.string() });

/**
 * Why a photo may not go on an item, and how to get one that may: the answer (400) wherever a photo is
 * attached (an item's create or edit with photoUrl, PUT /api/item-photos).
 */
export const PHOTO_NOT_ATTACHABLE =
  'This photo cannot go on this item: only a photo you uploaded, or one already on this project, can. Upload the file for this item: POST /api/objects/upload, PUT the file to the uploadURL, then attach it (PUT /api/item-photos, or the item\'s photoUrl).';

/** What decides whether a photo may be attached: its uploader and the project it belongs to (null: none yet). */
export interface PhotoFacts {
  ownerId: string;
  projectId: string | null;
}

/**
 * A photo stays with the project it was uploaded for: it goes on an item of the project it already belongs
 * to (whoever may edit that item), or, while it belongs to no project, on an item its uploader may edit (the
 * item's project then becomes its project). Carrying a key never widens who sees the photo.
 */
export function mayAttachPhoto(photo: PhotoFacts, callerId: string, itemProjectId: string): boolean {
  if (photo.projectId !== null) return photo.projectId === itemProjectId;
  return photo.ownerId === callerId;
}
