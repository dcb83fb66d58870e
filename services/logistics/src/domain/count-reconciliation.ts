/**
 * A cycle count's reconciliation: what the records put at the location (in custody there when the count closes)
 * against what staff scanned there. Expected and scanned → found here; expected, not scanned → missing; scanned
 * but recorded elsewhere → found elsewhere (moved here when staff confirm). Accuracy is found of expected, in
 * percent with two decimals; a location expected to hold nothing is 100 % accurate.
 *
 * The service closes a count with one set-based statement (CountRepository.reconcile); this is the same rule
 * stated plainly, and test/counts.api.test.ts has Postgres check they agree.
 */

export type CountOutcome = 'missing' | 'found-here' | 'found-elsewhere';

export interface ExpectedItem {
  itemId: string;
}
export interface ScannedItem {
  itemId: string;
  /** Where the records put it (null: nowhere yet, e.g. received but not put away). */
  locationId: string | null;
}

export interface Reconciliation {
  results: { itemId: string; outcome: CountOutcome; expectedLocationId: string | null }[];
  expected: number;
  found: number;
  accuracy: number;
}

/** Found of expected, as a percent rounded to two decimals (numeric(5,2)); 100 when nothing was expected. */
export const accuracyOf = (found: number, expected: number): number => (expected === 0 ? 100 : Math.round((found / expected) * 10_000) / 100);

export function reconcile(locationId: string, expected: readonly ExpectedItem[], scanned: readonly ScannedItem[]): Reconciliation {
  const seen = new Set(scanned.map((s) => s.itemId));
  const here = new Set(expected.map((e) => e.itemId));
  const results: Reconciliation['results'] = [];
  for (const e of expected) results.push({ itemId: e.itemId, outcome: seen.has(e.itemId) ? 'found-here' : 'missing', expectedLocationId: locationId });
  for (const s of scanned) if (!here.has(s.itemId)) results.push({ itemId: s.itemId, outcome: 'found-elsewhere', expectedLocationId: s.locationId });
  const found = results.filter((r) => r.outcome === 'found-here').length;
  return { results, expected: expected.length, found, accuracy: accuracyOf(found, expected.length) };
}
