/**
 * The load check of a delivery run: staff scan each piece onto the truck, or except an item with a reason
 * ("left behind: …"). A delivery goes out only when each of its items is fully loaded or left behind, so nothing
 * is left behind silently.
 */

/** An item of a run as the load check sees it. */
export interface LoadState {
  itemId: string;
  name: string;
  /** Pieces the designer expects (the item's `pieces`, 1 by default). */
  pieces: number;
  /** Pieces the warehouse has received so far. */
  piecesReceived: number;
  /** Whether the warehouse holds the item (arrived, neither delivered nor released). */
  inCustody: boolean;
  /** Piece numbers scanned onto the truck for this run. */
  loadedPieces: number[];
  /** The reason staff gave for leaving it behind, or null. */
  leftBehind: string | null;
}

/** The pieces an item comes in: as many as expected, or as arrived when more came than the designer said. */
export const piecesOf = (item: Pick<LoadState, 'pieces' | 'piecesReceived'>): number => Math.max(1, item.pieces, item.piecesReceived);

/** Every piece of the item (1..N) is on the truck. */
export function fullyLoaded(item: LoadState): boolean {
  const loaded = new Set(item.loadedPieces);
  for (let piece = 1; piece <= piecesOf(item); piece++) if (!loaded.has(piece)) return false;
  return true;
}

/** The items that keep a delivery from going out: neither fully loaded nor left behind with a reason. */
export const notReady = (items: readonly LoadState[]): LoadState[] => items.filter((i) => i.leftBehind === null && !fullyLoaded(i));

const describe = (i: LoadState): string => {
  const loaded = new Set(i.loadedPieces).size;
  const n = piecesOf(i);
  if (loaded === 0) return `“${i.name}” (not loaded)`;
  return `“${i.name}” (${loaded} of ${n} pieces loaded)`;
};

/** The 409's words naming the items not on the truck, and what to do next; null when the delivery may go. */
export function loadRefusal(items: readonly LoadState[], runId: string | null): string | null {
  const missing = notReady(items);
  // A truck with nothing of the delivery on it does not go out for it.
  if (!missing.length && items.length > 0 && items.every((i) => i.leftBehind !== null))
    return 'Every item of this delivery is left behind: nothing of it is on the truck. Load an item, or cancel the delivery and book the items again.';
  if (!missing.length) return null;
  const where = runId ? `POST /api/delivery-runs/${runId}/load` : 'the load check';
  return `These items are not on the truck: ${missing.map(describe).join('; ')}. Scan each piece onto the truck (${where}) or mark the item left behind with a reason.`;
}

/**
 * Which piece a load scan names, or why it cannot be loaded (a 400's words). A scan without a piece names piece 1
 * of a one-piece item; an item of several pieces needs the piece's own label. A piece that has not arrived
 * cannot be on the truck.
 */
export function pieceToLoad(item: LoadState, piece: number | undefined): { piece: number } | { refusal: string } {
  if (!item.inCustody) return { refusal: `“${item.name}” is not in the warehouse's custody: record its arrival at the receiving desk before loading it` };
  const n = piecesOf(item);
  if (piece === undefined) {
    if (n > 1) return { refusal: `“${item.name}” comes in ${n} pieces: scan the label of the piece you load (it reads <item id>/<piece>)` };
    return { piece: 1 };
  }
  if (piece < 1 || piece > n) return { refusal: `“${item.name}” has ${n} piece${n === 1 ? '' : 's'}: there is no piece ${piece}` };
  if (piece > item.piecesReceived) return { refusal: `piece ${piece} of “${item.name}” has not arrived (${item.piecesReceived} of ${n} pieces received): leave the item behind with a reason, or wait for the rest` };
  return { piece };
}

/** The note a left-behind item's delivery completion records as its exception. */
export const leftBehindNote = (reason: string): string => `left behind: ${reason}`;
