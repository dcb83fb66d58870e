import { statusAfter, type CustodyEnd, type CustodyState, type ItemStatus, type ReleaseReason } from '@midway/contracts';

/** An item as a release finds it. */
export interface ReleasableItem {
  name: string;
  custodyState: CustodyState | null;
  custodySince: Date | null;
  custodyEndedAt: Date | null;
  custodyEnd: CustodyEnd | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const ENDED: Record<CustodyEnd, string> = { delivered: 'delivered', 'returned-to-vendor': 'returned to its vendor', 'picked-up': 'picked up' };

export type ReleaseDecision = { kind: 'refused'; message: string } | { kind: 'release'; status: ItemStatus };

/**
 * Whether an item may leave custody other than by a delivery, and the status it then has (the lifecycle's
 * statusAfter: picked up → delivered, returned to the vendor → ordered). Custody ends once: a second release, or a
 * release of an item delivered, never arrived or out on a truck, is refused (409) with what happened.
 */
export function decideRelease(item: ReleasableItem, reason: ReleaseReason): ReleaseDecision {
  if (item.custodyEndedAt && item.custodyEnd)
    return { kind: 'refused', message: `“${item.name}” was already ${item.custodyEnd === 'delivered' ? 'delivered' : `released (${ENDED[item.custodyEnd]})`} on ${day(item.custodyEndedAt)}: nothing to release.` };
  if (item.custodyState === null) return { kind: 'refused', message: `“${item.name}” is not in the warehouse’s custody (it has not arrived): nothing to release.` };
  if (item.custodyState === 'out') return { kind: 'refused', message: `“${item.name}” is out for delivery: complete its delivery (with an exception if it came back) before releasing it.` };
  return { kind: 'release', status: statusAfter({ kind: 'released', reason }) };
}
