import { fromCents, sumMoney, toCents } from '@midway/contracts/money';
import type { TextPage } from './pdf-text';
import { PdfReadCancelledError, PdfReaderBusyError, PdfTooComplexError, PdfTooManyPagesError, startPdfReader, type PdfTextReader } from './pdf-reading.pool';
import { toLines, type Line, type Segment } from './po-layout';
import { extend, parseMoney, parseQuantity } from './po-amounts';
import { findCurrency, findIssueDate, findNumber, findVendor } from './po-header-fields';

export const NO_TEXT_LAYER_MESSAGE =
  "This PDF has no text to read (it looks scanned). Export it from the vendor's system as a PDF with text, or use CSV.";
export const NO_TABLE_MESSAGE =
  'No table of items was found in this PDF (a header row with Qty and Description columns). Use CSV for this document.';

/** A PDF that cannot become a purchase order; the message is the answer's, word for word. */
export class UnreadablePurchaseOrderError extends Error {}

export interface ParsedLine {
  lineRef: string;
  name: string;
  sku: string | null;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  finish?: string;
  notes?: string;
}

export interface ParsedTracking {
  trackingNumber: string;
  lineRefs: string[];
}

export interface ParsedPurchaseOrder {
  vendor: string | null;
  number: string | null;
  issueDate: string | null;
  currencyCode: string;
  lines: ParsedLine[];
  subtotalAmount: string;
  taxAmount: string;
  shippingAmount: string;
  totalAmount: string;
  warnings: string[];
  tracking: ParsedTracking[];
}

type Column = 'quantity' | 'description' | 'sku' | 'unitPrice' | 'lineTotal' | 'finish' | 'lineRef' | 'tracking' | 'notes';

// Header words vendors use for each column; a cell must be the whole header, so 'Item #' is the SKU and 'Item' the
// description.
const HEADERS: [Column, RegExp][] = [
  ['quantity', /^(qty\.?|quantity|qty\.? ordered|quantity ordered|ordered|qty\.? shipped|quantity shipped|shipped)$/i],
  ['description', /^(description|item description|item|items|product|product description|product name|item name)$/i],
  ['sku', /^(sku|item ?#|item no\.?|item number|model|model ?#|model no\.?|part ?#|part no\.?|style ?#|catalog ?#)$/i],
  ['unitPrice', /^(unit price|price|rate|unit cost|price each|price ea\.?)$/i],
  ['lineTotal', /^(amount|total|ext\.?|ext\.? price|extended|extended price|line total|ext\.? amount)$/i],
  ['finish', /^(finish|finish\s*\/\s*colou?r|colou?r)$/i],
  ['lineRef', /^(line|ln|#|line #|line no\.?)$/i],
  ['tracking', /^(tracking|tracking ?#|tracking no\.?|tracking number)$/i],
  ['notes', /^(notes?|remarks?|comments?)$/i],
];

interface HeaderColumn {
  column: Column;
  x: number;
  end: number;
}

function readHeader(line: Line): HeaderColumn[] | undefined {
  const found: HeaderColumn[] = [];
  for (const s of line.segments) {
    const hit = HEADERS.find(([, re]) => re.test(s.text));
    if (hit && !found.some((f) => f.column === hit[0])) found.push({ column: hit[0], x: s.x, end: s.end });
  }
  const has = (c: Column) => found.some((f) => f.column === c);
  // A packing list prints no prices, but its tracking numbers are what it is for.
  const enough = has('quantity') && has('description') && (has('unitPrice') || has('lineTotal') || has('tracking'));
  return enough && found.length >= line.segments.length * 0.6 ? found : undefined;
}

/**
 * The column a cell belongs to: the column it overlaps most, else the nearest one. A column's extent is its header's
 * widened by the cells of the rows read so far, so a wrapped word at the left edge of a wide column whose header is
 * centred still falls in it.
 */
function columnOf(s: Segment, header: HeaderColumn[]): Column {
  let best: HeaderColumn | undefined;
  let bestOverlap = 0;
  for (const h of header) {
    const overlap = Math.min(s.end, h.end) - Math.max(s.x, h.x);
    if (overlap > bestOverlap) [best, bestOverlap] = [h, overlap];
  }
  if (best) return best.column;
  // Text is left-aligned, and a column's header starts at or after the column's left edge (centred headers well
  // after it): text that overlaps no header belongs to the first header to its right, past the previous one's end.
  if (parseMoney(s.text) === undefined && parseQuantity(s.text) === undefined) {
    const sorted = [...header].sort((a, b) => a.x - b.x);
    const k = sorted.findIndex((h) => h.x >= s.x);
    if (k >= 0 && (k === 0 || sorted[k - 1]!.end <= s.x)) return sorted[k]!.column;
  }
  // A figure (right-aligned under its header) or text past the last header: the nearest column.
  let nearest = header[0]!;
  let distance = Infinity;
  for (const h of header) {
    const d = Math.max(h.x - s.end, s.x - h.end);
    if (d < distance) [nearest, distance] = [h, d];
  }
  return nearest.column;
}

const TOTAL_LABELS: ['subtotal' | 'tax' | 'shipping' | 'total', RegExp][] = [
  ['subtotal', /^(sub-?\s?total|merchandise total|items total)\b\s*:?/i],
  ['tax', /^(sales tax|tax|gst|hst|pst|qst|vat)\b[^:\d$]*(?:\([^)]*\))?\s*:?/i],
  ['shipping', /^(shipping\s*(?:&|and)\s*handling|shipping|freight|delivery|s&h)\b\s*:?/i],
  ['total', /^(grand total|order total|total due|amount due|balance due|total)\b\s*(?:\([A-Z]{3}\))?\s*:?/i],
];

interface TotalsFound {
  subtotal?: string;
  tax: string[];
  shipping: string[];
  total?: string;
}

/** A totals line ('Subtotal  $1,250.00', 'GST (5%): 62.50'): its kind and amount, else undefined. */
function readTotal(line: Line): { kind: 'subtotal' | 'tax' | 'shipping' | 'total'; amount: string } | undefined {
  for (let i = 0; i < line.segments.length; i++) {
    const text = line.segments[i]!.text;
    for (const [kind, re] of TOTAL_LABELS) {
      const m = re.exec(text);
      if (!m) continue;
      const rest = [text.slice(m[0].length), ...line.segments.slice(i + 1).map((s) => s.text)].join(' ').trim();
      const amount = lastAmount(rest);
      if (amount !== undefined) return { kind, amount };
    }
  }
  return undefined;
}

function lastAmount(text: string): string | undefined {
  const words = text.split(' ').filter(Boolean);
  for (let n = 1; n <= Math.min(3, words.length); n++) {
    const amount = parseMoney(words.slice(words.length - n).join(' '));
    if (amount !== undefined) return amount;
  }
  return undefined;
}

interface BodyLine {
  page: number;
  y: number;
  size: number;
  cells: Partial<Record<Column, string>>;
  primary: boolean;
}

const TEXT_COLUMNS: Column[] = ['description', 'sku', 'finish', 'notes'];

const priced = (header: HeaderColumn[]) => header.some((h) => h.column === 'unitPrice' || h.column === 'lineTotal');

function joinParts(parts: string[], glue: (prev: string) => string): string {
  let out = '';
  for (const p of parts) out = out === '' ? p : out + glue(out) + p;
  return out.replace(/\s+/g, ' ').trim();
}

/** Reads a purchase order or order acknowledgement from the text of its pages (see readPurchaseOrder). */
export function parsePurchaseOrder(pages: TextPage[]): ParsedPurchaseOrder {
  const lines = toLines(pages);
  if (lines.length === 0) throw new UnreadablePurchaseOrderError(NO_TEXT_LAYER_MESSAGE);

  let header: HeaderColumn[] | undefined;
  let extents: HeaderColumn[] | undefined;
  let headerIndex = -1;
  let state: 'before' | 'in' | 'paused' | 'after' = 'before';
  const body: BodyLine[] = [];
  const outside: Line[] = [];
  const afterTable: Line[] = [];
  let lastBody: { page: number; y: number } | undefined;

  lines.forEach((line, index) => {
    if (state === 'before') {
      header = readHeader(line);
      if (header) [state, headerIndex, extents] = ['in', index, header.map((h) => ({ ...h }))];
      else outside.push(line);
      return;
    }
    if (state === 'after') {
      afterTable.push(line);
      outside.push(line);
      return;
    }
    // A table over pages repeats its header: the lines above the repeat are the page's letterhead, not items.
    if (readHeader(line)) {
      state = 'in';
      lastBody = { page: line.page, y: line.y };
      return;
    }
    if (lastBody && line.page !== lastBody.page && state === 'in') state = 'paused';
    if (readTotal(line)) {
      state = 'after';
      afterTable.push(line);
      outside.push(line);
      return;
    }
    const cells: Partial<Record<Column, string>> = {};
    for (const s of line.segments) {
      const c = columnOf(s, extents!);
      cells[c] = cells[c] ? `${cells[c]} ${s.text}` : s.text;
    }
    const quantity = cells.quantity !== undefined ? parseQuantity(cells.quantity) : undefined;
    const price = [cells.unitPrice, cells.lineTotal].some((v) => v !== undefined && parseMoney(v) !== undefined);
    const primary = quantity !== undefined && (priced(extents!) ? price : !!(cells.description || cells.sku));
    if (primary) {
      for (const seg of line.segments) {
        const c = extents!.find((h) => h.column === columnOf(seg, extents!))!;
        c.x = Math.min(c.x, seg.x);
        c.end = Math.max(c.end, seg.end);
      }
    }
    if (state === 'paused') {
      // A continued table without its header still has full rows; anything else is page furniture.
      if (!primary) return outside.push(line), undefined;
      state = 'in';
    }
    if (!primary) {
      const onlyText = Object.keys(cells).every((c) => TEXT_COLUMNS.includes(c as Column));
      const near = lastBody && lastBody.page === line.page && lastBody.y - line.y <= 2.6 * line.size;
      // A footer ('Page 1 of 3') or a note far below the rows is not part of a description.
      if (!onlyText || (!near && body.length > 0 && body.some((b) => b.primary))) return outside.push(line), undefined;
    }
    body.push({ page: line.page, y: line.y, size: line.size, cells, primary });
    lastBody = { page: line.page, y: line.y };
  });

  if (!header) throw new UnreadablePurchaseOrderError(NO_TABLE_MESSAGE);
  void headerIndex;

  // Rows: a description that wraps has lines without figures. Printed with the figures on its first line (the
  // usual), those lines follow their row; printed vertically centred (an HTML table's default), some come before
  // the figures, so each goes to the nearest row.
  const primaries = body.filter((b) => b.primary);
  const centred = body.length > 0 && !body[0]!.primary;
  const parts = new Map<BodyLine, BodyLine[]>(primaries.map((p) => [p, [p]]));
  body.forEach((b, i) => {
    if (b.primary) return;
    let owner: BodyLine | undefined;
    if (centred) {
      const samePage = primaries.filter((p) => p.page === b.page);
      owner = (samePage.length ? samePage : primaries).reduce<BodyLine | undefined>(
        (best, p) => (!best || Math.abs(p.y - b.y) < Math.abs(best.y - b.y) ? p : best),
        undefined,
      );
    } else {
      owner = body.slice(0, i).reverse().find((p) => p.primary) ?? primaries[0];
    }
    if (owner) parts.get(owner)!.push(b);
  });

  // A document with some pages scanned: what those pages print is not read, and the answer says so.
  const warnings: string[] = pages.flatMap((p, i) => (p.drawnWithoutText ? [`Page ${i + 1} has no text layer (scanned?); its lines were not read.`] : []));
  const tracking = new Map<string, string[]>();
  const parsedLines: ParsedLine[] = primaries.map((p, index) => {
    const rowLines = parts.get(p)!.sort((a, b) => a.page - b.page || b.y - a.y);
    // A line that breaks after a word's own hyphen ('hand-' / 'rubbed') joins without a space.
    const text = (c: Column) => joinParts(rowLines.map((r) => r.cells[c]).filter((v): v is string => !!v), (prev) => (/[A-Za-z]-$/.test(prev) ? '' : ' '));
    const sku = joinParts(rowLines.map((r) => r.cells.sku).filter((v): v is string => !!v), (prev) => (/[-/]$/.test(prev) ? '' : ' '));
    const lineRef = p.cells.lineRef?.replace(/\.$/, '') || String(index + 1);
    const quantity = parseQuantity(p.cells.quantity!)!;
    const printedUnit = p.cells.unitPrice !== undefined ? parseMoney(p.cells.unitPrice) : undefined;
    const printedTotal = p.cells.lineTotal !== undefined ? parseMoney(p.cells.lineTotal) : undefined;
    let unitPrice = printedUnit;
    if (unitPrice === undefined && printedTotal === undefined) {
      unitPrice = '0.00';
    } else if (unitPrice === undefined) {
      const cents = toCents(printedTotal!);
      const scaled = BigInt(Math.round(quantity * 1000));
      unitPrice = fromCents(scaled === 0n ? 0n : (cents * 1000n) / scaled);
      if (extend(quantity, unitPrice) !== printedTotal) warnings.push(`Line ${lineRef}: no unit price is printed; ${unitPrice} is its amount divided by its quantity, rounded down.`);
    }
    const extended = extend(quantity, unitPrice);
    const lineTotal = printedTotal ?? extended;
    if (printedTotal !== undefined && printedUnit !== undefined && extended !== printedTotal) {
      warnings.push(`Line ${lineRef}: ${quantity} × ${printedUnit} is ${extended}, but ${printedTotal} is printed; kept as printed.`);
    }
    const trackingText = text('tracking');
    for (const number of trackingText.split(/[\s,;]+/).filter((t) => /^[A-Z0-9]{8,}$/i.test(t))) {
      tracking.set(number, [...(tracking.get(number) ?? []), lineRef]);
    }
    const line: ParsedLine = { lineRef, name: text('description'), sku: sku || null, quantity, unitPrice, lineTotal };
    const finish = text('finish');
    if (finish) line.finish = finish;
    const notes = text('notes');
    if (notes) line.notes = notes;
    return line;
  });
  if (parsedLines.length === 0) throw new UnreadablePurchaseOrderError(NO_TABLE_MESSAGE);

  const totals: TotalsFound = { tax: [], shipping: [] };
  for (const line of afterTable) {
    const t = readTotal(line);
    if (!t) continue;
    if (t.kind === 'subtotal') totals.subtotal ??= t.amount;
    else if (t.kind === 'total') totals.total ??= t.amount;
    else totals[t.kind].push(t.amount);
  }

  // Tracking printed outside the table ('Tracking #: 1Z…') ships every line of the acknowledgement.
  for (const line of outside) {
    const m = /\btracking\s*(?:#|no\.?|number)?\s*:?\s*((?:[A-Z0-9]{8,}[\s,;]*)+)/i.exec(line.text);
    if (!m) continue;
    for (const number of m[1]!.split(/[\s,;]+/).filter((t) => /^[A-Z0-9]{8,}$/i.test(t) && /\d/.test(t))) {
      if (!tracking.has(number)) tracking.set(number, parsedLines.map((l) => l.lineRef));
    }
  }

  if (!priced(header)) warnings.push('No prices are printed (a packing list): its lines read as 0.00.');
  const linesSum = sumMoney(parsedLines.map((l) => l.lineTotal));
  const subtotalAmount = totals.subtotal ?? linesSum;
  if (totals.subtotal !== undefined && totals.subtotal !== linesSum) {
    warnings.push(`The lines add up to ${linesSum}, not the printed subtotal ${totals.subtotal}; the lines are kept as printed.`);
  }
  const taxAmount = sumMoney(totals.tax);
  const shippingAmount = sumMoney(totals.shipping);
  const computedTotal = sumMoney([subtotalAmount, taxAmount, shippingAmount]);
  const totalAmount = totals.total ?? computedTotal;
  if (totals.total !== undefined && totals.total !== computedTotal) {
    warnings.push(`The printed total ${totals.total} is not subtotal + tax + shipping (${computedTotal}); kept as printed.`);
  }

  const allText = lines.map((l) => l.text);
  const currencyCode = findCurrency(allText);
  if (currencyCode !== 'USD') warnings.push(`Prices are in ${currencyCode}`);
  const headerLine = lines[headerIndex];

  return {
    vendor: findVendor(outside, headerLine),
    number: findNumber(outside.map((l) => l.text)),
    issueDate: findIssueDate(outside.map((l) => l.text)),
    currencyCode,
    lines: parsedLines,
    subtotalAmount,
    taxAmount,
    shippingAmount,
    totalAmount,
    warnings,
    tracking: [...tracking].map(([trackingNumber, lineRefs]) => ({ trackingNumber, lineRefs })),
  };
}

let shared: PdfTextReader | undefined;
/** A pool with the default limits, for callers outside the service (the corpus, the bench); its idle threads hold nothing. */
const sharedReader = () => (shared ??= startPdfReader());

/**
 * Reads a vendor's PDF in `reader`'s worker threads; throws UnreadablePurchaseOrderError (its message for the answer)
 * when it cannot, PdfReaderBusyError when every reader is busy, PdfReadCancelledError when `signal` aborted it.
 */
export async function readPurchaseOrder(bytes: Uint8Array, reader: PdfTextReader = sharedReader(), signal?: AbortSignal): Promise<ParsedPurchaseOrder> {
  let pages: TextPage[];
  try {
    pages = await reader.read(bytes, signal);
  } catch (e) {
    if (e instanceof PdfTooManyPagesError) {
      throw new UnreadablePurchaseOrderError(`This PDF has ${e.pageCount.toLocaleString('en-US')} pages; a purchase order is read only up to ${e.maxPages} pages. Upload the order on its own, or use CSV.`);
    }
    if (e instanceof PdfTooComplexError) {
      throw new UnreadablePurchaseOrderError(`This PDF is too complex to read (it ${e.limit === 'time' ? 'took too long' : 'needed too much memory'}). Export it again from the vendor's system, or use CSV.`);
    }
    if (e instanceof PdfReaderBusyError || e instanceof PdfReadCancelledError) throw e;
    throw new UnreadablePurchaseOrderError('This file could not be read as a PDF. Export it again from the vendor\'s system, or use CSV.');
  }
  return parsePurchaseOrder(pages);
}
