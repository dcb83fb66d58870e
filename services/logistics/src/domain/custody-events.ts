import { makeEvent } from '@midway/service-kit';
import type { ReleaseReason } from '@midway/contracts';

/** Put-away, move and release facts (contracts: events/logistics), built in one place for the service and its pacts. */
export const custodyEvents = {
  /** An arrived item's first place in the warehouse. */
  putAway: (f: { itemId: string; projectId: string; locationId: string; locationCode: string }, byUserId: string, at: Date) =>
    makeEvent('logistics.item.put-away.v1', { ...f, fromLocationCode: null, at: at.toISOString(), byUserId }, at),
  /** An item in custody moved from one place to another. */
  moved: (f: { itemId: string; projectId: string; locationId: string; locationCode: string; fromLocationCode: string }, byUserId: string, at: Date) =>
    makeEvent('logistics.item.moved.v1', { ...f, at: at.toISOString(), byUserId }, at),
  /** Custody ended other than by a delivery: storage stops at `at`. */
  released: (f: { itemId: string; projectId: string; reason: ReleaseReason; receivedBy: string }, byUserId: string, at: Date) =>
    makeEvent('logistics.item.released.v1', { ...f, at: at.toISOString(), byUserId }, at),
};
