import { normalizeLocationCode, parseItemCode } from '@midway/contracts/custody-codes';

/** The item label scanned first, waiting for its location. */
export interface PendingItem {
  /** The code as scanned (`<itemId>/<piece>` or an id): the move sends it as it was read. */
  code: string;
  itemId: string;
  piece?: number;
}

export type PutAwayStep =
  /** An item label: it waits for a location (a second item label replaces it). */
  | { kind: 'item'; item: PendingItem }
  /** A location label after an item's: the item goes there. */
  | { kind: 'move'; item: PendingItem; locationCode: string }
  | { kind: 'refuse'; message: string };

/**
 * Put-away is two scans in a row: the item's label, then the location's. Which scan this is follows from what was
 * read, not from the order alone, so a location scanned first, or a label that is neither, says what to scan
 * instead, and a second item label before any location simply becomes the item to place.
 */
export function nextPutAwayStep(pending: PendingItem | null, scanned: string): PutAwayStep {
  const item = parseItemCode(scanned);
  if (item) return { kind: 'item', item: { code: scanned.trim(), ...item } };
  const locationCode = normalizeLocationCode(scanned);
  if (locationCode) {
    if (pending) return { kind: 'move', item: pending, locationCode };
    return { kind: 'refuse', message: `${locationCode} is a location label. Scan the item's label first, then the location's.` };
  }
  const shown = scanned.trim().slice(0, 60);
  return { kind: 'refuse', message: `“${shown}” is neither an item label nor a location code. Scan the QR on the item's label, or a location's barcode (e.g. B-12).` };
}
