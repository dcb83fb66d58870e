import { actor, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('edge-case values are refused with 400, never 500', () => {
  const ann = actor();
  it.each([
    ['a NUL byte in a project name', '/api/projects', { name: 'Bad\u0000name', clientName: 'C', location: 'L' }],
    ['an impossible install date', '/api/projects', { name: 'N', clientName: 'C', location: 'L', installDate: '2027-02-30' }],
  ])('%s', async (_what, path, body) => {
    const res = await http.post(path, ann, body);
    expect(res.status).toBe(400);
  });

  it.each([
    ['a NUL byte in an item field', { name: 'Lamp', supplier: 'Acme\u0000' }],
    ['an overflowing price', { name: 'Lamp', price: '1e309' }],
    ['a price beyond numeric(10,2)', { name: 'Lamp', price: 123456789012 }],
    ['a huge quantity', { name: 'Lamp', quantity: 99999999999 }],
  ])('%s', async (_what, body) => {
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/items`, ann, body);
    expect(res.status).toBe(400);
  });

  it('a NUL byte in a bulk row is reported for that row and the others import', async () => {
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'Good' }, { name: 'Bad\u0000' }] });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(['Good']);
    expect(res.body.errorDetails.map((e: { row: number }) => e.row)).toEqual([2]);
  });

  it('a lone UTF-16 surrogate (JSON "\\ud800") is stored as U+FFFD by a single add and by an import alike (the import failed with a 500)', async () => {
    const p = await http.project(ann);
    const single = await http.post(`/api/projects/${p.id}/items`, ann, { name: 'Lamp \ud800' });
    const bulk = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'Lamp \ud800' }, { name: 'Rug' }] });
    expect([single.status, bulk.status]).toEqual([201, 200]);
    const detail = (await http.get(`/api/projects/${p.id}`, ann)).body;
    const names = detail.items.map((i: { name: string }) => i.name);
    // Newest first: the import's rows (in file order), then the single add.
    expect(names).toEqual(['Lamp \ufffd', 'Rug', 'Lamp \ufffd']);
    expect(bulk.body.items.map((i: { name: string }) => i.name)).toEqual(['Lamp \ufffd', 'Rug']);
  });

  it('a NUL byte in a search or filter is a 400, not a database error', async () => {
    expect((await http.get(`/api/items?q=${encodeURIComponent('a\u0000b')}`, ann)).status).toBe(400);
    expect((await http.get(`/api/search?q=${encodeURIComponent('abc\u0000')}`, ann)).status).toBe(400);
  });
});
