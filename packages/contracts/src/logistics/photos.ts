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
