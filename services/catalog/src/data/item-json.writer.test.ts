import { itemsJson, PAGE_COLUMNS, CURSOR_AT, ID_AT, type PageRow } from './item-json.writer';
import { STORED_FIELDS } from './item.fields';
import { toItem } from './mappers';

/** A page row as Postgres sends it (text per column, UTC text for instants), and the same row as an object. */
function row(values: Record<string, string | null>): { page: PageRow; object: Record<string, unknown> } {
  const page = STORED_FIELDS.map((f) => values[f.column] ?? null) as PageRow;
  page.push('2026-01-02 03:04:05.123456+00');
  const object = Object.fromEntries(
    STORED_FIELDS.map((f) => {
      const v = values[f.column] ?? null;
      return [f.column, f.kind === 'int' && v !== null ? Number(v) : f.kind === 'instant' && v !== null ? `${v.replace(' ', 'T')}Z` : v];
    }),
  );
  return { page, object };
}

const full = row({
  id: '7b0c1f2e-8d6a-4c33-9a71-2f1f3c1e0a11',
  project_id: '0e3e2b1c-5a4d-4f6e-8b7a-9c0d1e2f3a4b',
  product_variant_id: null,
  name: 'Tab\there "quoted" \\ Ünïcödé',
  supplier: 'Maker',
  product_url: null,
  quantity: '3',
  schedule_number: 'S-1',
  tracking_number: '1Z999AA10123456784',
  carrier_id: null,
  status: 'in-transit',
  notes: 'line\nbreak',
  photo_url: null,
  received_at: '2026-01-02 03:04:05.123456',
  delivered_at: null,
  sku_code: null,
  collection: null,
  designer: null,
  finish: null,
  material: null,
  room_location: 'Hall',
  special_instructions: null,
  price: '12.50',
  estimated_price: null,
  created_at: '2026-01-02 03:04:05.123456',
  updated_at: '2026-01-02 03:04:05',
  project_name: 'Lakeview',
  client_name: 'Ms Client',
});

describe('itemsJson: the items page written from Postgres’s text', () => {
  it('writes each row as toItem answers it, key for key and byte for byte', () => {
    expect(itemsJson([full.page])).toBe(JSON.stringify([toItem(full.object)]));
  });

  it('writes an empty page and several rows as JSON arrays', () => {
    expect(itemsJson([])).toBe('[]');
    expect(JSON.parse(itemsJson([full.page, full.page]))).toHaveLength(2);
  });

  it('selects one column per stored field, then the cursor’s', () => {
    const columns = PAGE_COLUMNS.text.split(', ');
    expect(columns).toHaveLength(STORED_FIELDS.length + 1);
    expect(CURSOR_AT).toBe(STORED_FIELDS.length);
    expect(columns[CURSOR_AT]).toBe('i.created_at::text AS cursor_at');
    expect(full.page[ID_AT]).toBe('7b0c1f2e-8d6a-4c33-9a71-2f1f3c1e0a11');
  });
});
