/**
 * The CSV rules, as pure functions over the rows papaparse produced (the dialog loads papaparse
 * only when it opens). Header names are case-insensitive, spaces and dashes read as underscores.
 */

/** A parsed row, as the bulk endpoint takes it (the create body's names). */
export interface ImportRow {
  name: string;
  supplier?: string;
  quantity?: number;
  price?: string;
  scheduleNumber?: string;
  trackingNumber?: string;
  notes?: string;
  productUrl?: string;
}

type Field = 'name' | 'supplier' | 'quantity' | 'price' | 'scheduleNumber' | 'trackingNumber' | 'notes' | 'productUrl';

/** The alias table: the field's own name first, then its aliases. */
export const HEADER_ALIASES: Record<Field, readonly string[]> = {
  name: ['name', 'item', 'item_name', 'product_name'],
  supplier: ['supplier', 'vendor', 'manufacturer'],
  quantity: ['quantity', 'qty', 'amount'],
  price: ['price', 'cost', 'unit_price', 'amount'],
  scheduleNumber: ['schedule_number', 'schedule', 'po_number', 'order_number'],
  trackingNumber: ['tracking_number', 'tracking', 'tracking_id'],
  notes: ['notes', 'description', 'comments'],
  productUrl: ['product_url', 'url', 'link', 'product_link'],
};

export const MESSAGES = {
  pdf: 'PDF parsing is not yet implemented. Please use CSV format or convert your PDF to CSV.',
  unsupported: 'Unsupported file format. Please use CSV files.',
  tooShort: 'CSV must have at least a header row and one data row',
  noName: "CSV must contain a 'name' or 'item' column",
  noProject: 'Please select a project',
  noItems: 'No items to import',
  parseFailed: 'Failed to parse file. Please check the format.',
  importFailed: 'Failed to import items',
} as const;

export const PREVIEW_ROWS = 10;

export const TEMPLATE_CSV = [
  'name,supplier,quantity,price,schedule_number,tracking_number,notes,product_url',
  'Boucle lounge chair,Studio Supply,2,1249.00,FF-101,1Z999AA10123456784,Living room,https://example.com/boucle-chair',
  'Walnut side table,Woodworks,1,$389.50,FF-102,,Left of sofa,',
].join('\n');

/** What kind of file was chosen: only .csv is read. */
export function fileKind(file: Pick<File, 'name' | 'type'>): 'csv' | 'pdf' | 'other' {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  if (name.endsWith('.pdf') || file.type === 'application/pdf') return 'pdf';
  return 'other';
}

const normalise = (header: string) => header.trim().replace(/^["']|["']$/g, '').trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * Which column holds each field. A field's own name wins over its aliases. `amount` counts as price unless
 * the file has another price column (price, cost, unit_price); then it is the quantity (if none other is).
 */
export function mapColumns(headers: readonly string[]): Partial<Record<Field, number>> {
  const names = headers.map(normalise);
  const find = (aliases: readonly string[]) => {
    for (const alias of aliases) {
      const i = names.indexOf(alias);
      if (i >= 0) return i;
    }
    return -1;
  };
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(HEADER_ALIASES) as Field[]) {
    if (field === 'quantity' || field === 'price') continue;
    const i = find(HEADER_ALIASES[field]);
    if (i >= 0) columns[field] = i;
  }
  const otherPrice = find(HEADER_ALIASES.price.filter((a) => a !== 'amount'));
  const otherQuantity = find(HEADER_ALIASES.quantity.filter((a) => a !== 'amount'));
  const amount = names.indexOf('amount');
  if (otherPrice >= 0) columns.price = otherPrice;
  else if (amount >= 0) columns.price = amount;
  if (otherQuantity >= 0) columns.quantity = otherQuantity;
  else if (amount >= 0 && otherPrice >= 0) columns.quantity = amount;
  return columns;
}

const unquote = (v: string | undefined) => (v ?? '').trim().replace(/^"(.*)"$/s, '$1').replace(/^'(.*)'$/s, '$1').trim();

/** Quantity only when a whole number above 0. */
export function readQuantity(v: string): number | undefined {
  return /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

/** Price with $ and thousands commas stripped, only when a number of 0 or more. */
export function readPrice(v: string): string | undefined {
  const s = v.replace(/[$,]/g, '').trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? s : undefined;
}

/** A value of the file the import cannot keep: a quantity that is not a whole number above 0, a price below 0 or not a number. */
export interface DroppedValue {
  /** The row in the file (its header is row 1), as a spreadsheet numbers it. */
  row: number;
  name: string;
  field: 'quantity' | 'price';
  value: string;
}

export type ReadResult =
  | {
      ok: true;
      items: ImportRow[];
      /** Each item's row in the file (header = row 1). */
      rows: number[];
      /** Rows with cells but no name: not imported. */
      skipped: number[];
      dropped: DroppedValue[];
    }
  | { ok: false; message: string };

/**
 * The records of a parsed CSV (header first, blank lines included or not) as items: rows without a name are
 * skipped, empty cells left out, and what is not imported is said — the skipped rows and the values left
 * behind — with the file's row numbers, so the preview can show them before anything is imported.
 */
export function rowsToItems(rows: readonly (readonly string[])[]): ReadResult {
  const nonEmpty = rows.map((r, i) => ({ r, row: i + 1 })).filter(({ r }) => r.some((c) => String(c ?? '').trim() !== ''));
  if (nonEmpty.length < 2) return { ok: false, message: MESSAGES.tooShort };
  const [header, ...data] = nonEmpty;
  const columns = mapColumns(header!.r);
  if (columns.name === undefined) return { ok: false, message: MESSAGES.noName };
  const items: ImportRow[] = [];
  const itemRows: number[] = [];
  const skipped: number[] = [];
  const dropped: DroppedValue[] = [];
  for (const { r, row } of data) {
    const cell = (field: Field) => (columns[field] === undefined ? '' : unquote(r[columns[field]!]));
    const name = cell('name');
    if (!name) {
      skipped.push(row);
      continue;
    }
    const item: ImportRow = { name };
    for (const field of ['supplier', 'scheduleNumber', 'trackingNumber', 'notes', 'productUrl'] as const) {
      const v = cell(field);
      if (v) item[field] = v;
    }
    const quantity = readQuantity(cell('quantity'));
    if (quantity !== undefined) item.quantity = quantity;
    else if (cell('quantity')) dropped.push({ row, name, field: 'quantity', value: cell('quantity') });
    const price = readPrice(cell('price'));
    if (price !== undefined) item.price = price;
    else if (cell('price')) dropped.push({ row, name, field: 'price', value: cell('price') });
    items.push(item);
    itemRows.push(row);
  }
  return { ok: true, items, rows: itemRows, skipped, dropped };
}

/** What the preview says about the rows without a name. */
export function skippedMessage(rows: readonly number[]): string {
  const n = rows.length;
  return `${n} row${n === 1 ? '' : 's'} without a name will be skipped: row${n === 1 ? '' : 's'} ${rows.join(', ')}`;
}

/** What the preview says about a value the import cannot keep, and what the item gets instead. */
export function droppedMessage(d: DroppedValue): string {
  return d.field === 'quantity'
    ? `Row ${d.row} (${d.name}): quantity "${d.value}" is not a whole number of at least 1, so the item gets quantity 1`
    : `Row ${d.row} (${d.name}): price "${d.value}" is not an amount of 0 or more, so the item gets no price`;
}

/** The error count, then one line per item the server refused. */
export function importErrorMessage(errors: number, details: readonly { row?: number; item: unknown; error: string }[]): string {
  const lines = details.map((d) => {
    const name = d.item && typeof d.item === 'object' && 'name' in d.item ? String((d.item as { name: unknown }).name) : '';
    return `Row ${d.row ?? '?'}${name ? ` (${name})` : ''}: ${d.error}`;
  });
  return [`${errors} item${errors === 1 ? '' : 's'} could not be imported:`, ...lines].join('\n');
}
