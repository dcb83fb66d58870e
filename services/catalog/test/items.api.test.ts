import { actor, useCatalog, type Actor } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('POST /api/projects/{id}/items', () => {
  it('creates an item with every field of the spec, quantity 1 and status ordered by default', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/items`, ann, {
      name: ' Eames lounge chair ',
      supplier: 'Herman Miller',
      trackingNumber: '1Z999AA10123456784',
      carrierId: 'ups',
      productUrl: 'https://example.com/eames',
      notes: 'Handle with care',
      scheduleNumber: 'FF-12',
      skuCode: 'EAM-001',
      collection: 'Classics',
      designer: 'Charles & Ray Eames',
      finish: 'Walnut',
      material: 'Leather',
      roomLocation: 'Living room',
      specialInstructions: 'White glove',
      price: 6495,
      estimatedPrice: '6000.5',
      supplierExtra: 'ignored',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Eames lounge chair',
      quantity: 1,
      status: 'ordered',
      price: '6495.00',
      estimatedPrice: '6000.50',
      projectName: p.name,
      clientName: 'Jordan Park',
      productVariantId: expect.any(String),
      receivedAt: null,
      deliveredAt: null,
    });
    expect(res.body).not.toHaveProperty('supplierExtra');
  });

  it('says "Item name is required" and checks quantity, price and URL', async () => {
    const ann = actor();
    const p = await http.project(ann);
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: '  ' })).body.message).toBe('Item name is required');
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'x', quantity: 0 })).body.message).toBe('quantity must be a whole number of at least 1');
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'x', quantity: 1.5 })).status).toBe(400);
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'x', price: -1 })).body.message).toBe('price must be 0 or more');
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'x', productUrl: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('links a SKU only within the caller’s own catalogue', async () => {
    const ann = actor();
    const bob = actor();
    const pa = await http.project(ann);
    const pb = await http.project(bob);
    const a1 = await http.item(ann, pa.id, { skuCode: 'SKU-1' });
    const a2 = await http.item(ann, pa.id, { skuCode: 'SKU-1' });
    const b1 = await http.item(bob, pb.id, { skuCode: 'SKU-1' });
    expect(a2.productVariantId).toBe(a1.productVariantId);
    expect(b1.productVariantId).not.toBe(a1.productVariantId);
  });

  it('relinks an item when its SKU is edited, and unlinks it when the SKU is cleared', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const lamp = await http.item(ann, p.id, { name: 'Lamp', skuCode: 'L-1' });
    const other = await http.item(ann, p.id, { name: 'Other lamp', skuCode: 'L-2' });
    const plain = await http.item(ann, p.id, { name: 'Plain' });
    expect((await http.put(`/api/items/${lamp.id}`, ann, { skuCode: 'L-2' })).body.productVariantId).toBe(other.productVariantId);
    const linked = (await http.put(`/api/items/${plain.id}`, ann, { skuCode: 'L-3' })).body;
    expect(linked.productVariantId).not.toBeNull();
    expect((await http.item(ann, p.id, { name: 'Third', skuCode: 'L-3' })).productVariantId).toBe(linked.productVariantId);
    const cleared = (await http.put(`/api/items/${lamp.id}`, ann, { skuCode: '' })).body;
    expect([cleared.skuCode, cleared.productVariantId]).toEqual([null, null]);
  });
});

describe('status changes', () => {
  it('accepts shipped as in-transit, stamps receivedAt and deliveredAt, and keeps them when leaving', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const item = await http.item(ann, p.id);
    expect((await http.put(`/api/items/${item.id}/status`, ann, { status: 'shipped' })).body.status).toBe('in-transit');
    const received = (await http.put(`/api/items/${item.id}/status`, ann, { status: 'received' })).body;
    expect(received.receivedAt).not.toBeNull();
    const delivered = (await http.put(`/api/items/${item.id}/status`, ann, { status: 'delivered' })).body;
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.receivedAt).toBe(received.receivedAt);
    const back = (await http.put(`/api/items/${item.id}/status`, ann, { status: 'stored' })).body;
    expect(back).toMatchObject({ status: 'stored', receivedAt: received.receivedAt, deliveredAt: delivered.deliveredAt });
    expect((await http.put(`/api/items/${item.id}/status`, ann, { status: 'lost' })).status).toBe(400);
  });

  it('PUT /api/items/{id} edits fields, clears emptied ones, and can change status too', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const item = await http.item(ann, p.id, { notes: 'old', price: 10 });
    const res = await http.put(`/api/items/${item.id}`, ann, { name: 'Renamed', notes: '', price: 12.5, quantity: 3, status: 'received' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', notes: null, price: '12.50', quantity: 3, status: 'received', supplier: 'Gus Modern' });
    expect(res.body.receivedAt).not.toBeNull();
    expect((await http.put(`/api/items/${item.id}`, ann, { name: '' })).body.message).toBe('Item name is required');
  });
});

describe('DELETE /api/items/{id}', () => {
  it('removes the item; its history stays with itemId null', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const item = await http.item(ann, p.id, { name: 'Doomed vase' });
    expect((await http.del(`/api/items/${item.id}`, ann)).status).toBe(204);
    expect((await http.del(`/api/items/${item.id}`, ann)).status).toBe(404);
    const activities = (await http.get('/api/activities?limit=10', ann)).body;
    const removed = activities.find((a: { description: string }) => a.description === 'Item "Doomed vase" removed');
    expect(removed).toMatchObject({ itemId: null, projectId: p.id });
    expect(activities.find((a: { description: string }) => a.description === 'Item "Doomed vase" added').itemId).toBeNull();
  });
});

describe('GET /api/items', () => {
  it('pages through the caller’s items with X-Next-Cursor, newest first, without gaps or repeats', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const created = [];
    for (let i = 0; i < 7; i++) created.push((await http.item(ann, p.id, { name: `Chair ${i}` })).id);
    const other = actor();
    await http.item(other, (await http.project(other)).id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await http.get(`/api/items?limit=3${cursor ? `&cursor=${cursor}` : ''}`, ann);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((i: { id: string }) => i.id));
      cursor = res.headers.get('x-next-cursor');
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it('pages through a bulk import (rows a microsecond apart) without skipping any', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const names = Array.from({ length: 9 }, (_, i) => `Imported ${i}`);
    await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: names.map((name) => ({ name })) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await http.get(`/api/items?projectId=${p.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, ann);
      seen.push(...res.body.map((i: { name: string }) => i.name));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toEqual(names);
  });

  // A caller with few projects is read project by project, one with many along the index of every item
  // (item.repository page: projects × (limit + 1) ≤ 4,000; 52 × 3 is under it, so a limit of 100 goes past).
  it('pages alike for a caller with many projects as for one with few', async () => {
    const many = actor();
    const projects = [];
    for (let i = 0; i < 52; i++) projects.push(await http.project(many));
    const few = actor();
    const own = [await http.project(few), await http.project(few)];
    const rows = (batch: string) => Array.from({ length: 40 }, (_, i) => ({ name: `Stool ${batch}${i}`, ...(i % 2 ? { trackingNumber: `T-${i}` } : {}) }));
    // Two imports into two projects each: the second one's rows are the newer, each in file order.
    for (const [who, [first, second]] of [[many, [projects[0]!, projects[7]!]], [few, own]] as const) {
      expect((await http.post(`/api/projects/${first.id}/items/bulk`, who, { items: rows('A') })).status).toBe(200);
      expect((await http.post(`/api/projects/${second.id}/items/bulk`, who, { items: rows('B') })).status).toBe(200);
    }
    const expected = [...rows('B'), ...rows('A')].map((r) => r.name);
    const pages = async (who: Actor, qs: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await http.get(`/api/items?${qs}${cursor ? `&cursor=${cursor}` : ''}`, who);
        expect(res.status).toBe(200);
        seen.push(...res.body.map((i: { name: string }) => i.name));
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      return seen;
    };
    // limit 10: project by project for both (52 × 11 rows); limit 77: along the shared index for `many`
    // (52 × 78 > 4,000), still project by project for `few`.
    for (const who of [many, few]) {
      for (const limit of [10, 77]) {
        expect(await pages(who, `limit=${limit}`)).toEqual(expected);
        expect(await pages(who, `limit=${limit}&q=stool`)).toEqual(expected);
        expect(await pages(who, `limit=${limit}&status=ordered`)).toEqual(expected);
      }
    }
  });

  it('filters on the server by text (name, supplier, schedule number), status and project', async () => {
    const ann = actor();
    const p1 = await http.project(ann);
    const p2 = await http.project(ann);
    await http.item(ann, p1.id, { name: 'Oak bench', supplier: 'Nordic Wood', scheduleNumber: 'FF-100' });
    const t = await http.item(ann, p2.id, { name: 'Brass lamp', supplier: 'Lumen 100%' });
    await http.put(`/api/items/${t.id}/status`, ann, { status: 'in-transit' });
    const names = async (qs: string) => (await http.get(`/api/items?${qs}`, ann)).body.map((i: { name: string }) => i.name).sort();
    expect(await names('q=nordic')).toEqual(['Oak bench']);
    expect(await names('q=ff-100')).toEqual(['Oak bench']);
    expect(await names('q=100%25')).toEqual(['Brass lamp']);
    expect(await names('status=in-transit')).toEqual(['Brass lamp']);
    expect(await names(`projectId=${p1.id}`)).toEqual(['Oak bench']);
  });

  it('rejects a bad limit, status or cursor with 400', async () => {
    const ann = actor();
    expect((await http.get('/api/items?limit=1001', ann)).body.message).toBe('limit must be at most 1000');
    expect((await http.get('/api/items?status=lost', ann)).status).toBe(400);
    expect((await http.get('/api/items?cursor=garbage', ann)).body.message).toMatch(/cursor is not valid/);
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const at of ['2026-02-30 10:00:00.123456+00', '2026-13-01 10:00:00+00', '2026-11-22 25:00:00+00', "2026-11-22 10:00:00+00'; DROP TABLE items; --"]) {
      const res = await http.get(`/api/items?cursor=${forged(`${at}|00000000-0000-4000-8000-000000000000`)}`, ann);
      expect([at, res.status]).toEqual([at, 400]);
    }
  });

  // The list writes its JSON from Postgres's text (item.repository itemsJson); every other view maps rows
  // through toItem. Both must say the same bytes for every kind of value.
  it('answers each item byte for byte as the project view (toItem) does: escapes, nulls, money, carriers, timestamps', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Quote " back\\slash </script> é 🪑', clientName: 'Tab\tand\nnewline' });
    const tricky = 'Say "hi" \\ back\\slash\ttab\nline\r\u0001ctl \u2028 é 漢字 🪑 </script>';
    const full = await http.item(ann, p.id, {
      name: tricky, supplier: tricky, productUrl: 'https://example.com/a?b="c"&d=\\', scheduleNumber: 'FF-1', trackingNumber: '1Z999AA10123456784', carrierId: 'fedex',
      notes: tricky, skuCode: 'SKU-"1"', collection: 'C', designer: 'D', finish: 'F', material: 'M', roomLocation: 'R', specialInstructions: tricky, price: 0.5, estimatedPrice: '12345678.9',
    });
    const detected = await http.item(ann, p.id, { name: 'Detected', trackingNumber: '1Z999AA10123456784' });
    await http.item(ann, p.id, { name: 'Unknown number', trackingNumber: 'NOT-A-NUMBER' });
    await http.item(ann, p.id, { name: 'Bare' });
    await http.put(`/api/items/${detected.id}/status`, ann, { status: 'delivered' });
    await http.put(`/api/items/${full.id}/status`, ann, { status: 'received' });
    // Postgres prints no fraction for a whole second and drops trailing zeros (.5): both must still be .000/.500.
    // A photo as logistics sets it (the list and toItem must keep saying it the same way).
    await t.catalog.db.$executeRawUnsafe(`UPDATE catalog.items SET received_at = '2026-03-04 05:06:07+00', updated_at = '2026-03-04 05:06:07.5+00', photo_url = '/api/photos/0c6f6c1e-2f52-4a53-9d4f-3b1d2f6a7e10' WHERE id = $1::uuid`, full.id);
    await t.catalog.db.$executeRawUnsafe(`UPDATE catalog.items SET delivered_at = '2026-03-04 05:06:07.123999+00' WHERE id = $1::uuid`, detected.id);

    const list = await http.get(`/api/items?projectId=${p.id}`, ann);
    const view = await http.get(`/api/projects/${p.id}`, ann);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.stringify(list.body)).toBe(JSON.stringify(view.body.items));
    expect(list.body).toHaveLength(4);
    const [bare, unknown, det, all] = list.body;
    expect([bare.carrierId, bare.trackingUrl, unknown.carrierId, unknown.trackingUrl]).toEqual([null, null, null, null]);
    expect(det).toMatchObject({ carrierId: 'ups', trackingUrl: expect.stringContaining('1Z999AA10123456784'), deliveredAt: '2026-03-04T05:06:07.123Z' });
    expect(all.photoUrl).toContain('0c6f6c1e-2f52-4a53-9d4f-3b1d2f6a7e10');
    expect(all).toMatchObject({ name: tricky.trim(), carrierId: 'fedex', price: '0.50', estimatedPrice: '12345678.90', receivedAt: '2026-03-04T05:06:07.000Z', updatedAt: '2026-03-04T05:06:07.500Z', projectName: p.name });
  });
});

describe('POST /api/projects/{id}/items/bulk', () => {
  it('imports the good rows in one go and reports each bad row without losing the good ones', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, {
      items: [
        { name: 'Sofa', supplier: 'RH', quantity: 2, price: '1,999.00'.replace(',', '') },
        { name: '', supplier: 'No name' },
        { name: 'Lamp', quantity: 0 },
        'not an object',
        { name: 'Rug', trackingNumber: '1Z999', scheduleNumber: 'S-1', notes: 'n', productUrl: 'https://x.test/rug', status: 'delivered', price: 0.5, skuCode: 'RUG-1' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(['Sofa', 'Rug']);
    expect(res.body.errors).toBe(3);
    expect(res.body.errorDetails.map((e: { row: number }) => e.row)).toEqual([2, 3, 4]);
    expect(res.body.errorDetails[0]).toMatchObject({ item: { name: '', supplier: 'No name' }, error: 'name: Item name is required' });
    const detail = (await http.get(`/api/projects/${p.id}`, ann)).body;
    expect(detail.items).toHaveLength(2);
    expect(detail.items.map((i: { name: string }) => i.name)).toEqual(['Sofa', 'Rug']);
    // What the import answers is exactly what reading the items back gives.
    expect(res.body.items).toEqual(detail.items);
  });

  it('keeps every field of a row and links SKUs to the caller’s own products, as adding one by one does', async () => {
    const ann = actor();
    const bob = actor();
    const p = await http.project(ann);
    const existing = await http.item(ann, p.id, { name: 'Chair', skuCode: 'CH-1' });
    const bobs = await http.item(bob, (await http.project(bob)).id, { name: 'Bob chair', skuCode: 'NEW-1' });
    const { photoUrl } = await t.uploadedPhoto(ann);
    const full = {
      name: 'Sconce', supplier: 'Visual Comfort', productUrl: 'https://x.test/sconce', quantity: 3, scheduleNumber: 'L-4', trackingNumber: 'TRK-4', carrierId: 'ups',
      notes: 'Pair', photoUrl, skuCode: 'NEW-1', collection: 'Studio', designer: 'Kelly', finish: 'Brass', material: 'Glass',
      roomLocation: 'Hall', specialInstructions: 'Handle with care', price: '450.00', estimatedPrice: '500.00', status: 'in-transit',
    };
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [full, { name: 'Chair again', skuCode: 'CH-1' }, { name: 'Sconce twin', skuCode: 'NEW-1' }] });
    expect(res.status).toBe(200);
    const [sconce, chair, twin] = res.body.items;
    const { skuCode, ...rest } = full;
    expect(sconce).toMatchObject({ ...rest, skuCode });
    expect(chair.productVariantId).toBe(existing.productVariantId);
    expect(sconce.productVariantId).not.toBeNull();
    expect(twin.productVariantId).toBe(sconce.productVariantId);
    expect(sconce.productVariantId).not.toBe(bobs.productVariantId);
    // A later single add of the imported SKU finds the same variant.
    expect((await http.item(ann, p.id, { name: 'Third sconce', skuCode: 'NEW-1' })).productVariantId).toBe(sconce.productVariantId);
  });

  it('answers a large import exactly as the item list then reads it (timestamps across millisecond boundaries)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const statuses = ['ordered', 'in-transit', 'received', 'stored', 'delivered'];
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, {
      items: Array.from({ length: 2100 }, (_, i) => ({ name: `Row ${i}`, status: statuses[i % 5], price: i % 7 ? `${i}.5` : undefined, quantity: 1 + (i % 4) })),
    });
    expect(res.body.items).toHaveLength(2100);
    const listed: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await http.get(`/api/items?projectId=${p.id}&limit=1000${cursor ? `&cursor=${cursor}` : ''}`, ann);
      listed.push(...page.body);
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(listed).toEqual(res.body.items);
  });

  it('says "No items to import" for an empty list', async () => {
    const ann = actor();
    const p = await http.project(ann);
    expect((await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [] })).body.message).toBe('No items to import');
  });
});
