import { STORED_FIELDS, type FieldKind } from './item.fields';
import { trackingJsonOf } from './mappers';
import { Prisma } from './prisma-client';

/** A cell of a page row as Postgres sent it: text, or null. */
export type Cell = string | number | null | undefined;
export type PageRow = Cell[];

/**
 * The items page's columns, read as Postgres's text (no Date, number or object per cell), one per stored
 * field in ITEM_FIELDS' order, then `cursor_at` (created_at as Postgres's own text, to the microsecond: a JS
 * Date keeps only milliseconds, and bulk-imported rows are a microsecond apart). Timestamps as UTC text.
 */
export const PAGE_COLUMNS = Prisma.raw(
  [
    ...STORED_FIELDS.map((f) =>
      f.from ? `${f.from} AS ${f.column}`
      : f.kind === 'instant' ? `(i.${f.column} AT TIME ZONE 'UTC')::text AS ${f.column}`
      : f.kind === 'money' || f.kind === 'json' ? `i.${f.column}::text AS ${f.column}`
      : `i.${f.column}`,
    ),
    'i.created_at::text AS cursor_at',
  ].join(', '),
);
/** Where a page row holds its cursor_at and id. */
export const CURSOR_AT = STORED_FIELDS.length;
export const ID_AT = STORED_FIELDS.findIndex((f) => f.field === 'id');
const TRACKING_NUMBER_AT = STORED_FIELDS.findIndex((f) => f.field === 'trackingNumber');

const str = (v: Cell) => (v === null || v === undefined ? 'null' : JSON.stringify(v));
/** Values that need no escaping (uuids, numeric text). */
const quoted = (v: Cell) => (v === null || v === undefined ? 'null' : `"${v}"`);
const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?$/;
/** UTC text → toISOString's form, milliseconds truncated like a JS Date. */
function isoJson(v: Cell): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v !== 'string') return `"${new Date(v).toISOString()}"`;
  if (!UTC_TEXT.test(v)) return `"${new Date(`${v}Z`).toISOString()}"`;
  return `"${v.slice(0, 10)}T${v.slice(11, 19)}.${(v.slice(20, 23) + '000').slice(0, 3)}Z"`;
}

const VALUE: Record<Exclude<FieldKind, 'carrier' | 'derived'>, (v: Cell) => string> = {
  uuid: quoted,
  text: str,
  status: str,
  int: (v) => String(v),
  // Postgres's text for a boolean is t or f.
  bool: (v) => (v === null || v === undefined ? 'null' : String((v as unknown) === true || v === 't' || v === 'true')),
  instant: isoJson,
  money: quoted,
  // jsonb's text is JSON already.
  json: (v) => (v === null || v === undefined ? 'null' : String(v)),
};

/** One writer per stored field, each writing its `"key":value` member (the carrier's writes the tracking link too). */
const MEMBERS: ((r: PageRow) => string)[] = STORED_FIELDS.map((f, at) => {
  const sep = at === 0 ? '' : ',';
  if (f.kind === 'carrier') return (r) => `${sep}${trackingJsonOf((r[TRACKING_NUMBER_AT] ?? null) as string | null, (r[at] ?? null) as string | null)}`;
  const value = VALUE[f.kind as keyof typeof VALUE];
  const key = `${sep}"${f.field}":`;
  return (r) => key + value(r[at]);
});

/**
 * The page's JSON array, written from the rows' text straight into JSON, member by member in toItem's order
 * (the items test compares both), instead of a Date per timestamp, an Item object per row and a
 * JSON.stringify of the page.
 */
export function itemsJson(rows: PageRow[]): string {
  let out = '[';
  for (let n = 0; n < rows.length; n++) {
    const r = rows[n]!;
    out += n ? ',{' : '{';
    for (const member of MEMBERS) out += member(r);
    out += '}';
  }
  return out + ']';
}
