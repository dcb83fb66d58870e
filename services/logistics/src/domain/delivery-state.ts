import { conflict } from '@midway/service-kit';
import { DELIVERY_STATUS_LABELS, OPEN_DELIVERY_STATUSES, type DeliveryStatus } from '@midway/contracts';

/**
 * A delivery's state machine: requested → scheduled → out-for-delivery → completed, and cancelled from
 * requested or scheduled. Any other move is refused with 409 before anything changes.
 */
export const DELIVERY_MOVES: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  requested: ['scheduled', 'cancelled'],
  scheduled: ['out-for-delivery', 'cancelled'],
  'out-for-delivery': ['completed'],
  completed: [],
  cancelled: [],
};

export const canMove = (from: DeliveryStatus, to: DeliveryStatus): boolean => DELIVERY_MOVES[from].includes(to);

const ACTION: Record<DeliveryStatus, string> = {
  requested: 'requested again',
  scheduled: 'scheduled',
  'out-for-delivery': 'marked out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** 409 saying why, unless `from → to` is a move of the machine. */
export function assertMove(from: DeliveryStatus, to: DeliveryStatus): void {
  if (canMove(from, to)) return;
  const allowed = DELIVERY_MOVES[from];
  const next = allowed.length ? ` From ${DELIVERY_STATUS_LABELS[from].toLowerCase()} it can only be ${allowed.map((s) => ACTION[s]).join(' or ')}.` : '';
  throw conflict(`This delivery is ${DELIVERY_STATUS_LABELS[from].toLowerCase()}: it cannot be ${ACTION[to]}.${next}`);
}

/** Only a requested delivery's date, window, address, notes or items may change (staff have not planned it yet). */
export function assertEditable(status: DeliveryStatus): void {
  if (status !== 'requested') throw conflict(`This delivery is ${DELIVERY_STATUS_LABELS[status].toLowerCase()}: only a requested delivery can be changed. Cancel it and book again.`);
}

/** Open deliveries hold their items: an item is on at most one of them. */
export const isOpen = (status: DeliveryStatus): boolean => (OPEN_DELIVERY_STATUSES as readonly DeliveryStatus[]).includes(status);
