// The item lifecycle: which status may follow which, who may set it, in the warehouse's custody or not, and what
// a refusal says. The one place that says it: catalog (its 409s and the status its custody facts give), logistics
// (what may be booked, what the desk expects), billing (which facts start and end custody) and the screens (the
// status select, disabled with the reason) all read it. No zod: the browser imports it (`@midway/contracts/item-lifecycle`).
import { ITEM_STATUSES, type ItemStatus } from './vocab';

/** How custody ends: the delivery's completion, or a release (the vendor took it back, or someone picked it up). */
export const CUSTODY_ENDS = ['delivered', 'returned-to-vendor', 'picked-up'] as const;
export type CustodyEnd = (typeof CUSTODY_ENDS)[number];
export const RELEASE_REASONS = ['returned-to-vendor', 'picked-up'] as const satisfies readonly CustodyEnd[];
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

/** The custody facts that decide an item's status while the warehouse holds it (logistics' events). */
export type CustodyFact = { kind: 'arrived' } | { kind: 'put-away' } | { kind: 'moved' } | { kind: 'delivered' } | { kind: 'released'; reason: ReleaseReason };

/**
 * The status a custody fact gives the item: arrived → received, put away or moved → stored, delivered → delivered;
 * picked up → delivered (it reached its owner), returned to the vendor → ordered (the designer now waits on a
 * replacement or a refund).
 */
export function statusAfter(fact: CustodyFact): ItemStatus {
  switch (fact.kind) {
    case 'arrived':
      return 'received';
    case 'put-away':
    case 'moved':
      return 'stored';
    case 'delivered':
      return 'delivered';
    case 'released':
      return fact.reason === 'picked-up' ? 'delivered' : 'ordered';
  }
}

/**
 * An item's custody as the lifecycle reads it (as item answers carry it): whether the warehouse holds it now
 * (arrived, not yet delivered or released) and since when (null: it never arrived).
 */
export interface ItemCustody {
  inCustody: boolean;
  custodySince: string | Date | null;
}

/** In custody from the arrival until a delivery's completion or a release. */
export const isInCustody = (c: ItemCustody): boolean => c.inCustody && c.custodySince !== null;

/** Who sets an item's status: the warehouse's facts while it holds the item; otherwise a designer who may edit items. */
export type StatusSetter = 'warehouse' | 'designer';
export const whoMaySet = (inCustody: boolean): StatusSetter => (inCustody ? 'warehouse' : 'designer');

/**
 * Which statuses may follow `from` when set by `setter`. The warehouse's facts may give any status (statusAfter
 * says which); a designer outside custody may set any status — before arrival, or for an item the warehouse never
 * holds, a status is a label and bills nothing; a designer in custody may set none but the one it has.
 */
export function nextStatuses(from: ItemStatus, setter: StatusSetter, inCustody: boolean): readonly ItemStatus[] {
  if (setter === 'designer' && inCustody) return [from];
  return ITEM_STATUSES;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Dec 3' (UTC: the day the warehouse's own records use). */
const shortDay = (at: string | Date): string => {
  const d = new Date(at);
  return `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

/** Why a designer cannot change the status of an item in custody (the 409's message, and the disabled select's reason). */
export const custodyStatusMessage = (custodySince: string | Date): string =>
  `The warehouse records this item's status while it holds it (received ${shortDay(custodySince)}): it changes when staff put it away, load or deliver it.`;

/**
 * A designer's change of the item's status to `to` (a status change, a bulk change or an edit that names a status):
 * null when allowed (also when the status stays as it is: an edit that keeps it passes), otherwise the refusal's
 * message (answered 409).
 */
export function designerStatusRefusal(item: ItemCustody & { status: ItemStatus }, to: ItemStatus): string | null {
  if (to === item.status) return null;
  if (nextStatuses(item.status, 'designer', isInCustody(item)).includes(to)) return null;
  return custodyStatusMessage(item.custodySince!);
}

/** Statuses in which the desk still expects an item (nothing has arrived for it): ordered or in transit. */
export const AWAITING_ARRIVAL_STATUSES = ['ordered', 'in-transit'] as const satisfies readonly ItemStatus[];
export const isAwaitingArrival = (status: ItemStatus): boolean => (AWAITING_ARRIVAL_STATUSES as readonly ItemStatus[]).includes(status);

/** Statuses of an item the warehouse holds (received, then stored): only such items go on a delivery. */
export const AT_WAREHOUSE_STATUSES = ['received', 'stored'] as const satisfies readonly ItemStatus[];
export const isAtWarehouse = (status: ItemStatus): boolean => (AT_WAREHOUSE_STATUSES as readonly ItemStatus[]).includes(status);
