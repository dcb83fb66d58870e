import { actor, useCatalog } from './catalog-harness';

/** The bulk import sends its rows with COPY (text format) through a staging table. */
const t = useCatalog();
const http = t.http;

describe('POST /api/projects/{id}/items/bulk through COPY', () => {
  it('stores text with COPY’s special characters exactly (tab, newline, CR, backslash, a literal \\N)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const tricky = ['Tab\there', 'Line\nbreak', 'Carriage\rreturn', 'Back\\slash', '\\N', '\\\\N', 'Ends with backslash\\', '\\t not a tab', 'Quote "and" \'single\'', 'Ünïcödé — 椅子 🪑'];
    const rows = tricky.map((name, i) => ({ name, notes: name, supplier: i % 2 ? null : name, price: '12.50' }));
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: rows });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(tricky);
    const stored = (await http.get(`/api/items?projectId=${p.id}`, ann)).body as { name: string; notes: string; supplier: string | null; price: string }[];
    // Newest first = the file's order.
    expect(stored.map((i) => [i.name, i.notes, i.supplier, i.price])).toEqual(tricky.map((name, i) => [name, name, i % 2 ? null : name, '12.50']));
  });

  it('imports on a connection that imported before only its own rows (the staging table is emptied at commit)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    for (let round = 1; round <= 4; round++) {
      const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: Array.from({ length: 30 }, (_, i) => ({ name: `R${round}-${i}` })) });
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(30);
    }
    const all = (await http.get(`/api/items?projectId=${p.id}&limit=1000`, ann)).body as { name: string }[];
    expect(all).toHaveLength(120);
    expect(new Set(all.map((i) => i.name)).size).toBe(120);
  });

  it('is all or nothing: a row the database refuses after the COPY leaves no item, counter, activity or event behind', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const boom = `Boom ${p.id}`;
    // A constraint only this test's row breaks: the INSERT from the staging table fails after the COPY succeeded.
    const constraint = `test_refuse_${p.id.replace(/-/g, '')}`;
    await t.catalog.db.$executeRawUnsafe(`ALTER TABLE items ADD CONSTRAINT ${constraint} CHECK (name <> '${boom}') NOT VALID`);
    try {
      const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'Fine', status: 'in-transit' }, { name: boom }] });
      expect(res.status).toBe(500);
    } finally {
      await t.catalog.db.$executeRawUnsafe(`ALTER TABLE items DROP CONSTRAINT ${constraint}`);
    }
    expect((await http.get(`/api/items?projectId=${p.id}`, ann)).body).toEqual([]);
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 0, itemsWithoutTracking: 0 });
    const [left] = await t.catalog.db.$queryRaw<{ activities: number; events: number }[]>`
      SELECT (SELECT count(*)::int FROM activities WHERE project_id = ${p.id}::uuid AND type = 'items_imported') AS activities,
             (SELECT count(*)::int FROM outbox_events WHERE payload::text LIKE ${`%${p.id}%`} AND payload::text LIKE '%items.imported%') AS events`;
    expect(left).toEqual({ activities: 0, events: 0 });
    // And the next import on the same project works.
    const again = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'Fine', status: 'in-transit' }] });
    expect(again.status).toBe(200);
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 1 });
  });

  it('imports more rows than one chunk holds in file order, each chunk with the fields its own rows fill', async () => {
    const ann = actor();
    const p = await http.project(ann);
    // 4,500 rows: three chunks of the COPY. Only the middle chunk has notes and received rows; only the last has prices.
    const rows = Array.from({ length: 4_500 }, (_, i) => ({
      name: `Chunked ${i}`,
      ...(i === 0 ? { supplier: 'First only' } : {}),
      ...(i >= 2_000 && i < 4_000 && i % 500 === 0 ? { notes: `note ${i}`, status: 'received' } : {}),
      ...(i >= 4_000 ? { price: '3.50' } : {}),
    }));
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: rows });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBe(0);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(rows.map((r) => r.name));
    const stored = await t.catalog.db.$queryRaw<{ name: string; supplier: string | null; notes: string | null; status: string; price: string | null; has_received_at: boolean }[]>`
      SELECT name, supplier, notes, status, price::text AS price, received_at IS NOT NULL AS has_received_at
      FROM items WHERE project_id = ${p.id}::uuid ORDER BY created_at DESC, id DESC`;
    // Newest first is the file's order, across the chunks' boundaries too.
    expect(stored.map((r) => r.name)).toEqual(rows.map((r) => r.name));
    expect(stored.map((r) => [r.supplier, r.notes, r.status, r.price, r.has_received_at])).toEqual(
      rows.map((r) => [r.supplier ?? null, r.notes ?? null, r.status ?? 'ordered', r.price ? '3.50' : null, r.status === 'received']),
    );
    // The counters saw every chunk: rows 2,000, 2,500, 3,000 and 3,500 were received; the other 4,496 await a tracking number.
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsWithoutTracking: 4_496, receivedThisMonth: 4 });
  });

  it('is all or nothing across chunks: a row refused in the last chunk leaves none of the earlier chunks behind', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const boom = `Boom late ${p.id}`;
    const constraint = `test_refuse_late_${p.id.replace(/-/g, '')}`;
    await t.catalog.db.$executeRawUnsafe(`ALTER TABLE items ADD CONSTRAINT ${constraint} CHECK (name <> '${boom}') NOT VALID`);
    try {
      const rows = Array.from({ length: 4_300 }, (_, i) => ({ name: i === 4_200 ? boom : `Early ${i}` }));
      const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: rows });
      expect(res.status).toBe(500);
    } finally {
      await t.catalog.db.$executeRawUnsafe(`ALTER TABLE items DROP CONSTRAINT ${constraint}`);
    }
    const [left] = await t.catalog.db.$queryRaw<{ items: number }[]>`SELECT count(*)::int AS items FROM items WHERE project_id = ${p.id}::uuid`;
    expect(left).toEqual({ items: 0 });
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsWithoutTracking: 0 });
  });

  it('reports a bad row of a later chunk by its own row number and imports the rest around it', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const rows: Record<string, unknown>[] = Array.from({ length: 4_100 }, (_, i) => ({ name: `Row ${i + 1}` }));
    rows[1] = { name: '' };
    rows[2_500] = { name: 'Bad quantity', quantity: 0 };
    rows[4_099] = { name: 'Bad status', status: 'lost' };
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: rows });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBe(3);
    expect(res.body.errorDetails.map((d: { row: number }) => d.row)).toEqual([2, 2_501, 4_100]);
    expect(res.body.errorDetails[1]).toMatchObject({ item: rows[2_500], error: expect.stringContaining('quantity') });
    const good = rows.filter((_, i) => ![1, 2_500, 4_099].includes(i)).map((r) => r.name);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(good);
    const stored = await t.catalog.db.$queryRaw<{ name: string }[]>`SELECT name FROM items WHERE project_id = ${p.id}::uuid ORDER BY created_at DESC, id DESC`;
    expect(stored.map((r) => r.name)).toEqual(good);
  });
});
