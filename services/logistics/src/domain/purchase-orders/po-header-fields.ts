import type { Line, Segment } from './po-layout';

const TITLES = /^(purchase order|order acknowledg(?:e)?ment|acknowledg(?:e)?ment|packing (?:list|slip)|invoice|sales order|quotation|quote|po)\b/i;
/** The issuer's block: 'Vendor:', 'From:', 'Supplier', 'Sold by', 'Remit to' (a heading alone, or with its value after ':'). */
const VENDOR_LABEL = /^(?:vendor|supplier|sold by|seller|from|remit to)(?:\s*:\s*(.*)|\s*)$/i;
/** The buyer's blocks: never the vendor, whatever their size or place. */
const BUYER_LABEL = /^(?:bill(?:ed)? to|ship(?:ped)? to|sold to|deliver(?:ed)? to|invoice to|buyer|customer|purchaser)(?:\s*:\s*(.*)|\s*)$/i;
const isLabel = (text: string) => VENDOR_LABEL.test(text) || BUYER_LABEL.test(text);

/** The lines of a labelled block: the label's own value, the segment after it on its line, and the lines under it. */
function blockOf(lines: Line[], i: number, j: number): Segment[] {
  const line = lines[i]!;
  const label = line.segments[j]!;
  const out: Segment[] = [];
  const next = line.segments[j + 1];
  if (next && !isLabel(next.text)) out.push(next);
  let y = line.y;
  let size = line.size;
  for (const below of lines.slice(i + 1)) {
    if (below.page !== line.page || y - below.y > 2.5 * Math.max(size, below.size)) break;
    if (below.y >= y) continue;
    const under = below.segments.find((b) => Math.abs(b.x - label.x) <= 4);
    if (!under || isLabel(under.text)) break;
    out.push(under);
    [y, size] = [below.y, below.size];
    if (out.length >= 6) break;
  }
  return out;
}

/**
 * The vendor, the document's issuer: the value of a block labelled 'Vendor:', 'From:', 'Supplier', 'Sold by' or
 * 'Remit to' (on its line or just below it); else the letterhead, the largest text above the table on the first page
 * that is not the document's title, a label, or in a buyer's block ('Bill To', 'Ship To', 'Sold To', 'Deliver To').
 */
export function findVendor(lines: Line[], header: Line | undefined): string | null {
  const buyers = new Set<Segment>();
  for (const [i, line] of lines.entries()) {
    for (const [j, s] of line.segments.entries()) {
      const vendor = VENDOR_LABEL.exec(s.text);
      if (vendor) {
        if (vendor[1]?.trim()) return vendor[1].trim();
        const first = blockOf(lines, i, j)[0];
        if (first) return first.text;
      }
      if (BUYER_LABEL.test(s.text)) for (const b of blockOf(lines, i, j)) buyers.add(b);
    }
  }
  const top = lines.filter((l) => l.page === 0 && (!header || header.page !== 0 || l.y > header.y));
  let best: { text: string; size: number; y: number } | undefined;
  for (const line of top) {
    for (const s of line.segments) {
      if (TITLES.test(s.text) || isLabel(s.text) || buyers.has(s) || s.text.includes(':') || !/[A-Za-z]{2}/.test(s.text)) continue;
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
