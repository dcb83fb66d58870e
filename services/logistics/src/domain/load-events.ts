import { makeEvent } from '@midway/service-kit';

/** The load check's custody facts (contracts: events/logistics), built in one place for the service and its pacts. */
export const loadEvents = {
  /** A piece was scanned onto the run's truck. */
  itemLoaded: (f: { itemId: string; projectId: string; runId: string; deliveryId: string; piece: number }, byUserId: string, at: Date) =>
    makeEvent('logistics.item.loaded.v1', { ...f, at: at.toISOString(), byUserId }, at),
  /** Staff excepted the item with why: it stays in custody, its delivery goes without it. */
  itemLeftBehind: (f: { itemId: string; projectId: string; runId: string; deliveryId: string; reason: string }, byUserId: string, at: Date) =>
    makeEvent('logistics.item.left-behind.v1', { ...f, at: at.toISOString(), byUserId }, at),
};
