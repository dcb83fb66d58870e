import type { Line } from './po-layout';

const TITLES = /^(purchase order|order acknowledg(?:e)?ment|acknowledg(?:e)?ment|packing (?:list|slip)|invoice|sales order|quotation|quote|po)\b/i;
const VENDOR_LABEL = /^(?:vendor|supplier|sold by|seller)\s*:\s*(.*)$/i;

/**
 * The vendor: the value after 'Vendor:' (on its line or just below it); else the letterhead, the largest text above
 * the table on the first page that is not the document's title.
 */
export function findVendor(lines: Line[], header: Line | undefined): string | null {
  for (const [i, line] of lines.entries()) {
    for (const [j, s] of line.segments.entries()) {
      const m = VENDOR_LABEL.exec(s.text);
      if (!m) continue;
      if (m[1]!.trim()) return m[1]!.trim();
      const next = line.segments[j + 1];
      if (next) return next.text;
      const below = lines.slice(i + 1).find((l) => l.page === line.page && l.y < line.y && line.y - l.y <= 2.5 * line.size);
      const under = below?.segments.find((b) => Math.abs(b.x - s.x) <= 4);
      if (under) return under.text;
    }
  }
  const top = lines.filter((l) => l.page === 0 && (!header || header.page !== 0 || l.y > header.y));
  let best: { text: string; size: number; y: number } | undefined;
  for (const line of top) {
    for (const s of line.segments) {
      if (TITLES.test(s.text) || s.text.includes(':') || !/[A-Za-z]{2}/.test(s.text)) continue;
      if (!best || s.size > best.size + 0.5 || (Math.abs(s.size - best.size) <= 0.5 && line.y > best.y)) best = { text: s.text, size: s.size, y: line.y };
    }
  }
  return best?.text ?? null;
}

const NUMBER = String.raw`\s*:?\s*([A-Z0-9][A-Z0-9\-\/.]*[A-Z0-9]|[A-Z0-9])`;
const NUMBER_LABELS = [
  new RegExp(String.raw`(?:\bP\.?\s?O\.?|\bPurchase\s+Order)\s*(?:Number|No\.?|Num\.?|#)` + NUMBER, 'i'),
  new RegExp(String.raw`\bPurchase\s+Order` + String.raw`\s*:\s*([A-Z0-9][A-Z0-9\-\/.]*[A-Z0-9])`, 'i'),
  new RegExp(String.raw`\b(?:Order|Acknowledg(?:e)?ment|Sales\s+Order|SO)\s*(?:Number|No\.?|#)` + NUMBER, 'i'),
];

/** The PO number after 'PO Number:', 'P.O. #:', 'Purchase Order No.' and the like; an order number otherwise. */
export function findNumber(texts: string[]): string | null {
  for (const re of NUMBER_LABELS) {
    for (const text of texts) {
      const m = re.exec(text);
      if (m) return m[1]!;
    }
  }
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4}|\d{1,2} [A-Za-z]{3,9}\.? \d{4})`;
const DATE_LABELS = [
  new RegExp(String.raw`\b(?:PO Date|P\.O\. Date|Order Date|Issue Date|Date Issued|Issued|Date of Order)\s*:?\s*` + DATE, 'i'),
  new RegExp(String.raw`(?<!(?:ship|due|delivery|required|expected|arrival|est\.?|need(?:ed)?(?: by)?)\s*)\bDate\s*:?\s*` + DATE, 'i'),
];

function isoDate(text: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) [y, mo, d] = [+m[3]!, +m[1]!, +m[2]!];
  else if ((m = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(text))) [y, mo, d] = [+m[3]!, MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1, +m[2]!];
  else if ((m = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/.exec(text))) [y, mo, d] = [+m[3]!, MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1, +m[1]!];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** The date the order was issued (ISO), never a ship or due date; US month/day order for 11/02/2026. */
export function findIssueDate(texts: string[]): string | null {
  for (const re of DATE_LABELS) {
    for (const text of texts) {
      const m = re.exec(text);
      const iso = m ? isoDate(m[1]!) : null;
      if (iso) return iso;
    }
  }
  return null;
}

/** The currency the prices are in: stated ('Currency: CAD', 'Prices are in CAD'), or by its sign; USD otherwise. */
export function findCurrency(texts: string[]): string {
  const all = texts.join('\n');
  const stated = /\b(?:currency|prices?(?: are)? in|amounts?(?: are)? in|all (?:prices|amounts)(?: are)? in)\s*:?\s*([A-Z]{3})\b/i.exec(all);
  if (stated) return stated[1]!.toUpperCase();
  if (/\bCA\$|(?:^|\s)C\$|\bCAD\b/.test(all)) return 'CAD';
  if (/€|\bEUR\b/.test(all)) return 'EUR';
  if (/£|\bGBP\b/.test(all)) return 'GBP';
  return 'USD';
}
