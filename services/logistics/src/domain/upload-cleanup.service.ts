import type { UnitOfWork } from '../data/unit-of-work';
import { objectKey, type PhotoStore } from './photo.service';

/** A completed photo no item carries after this long was abandoned (a closed create form, a replaced photo). */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60_000;
/**
 * An upload URL is dead 15 minutes after it was made; its row goes an hour after that, so a PUT that passed the
 * expiry check just in time is never raced by the clean-up.
 */
export const EXPIRED_UPLOAD_GRACE_MS = 60 * 60_000;
const BATCH = 200;

/**
 * Removes uploads nobody will use — URLs never used before they expired, and photos no item carries a day
 * after they were uploaded — with their objects. Each batch deletes its rows and their objects in one
 * transaction: if the object store fails, the rows come back and the next run tries again, so no row ever
 * points at a missing object and no object is left without its row.
 *
 * Whether an item carries a photo is learned from catalog's events; while logistics has not applied all of
 * them (`catalogCaughtUp` false) a photo catalog already put on an item could look unattached, so only the
 * never-completed uploads are removed then.
 */
export class UploadCleanup {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PhotoStore,
    private readonly catalogCaughtUp: () => Promise<boolean>,
  ) {}

  /** Returns how many uploads it removed. */
  async run(now = Date.now()): Promise<number> {
    const expiredBefore = new Date(now - EXPIRED_UPLOAD_GRACE_MS);
    const completedBefore = (await this.catalogCaughtUp()) ? new Date(now - UNATTACHED_PHOTO_TTL_MS) : null;
    let removed = 0;
    for (;;) {
      const batch = await this.uow.run(async (r) => {
        const ids = await r.uploads.deleteAbandoned({ expiredBefore, completedBefore, limit: BATCH });
        await this.store.remove(ids.map(objectKey));
        return ids.length;
      });
      removed += batch;
      if (batch < BATCH) return removed;
    }
  }
}
