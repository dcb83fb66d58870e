import { actor, useCatalog } from './catalog-harness';

/**
 * GET /api/items/summary: the Items page's count cards, 'N item(s)' and group headings, counted by the
 * server over everything the filters match (not the pages the browser loaded so far).
 */
const t = useCatalog();
const http = t.http;

async function seed() {
  const ann = actor();
  const a = await http.project(ann, { name: 'Alder House' });
  const b = await http.project(ann, { name: 'Birch Loft' });
  const add = async (projectId: string, body: Record<string, unknown>) => {
    const item = await http.item(ann, projectId, body);
    return item;
  };
  await add(a.id, { name: 'Oak table', supplier: 'Woodworks' }); // ordered, no tracking
  await add(a.id, { name: 'Linen sofa', trackingNumber: '1Z999AA10123456784' }); // ordered with tracking → still ordered
  await add(a.id, { name: 'Brass lamp', trackingNumber: 'T-2', status: 'in-transit' });
  await add(a.id, { name: 'Wool rug', status: 'delivered', trackingNumber: 'T-3' });
  await add(b.id, { name: 'Oak chair', status: 'received' }); // received: neither ordered nor in transit
  await add(b.id, { name: 'Glass vase', status: 'stored', trackingNumber: 'T-5', scheduleNumber: 'SCH-9' }); // stored, its number kept: not in transit
  await add(b.id, { name: 'Teak bench', status: 'delivered' });
  return { ann, a, b };
}

describe('GET /api/items/summary', () => {
  it('counts the buckets by the contracts’ one rule (an item under its own status, as the dashboard counts) and each status', async () => {
    const { ann, a, b } = await seed();
    const res = await http.get('/api/items/summary', ann);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 7,
      ordered: 2,
      inTransit: 1,
      delivered: 2,
      received: 1,
      stored: 1,
      byStatus: { ordered: 2, 'in-transit': 1, received: 1, stored: 1, delivered: 2 },
      byProject: expect.arrayContaining([
        { projectId: a.id, count: 4 },
        { projectId: b.id, count: 3 },
      ]),
    });
    expect(res.body.byProject).toHaveLength(2);
  });

  it('counts In Transit as the dashboard does (issue 38): a received item keeps its tracking number and is in transit on neither', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Cedar House' });
    const shipped = await http.item(ann, p.id, { name: 'Linen sofa', trackingNumber: '1Z999AA10123456784', status: 'in-transit' });
    const received = await http.item(ann, p.id, { name: 'Oak table', trackingNumber: '9400111899223197428490', status: 'in-transit' });
    await http.put(`/api/items/${received.id}/status`, ann, { status: 'received' });
    const counts = async () => ({ items: (await http.get('/api/items/summary', ann)).body.inTransit, dashboard: (await http.get('/api/dashboard/stats', ann)).body.itemsInTransit });
    expect(await counts()).toEqual({ items: 1, dashboard: 1 });
    await http.put(`/api/items/${shipped.id}/status`, ann, { status: 'stored' });
    expect(await counts()).toEqual({ items: 0, dashboard: 0 });
  });

  it('takes the filters of GET /api/items: text (name, supplier, schedule #), status and project', async () => {
    const { ann, a, b } = await seed();
    const get = async (qs: string) => (await http.get(`/api/items/summary?${qs}`, ann)).body;
    expect(await get('q=oak')).toMatchObject({ total: 2, ordered: 1, byProject: expect.arrayContaining([{ projectId: a.id, count: 1 }, { projectId: b.id, count: 1 }]) });
    expect((await get('q=woodworks')).total).toBe(1);
    expect((await get('q=sch-9')).total).toBe(1);
    expect(await get('status=delivered')).toMatchObject({ total: 2, delivered: 2, ordered: 0, inTransit: 0 });
    expect(await get('status=shipped')).toMatchObject({ total: 1, inTransit: 1 });
    expect(await get(`projectId=${b.id}`)).toEqual({
      total: 3, ordered: 0, inTransit: 0, delivered: 1, received: 1, stored: 1,
      byStatus: { ordered: 0, 'in-transit': 0, received: 1, stored: 1, delivered: 1 },
      byProject: [{ projectId: b.id, count: 3 }],
    });
    // The same filters give the same number of rows as the list.
    const listed = (await http.get(`/api/items?limit=200&projectId=${a.id}&q=a`, ann)).body.length;
    expect((await get(`projectId=${a.id}&q=a`)).total).toBe(listed);
  });

  it('never counts another designer’s items; an admin counts everyone’s', async () => {
    const { a } = await seed();
    const other = actor();
    expect((await http.get('/api/items/summary', other)).body).toEqual({
      total: 0, ordered: 0, inTransit: 0, delivered: 0, received: 0, stored: 0,
      byStatus: { ordered: 0, 'in-transit': 0, received: 0, stored: 0, delivered: 0 },
      byProject: [],
    });
    // Naming the project does not reach it either.
    expect((await http.get(`/api/items/summary?projectId=${a.id}`, other)).body.total).toBe(0);
    const admin = (await http.get(`/api/items/summary?projectId=${a.id}`, actor('midway_admin'))).body;
    expect(admin.total).toBe(4);
  });

  it('answers a bad filter with a 400 that names it', async () => {
    const ann = actor();
    const res = await http.get('/api/items/summary?projectId=nope', ann);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/projectId/);
    expect((await http.get('/api/items/summary?status=lost', ann)).status).toBe(400);
  });
});
