/**
 * Which earlier purchase order a vendor's later document (an order acknowledgement, a packing list) is about, and
 * which of its lines each printed line is: so tracking numbers that arrive days after the import reach the items.
 */

export interface OrderIdentity {
  number: string | null;
  vendor: string | null;
}

export interface MatchableLine {
  lineRef: string;
  name: string;
  sku: string | null;
}

/** Vendors print the same words in different case and spacing ('NW-2026-0142' / 'nw-2026-0142 '). */
const key = (s: string | null | undefined): string => (s ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The PO number as documents of one order share it: what uploads of the same order queue on. */
export const orderNumberKey = (number: string | null): string => key(number);

/**
 * The same order: the same PO number, and the same vendor when both documents name one. Without a number nothing
 * says which order it is, so no match is guessed.
 */
export function isSameOrder(later: OrderIdentity, earlier: OrderIdentity): boolean {
  if (!key(later.number) || key(later.number) !== key(earlier.number)) return false;
  return !key(later.vendor) || !key(earlier.vendor) || key(later.vendor) === key(earlier.vendor);
}

export interface LineMatch {
  /** For each line of the later document, in its order: the index of its line on the order, or null. */
  matches: (number | null)[];
}

/**
 * Each line of the later document to a line of the order: by SKU when both print one; else by line number, unless
 * the two print different SKUs; else by the product's name. A line of the order is taken once while another of the
 * same key is free (the same SKU ordered twice, in two finishes, matches in turn), then shared.
 */
export function matchOrderLines(later: readonly MatchableLine[], order: readonly MatchableLine[]): LineMatch {
  const taken = new Set<number>();
  const pick = (fits: (o: MatchableLine) => boolean): number | null => {
    const candidates = order.map((o, i) => (fits(o) ? i : -1)).filter((i) => i >= 0);
    const free = candidates.find((i) => !taken.has(i));
    const chosen = free ?? candidates[0];
    if (chosen === undefined) return null;
    taken.add(chosen);
    return chosen;
  };
  const matches = later.map((l) => {
    const sku = key(l.sku);
    const conflicts = (o: MatchableLine) => !!sku && !!key(o.sku) && key(o.sku) !== sku;
    if (sku) {
      const bySku = pick((o) => key(o.sku) === sku);
      if (bySku !== null) return bySku;
    }
    const byRef = pick((o) => !conflicts(o) && key(o.lineRef) === key(l.lineRef));
    if (byRef !== null) return byRef;
    return key(l.name) ? pick((o) => !conflicts(o) && key(o.name) === key(l.name)) : null;
  });
  return { matches };
}

/** Another document of the project with the same kind of number, as the upload finds it. */
export interface NumberedDocument extends OrderIdentity {
  id: string;
  importedAt: Date | null;
  /** It prints tracking numbers of its own (an acknowledgement, a packing list). */
  shipsItself: boolean;
  /** Its own tracking numbers already ship another document's lines. */
  linkedElsewhere: boolean;
}

/**
 * The order a later document with tracking numbers ships: the newest imported one of the same order; else the newest
 * purchase order of it uploaded but not imported yet (one printing no tracking numbers of its own), whose items get
 * them when it is imported. `documents` come oldest first.
 */
export function orderShippedBy(later: OrderIdentity, documents: readonly NumberedDocument[]): NumberedDocument | null {
  const same = documents.filter((d) => isSameOrder(later, d));
  const imported = same.filter((d) => d.importedAt).sort((a, b) => b.importedAt!.getTime() - a.importedAt!.getTime());
  if (imported[0]) return imported[0];
  return same.filter((d) => !d.shipsItself && !d.linkedElsewhere).at(-1) ?? null;
}

/**
 * For a purchase order printing no tracking numbers: the acknowledgements and packing lists of the same order uploaded
 * before it, not imported and not shipping another order yet, whose tracking numbers are to ship its lines.
 */
export function acknowledgementsWaitingFor(order: OrderIdentity, documents: readonly NumberedDocument[]): NumberedDocument[] {
  return documents.filter((d) => d.shipsItself && !d.importedAt && !d.linkedElsewhere && isSameOrder(d, order));
}
