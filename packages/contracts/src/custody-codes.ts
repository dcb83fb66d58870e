/**
 * Custody's words and the codes a scanner reads, without zod: the screens import this file
 * (`@midway/contracts/custody-codes`) as the services do (through logistics/custody.ts), so both read a code alike.
 */

import type { ReleaseReason } from './item-lifecycle';

/** Where a piece can be: the receiving dock, a shelf bin, a floor zone, or the staging lane before a truck. */
export const LOCATION_KINDS = ['dock', 'bin', 'floor', 'staging'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_LABELS: Record<LocationKind, string> = { dock: 'Dock', bin: 'Bin', floor: 'Floor', staging: 'Staging' };

/** A location's code as printed on its label and read by a scanner (after trim + upper-case). */
export const LOCATION_CODE_PATTERN = /^[A-Z0-9-]{1,32}$/;
export const LOCATION_CODE_MAX = 32;
/** Trims and upper-cases a scanned or typed location code (`b-12 ` → `B-12`); null when it is not one. */
export function normalizeLocationCode(code: string): string | null {
  const c = code.trim().toUpperCase();
  return LOCATION_CODE_PATTERN.test(c) ? c : null;
}

/** While the warehouse holds an item: arrived, on a shelf, on a truck, on its way. Null when not in custody. */
export const CUSTODY_STATES = ['received', 'stored', 'loaded', 'out'] as const;
export type CustodyState = (typeof CUSTODY_STATES)[number];
export const RELEASE_REASON_LABELS: Record<ReleaseReason, string> = { 'returned-to-vendor': 'Returned to vendor', 'picked-up': 'Picked up' };

/** One line of an item's custody timeline per fact. */
export const CUSTODY_EVENT_KINDS = ['arrived', 'inspected', 'put-away', 'moved', 'loaded', 'left-behind', 'out-for-delivery', 'delivered', 'released', 'counted'] as const;
export type CustodyEventKind = (typeof CUSTODY_EVENT_KINDS)[number];
export const CUSTODY_EVENT_LABELS: Record<CustodyEventKind, string> = {
  arrived: 'Arrived',
  inspected: 'Inspected',
  'put-away': 'Put away',
  moved: 'Moved',
  loaded: 'Loaded',
  'left-behind': 'Left behind',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  released: 'Released',
  counted: 'Counted',
};

export const COUNT_STATUSES = ['open', 'closed'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_OUTCOMES = ['missing', 'found-here', 'found-elsewhere'] as const;
export type CountOutcome = (typeof COUNT_OUTCOMES)[number];

/** An item's expected pieces: at least 1, at most this many labels. */
export const ITEM_PIECES_MAX = 99;
export const WAREHOUSE_ITEMS_PAGE_DEFAULT = 50;
export const WAREHOUSE_ITEMS_PAGE_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What an item label's code names: the item, and the piece when the label is one piece's. */
export interface ItemCode {
  itemId: string;
  piece?: number;
}

/**
 * Reads an item label's QR (`<itemId>/<piece>`, e.g. `3f2c…/2`) or a bare `<itemId>` (a scanner may upper-case it,
 * or add spaces); null when the code is not an item's.
 */
export function parseItemCode(code: string): ItemCode | null {
  const m = /^([0-9a-fA-F-]{36})(?:\/(\d{1,3}))?$/.exec(code.trim());
  if (!m) return null;
  const itemId = m[1]!.toLowerCase();
  if (!UUID.test(itemId)) return null;
  if (m[2] === undefined) return { itemId };
  const piece = Number(m[2]);
  return piece >= 1 && piece <= ITEM_PIECES_MAX ? { itemId, piece } : null;
}

/** The text an item label's QR holds for one piece. */
export const itemCodeOf = (itemId: string, piece: number): string => `${itemId}/${piece}`;

/** "2 of 3 pieces" while fewer than expected have come; null when all have (or the item has one piece and it came). */
export function piecesFlag(received: number, expected: number): string | null {
  return received < expected ? `${received} of ${expected} pieces` : null;
}
