import { makeEvent } from '@midway/service-kit';
import { custodyEvents } from './custody-events';

/** A cycle count's facts (contracts: events/logistics), built in one place for the service and its pacts. */
export const countEvents = {
  /** The count of a location closed: what was expected and found there, what was missing, what moved here. */
  locationCounted: (
    c: { countId: string; locationId: string; locationCode: string; expected: number; found: number; accuracy: number; missingItemIds: string[]; movedHereItemIds: string[] },
    byUserId: string,
    at: Date,
  ) => makeEvent('logistics.location.counted.v1', { ...c, at: at.toISOString(), byUserId }, at),
  /**
   * An item found at a count but recorded elsewhere was moved there on confirmation (put away when it had no place):
   * the very facts a scan's move publishes (custody-events), which catalog's message pact verifies.
   */
  itemMovedByCount: (m: { itemId: string; projectId: string; fromLocationCode: string | null }, to: { id: string; code: string }, byUserId: string, at: Date) =>
    m.fromLocationCode === null
      ? custodyEvents.putAway({ itemId: m.itemId, projectId: m.projectId, locationId: to.id, locationCode: to.code }, byUserId, at)
      : custodyEvents.moved({ itemId: m.itemId, projectId: m.projectId, locationId: to.id, locationCode: to.code, fromLocationCode: m.fromLocationCode }, byUserId, at),
};
