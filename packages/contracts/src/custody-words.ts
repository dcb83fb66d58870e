// The words the custody screens (mf-warehouse, mf-items) say about an item's custody; zod-free, like custody-codes.
import type { CustodyEvent, CustodyView } from './logistics/custody';
import { CUSTODY_EVENT_LABELS, RELEASE_REASON_LABELS } from './custody-codes';

const STATE_WORDS = { received: 'Received', stored: 'Stored', loaded: 'Loaded', out: 'Out for delivery' } as const;
const END_WORDS = { delivered: 'Delivered', 'returned-to-vendor': 'Returned to vendor', 'picked-up': 'Picked up' } as const;

/** Where an item is, as staff and designers read it: "Stored · B-12", "Received · not put away", "Picked up". */
export function whereLine(view: Pick<CustodyView, 'inCustody' | 'state' | 'location' | 'end'>): string {
  if (!view.inCustody) return view.end ? END_WORDS[view.end] : 'Not in the warehouse';
  const state = view.state ? STATE_WORDS[view.state] : 'In custody';
  if (view.location) return `${state} · ${view.location.code}`;
  return view.state === 'received' ? `${state} · not put away yet` : state;
}

/** One timeline line's words: "Moved A-03 → B-12", "Loaded (piece 2)", "Released: Picked up", "Left behind: damaged". */
export function eventLine(e: CustodyEvent): string {
  const label = CUSTODY_EVENT_LABELS[e.kind];
  const piece = e.piece ? ` (piece ${e.piece})` : '';
  switch (e.kind) {
    // An arrival's line carries how many pieces that scan brought, not a piece's number.
    case 'arrived':
      return `${label}${e.piece ? ` (${e.piece} ${e.piece === 1 ? 'piece' : 'pieces'})` : ''}`;
    case 'put-away':
      return `${label} at ${e.toLocationCode ?? '—'}${piece}`;
    case 'moved':
      return `${label} ${e.fromLocationCode ?? '—'} → ${e.toLocationCode ?? '—'}${piece}`;
    case 'released':
      return `${label}: ${e.reason && e.reason in RELEASE_REASON_LABELS ? RELEASE_REASON_LABELS[e.reason as keyof typeof RELEASE_REASON_LABELS] : (e.reason ?? '')}`.replace(/: $/, '');
    case 'counted':
      return `${label} at ${e.toLocationCode ?? e.fromLocationCode ?? '—'}`;
    default:
      return `${label}${piece}${e.reason ? `: ${e.reason}` : ''}`;
  }
}
