import { actor, useCatalog } from './catalog-harness';

/**
 * Money is kept as sent or refused, never rounded or cut to fit: a price with more than 2 decimals, a price its
 * column cannot hold, or a change that takes the project's total past what its documents hold is a 400 saying
 * so, and nothing changes.
 */
const t = useCatalog();

const detail = async (who: ReturnType<typeof actor>, id: string) => (await t.http.get(`/api/projects/${id}`, who)).body as { items: { price: string | null; quantity: number }[]; totalCost: string };

it('refuses a price with more than 2 decimals on create, edit and import, instead of rounding it', async () => {
  const owner = actor();
  const p = await t.http.project(owner);
  for (const price of [1.005, '1.005', '0.001']) {
    const res = await t.http.post(`/api/projects/${p.id}/items`, owner, { name: 'Lamp', price });
    expect({ price, status: res.status, body: res.body }).toEqual({ price, status: 400, body: expect.objectContaining({ error: 'bad_request', message: expect.stringMatching(/2 decimal places/) }) });
  }
  const item = await t.http.item(owner, p.id, { price: '12.50' });
  const edited = await t.http.put(`/api/items/${item.id}`, owner, { price: 12.505 });
  expect(edited.status).toBe(400);
  const imported = await t.http.post(`/api/projects/${p.id}/items/bulk`, owner, { items: [{ name: 'Rug', price: '3.333' }, { name: 'Vase', price: '3.30' }] });
  expect(imported.body).toMatchObject({ errors: 1, errorDetails: [{ row: 1, error: expect.stringMatching(/2 decimal places/) }] });
  expect((await detail(owner, p.id)).items.map((i) => i.price).sort()).toEqual(['12.50', '3.30']);
});

it('refuses a price past its column and a project total past 9,999,999,999.99, keeping the project as it was', async () => {
  const owner = actor();
  const p = await t.http.project(owner);
  const tooBig = await t.http.post(`/api/projects/${p.id}/items`, owner, { name: 'Chandelier', price: '100000000.00' });
  expect(tooBig).toMatchObject({ status: 400, body: { error: 'bad_request', message: expect.stringMatching(/too large/) } });

  // 99,999,999.99 × 100 is 9,999,999,999.00: it fits; one more unit of anything does not.
  const big = await t.http.item(owner, p.id, { name: 'Gallery wall', price: '99999999.99', quantity: 100 });
  expect((await detail(owner, p.id)).totalCost).toBe('9999999999.00');
  const over = await t.http.post(`/api/projects/${p.id}/items`, owner, { name: 'Frame', price: '1.00' });
  expect(over).toMatchObject({ status: 400, body: { error: 'bad_request', message: expect.stringMatching(/project's total/) } });
  expect((await t.http.put(`/api/items/${big.id}`, owner, { quantity: 101 })).status).toBe(400);
  expect((await t.http.post(`/api/projects/${p.id}/items/bulk`, owner, { items: [{ name: 'Frame', price: '0.99' }, { name: 'Frame', price: '0.99' }] })).status).toBe(400);
  const after = await detail(owner, p.id);
  expect(after.items).toEqual([expect.objectContaining({ price: '99999999.99', quantity: 100 })]);
  expect(after.totalCost).toBe('9999999999.00');
});
