import type { CustodyState } from '@midway/contracts';

/** An item as a put-away or move scan finds it. */
export interface MovableItem {
  name: string;
  custodyState: CustodyState | null;
  custodyEndedAt: Date | null;
  locationId: string | null;
  locationCode: string | null;
}

export type MoveDecision =
  | { kind: 'refused'; message: string }
  /** Already there: a repeated scan records nothing. */
  | { kind: 'unchanged' }
  /** Its first place since the arrival. */
  | { kind: 'put-away' }
  | { kind: 'moved'; fromLocationCode: string };

/**
 * What scanning an item onto a location means: a put-away the first time, a move after, nothing when it is there
 * already. Only an item in the warehouse's custody has a place; one on its way to the client has none here.
 */
export function decideMove(item: MovableItem, to: { id: string; code: string }): MoveDecision {
  if (item.custodyState === null)
    return {
      kind: 'refused',
      message: item.custodyEndedAt
        ? `“${item.name}” is no longer in the warehouse’s custody (it left on ${item.custodyEndedAt.toISOString().slice(0, 10)}): it cannot be put away.`
        : `“${item.name}” is not in the warehouse’s custody: record its arrival at the receiving desk before putting it away.`,
    };
  if (item.custodyState === 'out') return { kind: 'refused', message: `“${item.name}” is out for delivery: complete its delivery (with an exception if it came back) before putting it away.` };
  if (item.locationId === to.id) return { kind: 'unchanged' };
  return item.locationId === null || item.locationCode === null ? { kind: 'put-away' } : { kind: 'moved', fromLocationCode: item.locationCode };
}
