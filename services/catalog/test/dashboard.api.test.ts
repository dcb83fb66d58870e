import { actor, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('GET /api/dashboard/stats', () => {
  it('counts exactly as defined, over the caller’s projects only', async () => {
    const ann = actor();
    const empty = await http.get('/api/dashboard/stats', ann);
    expect(empty.body).toEqual({ activeProjects: 0, itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 0 });

    const active = await http.project(ann);
    const inProgress = await http.project(ann, { status: 'in-progress' });
    await http.project(ann, { status: 'planning' });
    await http.project(ann, { status: 'completed' });
    const noTracking = await http.item(ann, active.id); // ordered, no tracking → without tracking
    const transit = await http.item(ann, active.id, { trackingNumber: '1Z1' });
    await http.put(`/api/items/${transit.id}/status`, ann, { status: 'in-transit' }); // in transit, has tracking
    const transitNoTrack = await http.item(ann, inProgress.id, { trackingNumber: '  ' });
    await http.put(`/api/items/${transitNoTrack.id}/status`, ann, { status: 'in-transit' }); // in transit, blank tracking
    const received = await http.item(ann, inProgress.id);
    await http.put(`/api/items/${received.id}/status`, ann, { status: 'received' }); // received this month, no tracking but received
    void noTracking;
    // Someone else's data never counts.
    const other = actor();
    const op = await http.project(other);
    await http.item(other, op.id);

    const res = await http.get('/api/dashboard/stats', ann);
    expect(res.body).toEqual({ activeProjects: 2, itemsInTransit: 2, receivedThisMonth: 1, itemsWithoutTracking: 2 });
  });
});

describe('GET /api/dashboard/projects', () => {
  it('pages the caller’s projects newest first, with the total they reach; an admin pages every project', async () => {
    const ann = actor();
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await http.project(ann, { name: `Paged ${i}` })).id);
    const withItems = made[22]!;
    await http.item(ann, withItems);
    const done = await http.item(ann, withItems);
    await http.put(`/api/items/${done.id}/status`, ann, { status: 'received' });
    const theirs = await http.project(actor(), { name: 'Not mine' });

    const pages = await Promise.all([0, 10, 20].map((offset) => http.get(`/api/dashboard/projects?limit=10&offset=${offset}`, ann)));
    expect(pages.map((p) => [p.status, p.body.total, p.body.limit, p.body.offset, p.body.projects.length])).toEqual([
      [200, 23, 10, 0, 10],
      [200, 23, 10, 10, 10],
      [200, 23, 10, 20, 3],
    ]);
    // Newest first, no project twice or left out, nobody else's.
    expect(pages.flatMap((p) => p.body.projects.map((x: { id: string }) => x.id))).toEqual([...made].reverse());
    expect(pages[0]!.body.projects[0]).toMatchObject({ id: withItems, name: 'Paged 22', itemCount: 2, progress: 50, access: 'owner' });
    expect((await http.get('/api/dashboard/projects?offset=30', ann)).body).toEqual({ projects: [], total: 23, limit: 10, offset: 30 });
    expect((await http.get('/api/dashboard/projects', ann)).body.projects).toHaveLength(10);

    const admin = actor('midway_admin');
    const all = await http.get('/api/dashboard/projects?limit=100', admin);
    expect(all.body.total).toBeGreaterThanOrEqual(24);
    expect(all.body.projects.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([theirs.id, withItems]));
    expect(all.body.projects.find((x: { id: string }) => x.id === theirs.id).access).toBe('admin');
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['offset=-1'], ['offset=1.5'], ['offset=9999999']])('refuses %s with a 400 that says the range', async (q) => {
    const res = await http.get(`/api/dashboard/projects?${q}`, actor());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/^(limit must be a whole number from 1 to 100|offset must be (a whole number, 0 or more|at most 1000000))/) });
  });
});

describe('GET /api/activities', () => {
  it('is the caller’s recent activity across their projects, newest first, limited', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Cedar House' });
    const item = await http.item(ann, p.id, { name: 'Teak stool' });
    await http.put(`/api/items/${item.id}/status`, ann, { status: 'in-transit' });
    await http.project(actor(), { name: 'Not mine' });
    const res = await http.get('/api/activities?limit=2', ann);
    expect(res.body.map((a: { description: string }) => a.description)).toEqual(['"Teak stool" is now In Transit', 'Item "Teak stool" added']);
    expect(res.body[0]).toMatchObject({ projectId: p.id, projectName: 'Cedar House', itemId: item.id });
    expect((await http.get('/api/activities?limit=500', ann)).status).toBe(400);
  });
});

describe('GET /api/search (catalog half)', () => {
  it('finds projects by name, client or location and items by name, supplier, SKU, schedule or tracking — only the caller’s', async () => {
    const ann = actor();
    const tag = `zq${Date.now().toString(36)}`;
    const p = await http.project(ann, { name: `Villa ${tag}`, clientName: 'Morgan Lee' });
    const item = await http.item(ann, p.id, { name: 'Marble table', supplier: `${tag} Stoneworks`, trackingNumber: `TRK${tag}` });
    const other = actor();
    await http.project(other, { name: `Villa ${tag} (theirs)` });

    const res = await http.get(`/api/search?q=${tag}`, ann);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { type: 'project', id: p.id, title: `Villa ${tag}`, subtitle: 'Morgan Lee · Vancouver, BC', url: `/projects/${p.id}` },
      { type: 'item', id: item.id, title: 'Marble table', subtitle: `${tag} Stoneworks · Villa ${tag}`, url: `/projects/${p.id}?item=${item.id}` },
    ]);
    expect((await http.get(`/api/search?q=TRK${tag}`, ann)).body.map((r: { id: string }) => r.id)).toEqual([item.id]);
    expect((await http.get('/api/search?q=ab', ann)).status).toBe(400);
  });
});
