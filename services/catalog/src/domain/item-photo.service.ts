import type { EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/** logistics.item-photo.attached.v1: the item now carries the uploaded photo's served path (/api/photos/{key}). */
export async function applyPhotoAttached(r: Repos, event: EventEnvelope<'logistics.item-photo.attached.v1'>): Promise<void> {
  const d = event.data;
  await r.itemPhotos.set(d.itemId, d.projectId, d.photoUrl);
}
