import { actor, useCatalog } from './catalog-harness';

/** Input a hostile user or a careless client sends: each answered with a clear 4xx, never a 500, and never half-saved. */
const t = useCatalog();
const http = t.http;
const ann = actor();

/** `depth` nested lists around a value, as raw JSON text (JSON.stringify itself would overflow on it). */
const nested = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  it('with a lone surrogate escape is a 400 (the recursive string repair overflowed the stack: 500)', async () => {
    const p = await http.project(ann);
    const res = await http.call('POST', `/api/projects/${p.id}/items`, ann, `{"name":"Lamp \\ud800","notes":${nested(200_000, '"\\ud800"')}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nested too deeply/);
  });

  it('in one bulk row is a 400 that saves nothing, so a retry cannot import the good rows twice (it answered 500 after saving them)', async () => {
    const p = await http.project(ann);
    const body = `{"items":[{"name":"Good chair"},{"name":${nested(100_000)}}]}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await http.call('POST', `/api/projects/${p.id}/items/bulk`, ann, body);
      expect(res.status).toBe(400);
    }
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.items).toEqual([]);
  });

  it('nested within the limit in a bulk row is that row’s error, and the good rows import once', async () => {
    const p = await http.project(ann);
    const res = await http.call('POST', `/api/projects/${p.id}/items/bulk`, ann, `{"items":[{"name":"Good chair"},{"name":${nested(20)}}]}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(['Good chair']);
    expect(res.body.errorDetails.map((e: { row: number }) => e.row)).toEqual([2]);
  });
});

describe('dates and cursors Postgres cannot hold', () => {
  it.each(['0000-01-01', '0000-12-31'])('an install date of %s is a 400 (it reached Postgres: 500)', async (installDate) => {
    const create = await http.post('/api/projects', ann, { name: 'N', clientName: 'C', location: 'L', installDate });
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(/installDate/);
    const p = await http.project(ann);
    expect((await http.put(`/api/projects/${p.id}`, ann, { installDate })).status).toBe(400);
  });

  it.each([
    ['a time-zone offset of +99', '2026-01-01 10:00:00.123456+99'],
    ['a time-zone offset of -16', '2026-01-01 10:00:00-16'],
    ['year 0000', '0000-01-01 10:00:00+00'],
  ])('a list cursor with %s is a 400 (it reached Postgres: 500)', async (_what, at) => {
    const cursor = Buffer.from(`${at}|00000000-0000-4000-8000-000000000000`).toString('base64url');
    const res = await http.get(`/api/items?cursor=${cursor}`, ann);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cursor/);
  });

  it('a real cursor with an offset Postgres accepts still pages', async () => {
    const cursor = Buffer.from('2026-01-01 10:00:00.5+05:30|00000000-0000-4000-8000-000000000000').toString('base64url');
    expect((await http.get(`/api/items?cursor=${cursor}`, ann)).status).toBe(200);
  });
});

describe('item fields that were taken in the wrong shape', () => {
  it.each([
    ['true', true],
    ['[7]', [7]],
    ['"0x10"', '0x10'],
    ['"1e3"', '1e3'],
    ['"1.5"', '1.5'],
  ])('quantity %s is a 400 (it was stored as a number)', async (_what, quantity) => {
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp', quantity });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('quantity must be a whole number of at least 1');
    const item = await http.item(ann, p.id);
    expect((await http.put(`/api/items/${item.id}`, ann, { quantity })).status).toBe(400);
  });

  it('quantity as a number or a CSV cell of digits is still taken', async () => {
    const p = await http.project(ann);
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp', quantity: 3 })).body.quantity).toBe(3);
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp', quantity: ' 12 ' })).body.quantity).toBe(12);
  });

  it('PUT /api/items/{id} with status "" is a 400 (it answered 200 and ignored it)', async () => {
    const p = await http.project(ann);
    const item = await http.item(ann, p.id);
    const res = await http.put(`/api/items/${item.id}`, ann, { status: '', notes: 'should not be saved' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/status must be one of/);
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.items[0]).toMatchObject({ status: 'ordered', notes: null });
  });

  it.each([
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', '/api/photos/../../api/logout', '//evil.test/x.jpg', 'ftp://x.test/a.jpg',
    // Web URLs were taken too: an item showed any image on the public client page, outside the photos' access rule.
    'https://images.example.com/sofa.jpg', 'http://cdn.test/a.png', '/api/photos/2f1e8e8a/sofa-1.jpg', '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab?x=1',
    'https://midway.test/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', '/api/objects/uploads/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab?sig=abc',
  ])(
    'photoUrl %s is a 400 (only an uploaded photo\'s served path is taken)',
    async (photoUrl) => {
      const p = await http.project(ann);
      const res = await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp', photoUrl });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/photoUrl must be an uploaded photo \(\/api\/photos\/\{id\}/);
      const item = await http.item(ann, p.id);
      expect((await http.put(`/api/items/${item.id}`, ann, { photoUrl })).status).toBe(400);
      expect((await http.get(`/api/projects/${p.id}`, ann)).body.items.map((i: { photoUrl: string | null }) => i.photoUrl)).toEqual([null]);
      const bulk = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'Lamp', photoUrl }] });
      expect([bulk.status, bulk.body.items.length, bulk.body.errors]).toEqual([200, 0, 1]);
    },
  );

  it('photoUrl /api/photos/{id} of the caller’s upload is taken (any case, kept in lower case), and "" or null clears it', async () => {
    const p = await http.project(ann);
    const { key, photoUrl } = await t.uploadedPhoto(ann);
    const res = await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp', photoUrl });
    expect([res.status, res.body.photoUrl]).toEqual([201, photoUrl]);
    const upper = `/api/photos/${key.toUpperCase()}`;
    expect((await http.put(`/api/items/${res.body.id}`, ann, { photoUrl: upper })).body.photoUrl).toBe(photoUrl);
    expect((await http.put(`/api/items/${res.body.id}`, ann, { photoUrl: '' })).body.photoUrl).toBeNull();
    expect((await http.put(`/api/items/${res.body.id}`, ann, { photoUrl })).body.photoUrl).toBe(photoUrl);
    expect((await http.put(`/api/items/${res.body.id}`, ann, { photoUrl: null })).body.photoUrl).toBeNull();
    expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: 'No photo', photoUrl: '' })).body.photoUrl).toBeNull();
  });
});
