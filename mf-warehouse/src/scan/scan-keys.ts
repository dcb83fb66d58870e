/**
 * What Enter in the scan box does. A keyboard-wedge scanner types the code and Enter, so everything goes through
 * the box: a code is looked up; with matches on screen, a lone digit 1–9 receives that match (no tracking number is
 * one character long), 0 records the arrival as unmatched, and the same code again (a second scan of the parcel)
 * receives its only match.
 */
export type EnterAction = { kind: 'scan'; code: string } | { kind: 'receive'; index: number } | { kind: 'unmatched' } | { kind: 'none' };

export interface ShownScan {
  /** The code as looked up. */
  code: string;
  matchCount: number;
}

export function enterAction(text: string, shown: ShownScan | null): EnterAction {
  const typed = text.trim();
  if (!typed) return { kind: 'none' };
  if (shown && /^[0-9]$/.test(typed)) {
    const n = Number(typed);
    if (n === 0) return { kind: 'unmatched' };
    return n <= shown.matchCount ? { kind: 'receive', index: n - 1 } : { kind: 'none' };
  }
  if (shown && shown.matchCount === 1 && typed === shown.code) return { kind: 'receive', index: 0 };
  return { kind: 'scan', code: typed };
}
