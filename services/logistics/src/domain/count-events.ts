import { makeEvent } from '@midway/service-kit';

/** A cycle count's facts (contracts: events/logistics), built in one place for the service and its pacts. */
export const countEvents = {
  /** The count of a location closed: what was expected and found there, what was missing, what moved here. */
  locationCounted: (
    c: { countId: string; locationId: string; locationCode: string; expected: number; found: number; accuracy: number; missingItemIds: string[]; movedHereItemIds: string[] },
    byUserId: string,
    at: Date,
  ) => makeEvent('logistics.location.counted.v1', { ...c, at: at.toISOString(), byUserId }, at),
  /** An item found at a count but recorded elsewhere was moved there on confirmation (put away when it had no place). */
  itemMovedByCount: (m: { itemId: string; projectId: string; fromLocationCode: string | null }, to: { id: string; code: string }, byUserId: string, at: Date) =>
    m.fromLocationCode === null
      ? makeEvent('logistics.item.put-away.v1', { itemId: m.itemId, projectId: m.projectId, at: at.toISOString(), byUserId, locationId: to.id, locationCode: to.code, fromLocationCode: null }, at)
      : makeEvent('logistics.item.moved.v1', { itemId: m.itemId, projectId: m.projectId, at: at.toISOString(), byUserId, locationId: to.id, locationCode: to.code, fromLocationCode: m.fromLocationCode }, at),
};
