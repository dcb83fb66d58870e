import { actor, inviteAndAccept, useCatalog, type Actor } from './catalog-harness';

/**
 * The Items page's work on several items at once (bulk status, bulk delete), its search by tracking number,
 * and the hint that a tracking number is already on another item the designer can see.
 */
const t = useCatalog();
const http = t.http;
const at = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));

/** The outbox's events of `type` about the items, in publishing order. */
async function eventsAbout(ids: string[], type: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const rows = await t.catalog.db.$queryRaw<{ payload: string }[]>`
    SELECT payload::text AS payload FROM outbox_events WHERE payload->>'type' = ${type} AND payload->'data'->>'itemId' = ANY(${ids}) ORDER BY seq`;
  return rows.map((r) => JSON.parse(r.payload));
}
async function activities(ids: string[], type: string): Promise<{ item_id: string | null; description: string; metadata: Record<string, unknown> }[]> {
  return t.catalog.db.$queryRaw`
    SELECT item_id, description, metadata FROM activities WHERE type = ${type} AND (item_id::text = ANY(${ids}) OR metadata->>'itemId' = ANY(${ids}))`;
}
async function itemsOf(who: Actor, projectId: string): Promise<{ id: string; status: string; receivedAt: string | null; deliveredAt: string | null }[]> {
  return (await http.get(`/api/projects/${projectId}`, who)).body.items;
}
/** Catalog learns users from identity's events; here they are written to its read model directly. */
async function known(...actors: Actor[]) {
  for (const a of actors) {
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${a.userId}::uuid, ${a.email}, 'Test', ${a.role}, ${a.role}, now())`;
  }
}

describe('POST /api/items/bulk-status', () => {
  it('moves every item to the status with the stamps, history line and events of a single change; items already there are left alone', async () => {
    const ann = actor();
    const p1 = await http.project(ann);
    const p2 = await http.project(ann);
    const a = await http.item(ann, p1.id, { name: 'Sofa' });
    const b = await http.item(ann, p2.id, { name: 'Rug' });
    const c = await http.item(ann, p2.id, { name: 'Lamp' });
    const stored = (await http.put(`/api/items/${c.id}/status`, ann, { status: 'received' })).body;

    const res = await http.post('/api/items/bulk-status', ann, { itemIds: [a.id, b.id, c.id, a.id], status: 'received' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: 3, changed: 2 });
    const all = [...(await itemsOf(ann, p1.id)), ...(await itemsOf(ann, p2.id))];
    expect(all.map((i) => i.status)).toEqual(['received', 'received', 'received']);
    expect(all.every((i) => i.receivedAt)).toBe(true);
    expect(all.find((i) => i.id === c.id)!.receivedAt).toBe(stored.receivedAt);

    const changes = await eventsAbout([a.id, b.id, c.id], 'catalog.item.status-changed.v1');
    expect(changes.map((e) => [e.data.itemId, e.data.from, e.data.to]).sort()).toEqual(
      [[a.id, 'ordered', 'received'], [b.id, 'ordered', 'received'], [c.id, 'ordered', 'received']].sort(),
    );
    expect((await eventsAbout([a.id, b.id], 'catalog.item.updated.v1')).map((e) => e.data.changedFields)).toEqual([['status'], ['status']]);
    expect((await activities([a.id, b.id, c.id], 'item_status')).map((x) => x.description).sort()).toEqual(['"Lamp" is now Received', '"Rug" is now Received', '"Sofa" is now Received']);

    // Leaving keeps the stamps; delivered stamps deliveredAt; the alias is accepted.
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: [a.id, b.id], status: 'shipped' })).body).toEqual({ items: 2, changed: 2 });
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: [a.id], status: 'delivered' })).body.changed).toBe(1);
    const after = await itemsOf(ann, p1.id);
    expect(after[0]).toMatchObject({ status: 'delivered', receivedAt: all.find((i) => i.id === a.id)!.receivedAt });
    expect(after[0]!.deliveredAt).not.toBeNull();
  });

  it('sent six times at once: one change per item, one event and one history line each', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const ids = (await Promise.all(['A', 'B', 'C', 'D'].map((name) => http.item(ann, p.id, { name })))).map((i) => i.id);
    const answers = await at(6, () => http.post('/api/items/bulk-status', ann, { itemIds: ids, status: 'stored' }));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.reduce((n, x) => n + x.body.changed, 0)).toBe(4);
    expect(await eventsAbout(ids, 'catalog.item.status-changed.v1')).toHaveLength(4);
    expect(await activities(ids, 'item_status')).toHaveLength(4);
    const stamps = new Set((await itemsOf(ann, p.id)).map((i) => i.receivedAt));
    expect(stamps.size).toBeGreaterThanOrEqual(1);
    expect([...stamps].every(Boolean)).toBe(true);
  });

  it('raced by single changes of the same items: each item changes once, from the state before it', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const ids = (await Promise.all(['S', 'T', 'U'].map((name) => http.item(ann, p.id, { name })))).map((i) => i.id);
    const answers = await Promise.all([
      http.put(`/api/items/${ids[1]}/status`, ann, { status: 'received' }),
      http.post('/api/items/bulk-status', ann, { itemIds: ids, status: 'received' }),
      http.put(`/api/items/${ids[2]}/status`, ann, { status: 'received' }),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    const changes = await eventsAbout(ids, 'catalog.item.status-changed.v1');
    expect(changes.map((e) => e.data.itemId).sort()).toEqual([...ids].sort());
    expect(changes.every((e) => e.data.from === 'ordered' && e.data.to === 'received')).toBe(true);
    expect(await activities(ids, 'item_status')).toHaveLength(3);
  });

  it('overlapping sets at once in opposite orders: both finish (no deadlock), each item ends in one of the two statuses', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const ids = (await Promise.all(Array.from({ length: 8 }, (_, i) => http.item(ann, p.id, { name: `Chair ${i}` })))).map((i) => i.id);
    const answers = await Promise.all([
      http.post('/api/items/bulk-status', ann, { itemIds: ids, status: 'received' }),
      http.post('/api/items/bulk-status', ann, { itemIds: [...ids].reverse(), status: 'delivered' }),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    const statuses = new Set((await itemsOf(ann, p.id)).map((i) => i.status));
    expect(statuses.size).toBe(1);
  });

  it('is all or nothing: another designer’s item makes it 404, a viewer’s 403, and nothing changes', async () => {
    const ann = actor();
    const bob = actor();
    const vic = actor();
    await known(vic);
    const mine = await http.project(ann);
    const theirs = await http.project(bob);
    const viewed = await http.project(bob);
    await inviteAndAccept(http, bob, viewed.id, vic, 'viewer');
    const a = await http.item(ann, mine.id);
    const b = await http.item(bob, theirs.id);
    const v = await http.item(bob, viewed.id);
    const vicsOwn = await http.project(vic);
    const vOwn = await http.item(vic, vicsOwn.id);

    const foreign = await http.post('/api/items/bulk-status', ann, { itemIds: [a.id, b.id], status: 'received' });
    expect(foreign.status).toBe(404);
    const missing = await http.post('/api/items/bulk-status', ann, { itemIds: [a.id, '00000000-0000-4000-8000-000000000000'], status: 'received' });
    expect(missing.status).toBe(404);
    // The same answer for a missing item and another designer's: nothing confirms it exists.
    expect([foreign.body.error, foreign.body.message]).toEqual([missing.body.error, missing.body.message]);
    const viewerOnly = await http.post('/api/items/bulk-status', vic, { itemIds: [vOwn.id, v.id], status: 'received' });
    expect(viewerOnly.status).toBe(403);
    expect(viewerOnly.body.message).toMatch(/Ask the project owner/);
    expect((await http.post('/api/items/bulk-delete', vic, { itemIds: [vOwn.id, v.id] })).status).toBe(403);
    expect((await http.post('/api/items/bulk-delete', ann, { itemIds: [a.id, b.id] })).status).toBe(404);

    expect((await itemsOf(ann, mine.id))[0]!.status).toBe('ordered');
    expect((await itemsOf(vic, viewed.id))[0]!.status).toBe('ordered');
    expect((await itemsOf(bob, theirs.id))).toHaveLength(1);
    expect((await itemsOf(vic, vicsOwn.id))[0]!.status).toBe('ordered');
    expect(await eventsAbout([a.id, b.id, v.id, vOwn.id], 'catalog.item.status-changed.v1')).toHaveLength(0);
  });

  it('is seen at once by the Items list (its page cache) and the dashboard’s counters', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const ids = (await Promise.all(['P', 'Q', 'R'].map((name) => http.item(ann, p.id, { name })))).map((i) => i.id);
    const statuses = async () => (await http.get('/api/items', ann)).body.map((i: { status: string }) => i.status).sort();
    expect(await statuses()).toEqual(['ordered', 'ordered', 'ordered']);
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 3 });
    await http.post('/api/items/bulk-status', ann, { itemIds: ids.slice(0, 2), status: 'in-transit' });
    expect(await statuses()).toEqual(['in-transit', 'in-transit', 'ordered']);
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 2, receivedThisMonth: 0, itemsWithoutTracking: 3 });
    await http.post('/api/items/bulk-status', ann, { itemIds: ids, status: 'received' });
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 0, receivedThisMonth: 3, itemsWithoutTracking: 0 });
    await http.post('/api/items/bulk-delete', ann, { itemIds: ids.slice(1) });
    expect(await statuses()).toEqual(['received']);
    expect((await http.get('/api/dashboard/stats', ann)).body).toMatchObject({ itemsInTransit: 0, receivedThisMonth: 1, itemsWithoutTracking: 0 });
  });

  it('refuses bad input with 400: no ids, ids that are not ids, more than 1000, an unknown status', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const a = await http.item(ann, p.id);
    const many = Array.from({ length: 1001 }, () => a.id);
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: [], status: 'received' })).body.message).toBe('Choose at least one item');
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: ['nope'], status: 'received' })).status).toBe(400);
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: many, status: 'received' })).body.message).toBe('At most 1000 items at once');
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: [a.id], status: 'lost' })).status).toBe(400);
    expect((await http.post('/api/items/bulk-status', ann, { itemIds: a.id, status: 'received' })).status).toBe(400);
    expect((await http.post('/api/items/bulk-delete', ann, { itemIds: ['nope'] })).status).toBe(400);
    expect((await itemsOf(ann, p.id))[0]!.status).toBe('ordered');
  });
});

describe('POST /api/items/bulk-delete', () => {
  it('deletes every item with a history line and a deleted event each', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const keep = await http.item(ann, p.id, { name: 'Keep' });
    const ids = (await Promise.all(['Gone 1', 'Gone 2', 'Gone 3'].map((name) => http.item(ann, p.id, { name })))).map((i) => i.id);
    const res = await http.post('/api/items/bulk-delete', ann, { itemIds: ids });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 3 });
    expect((await itemsOf(ann, p.id)).map((i) => i.id)).toEqual([keep.id]);
    expect((await eventsAbout(ids, 'catalog.item.deleted.v1')).map((e) => e.data.itemId).sort()).toEqual([...ids].sort());
    const lines = await activities(ids, 'item_removed');
    expect(lines.map((l) => l.description).sort()).toEqual(['Item "Gone 1" removed', 'Item "Gone 2" removed', 'Item "Gone 3" removed']);
    expect(lines.every((l) => l.item_id === null)).toBe(true);
  });

  it('sent four times at once: each item deleted once, the others answer 404', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const ids = (await Promise.all(['X', 'Y'].map((name) => http.item(ann, p.id, { name })))).map((i) => i.id);
    const answers = await at(4, () => http.post('/api/items/bulk-delete', ann, { itemIds: ids }));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await eventsAbout(ids, 'catalog.item.deleted.v1')).toHaveLength(2);
    expect(await activities(ids, 'item_removed')).toHaveLength(2);
  });
});

describe('searching the Items page by tracking number', () => {
  it('GET /api/items and its summary match the tracking number too', async () => {
    const ann = actor();
    const p = await http.project(ann);
    await http.item(ann, p.id, { name: 'Console', trackingNumber: '1Z999AA10123456784' });
    await http.item(ann, p.id, { name: 'Mirror', trackingNumber: '9400100000000000000000' });
    const names = (await http.get('/api/items?q=10123456', ann)).body.map((i: { name: string }) => i.name);
    expect(names).toEqual(['Console']);
    const summary = (await http.get('/api/items/summary?q=1z999aa', ann)).body;
    // Counted under its own status (ordered), as the dashboard and the project page count: a tracking number alone is not "In Transit".
    expect(summary).toMatchObject({ total: 1, ordered: 1, inTransit: 0 });
  });
});

describe('GET /api/items/tracking-matches', () => {
  it('names other items with the number (spaces, dashes and case aside), only within the caller’s reach', async () => {
    const ann = actor();
    const bob = actor();
    const pa = await http.project(ann, { name: 'Ann House' });
    const pb = await http.project(bob, { name: 'Bob Secret Loft' });
    const first = await http.item(ann, pa.id, { name: 'Side table', trackingNumber: '1Z999AA10123456784' });
    const second = await http.item(ann, pa.id, { name: 'Stool', trackingNumber: '1z 999-aa1 0123456784' });
    await http.item(bob, pb.id, { name: 'Bob’s cabinet', trackingNumber: '1Z999AA10123456784' });
    await http.item(bob, pb.id, { name: 'Bob only', trackingNumber: 'BOBONLY123' });

    const res = await http.get('/api/items/tracking-matches?trackingNumber=1Z999AA10123456784', ann);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { id: string }) => m.id).sort()).toEqual([first.id, second.id].sort());
    expect(res.body.find((m: { id: string }) => m.id === first.id)).toEqual({ id: first.id, name: 'Side table', projectId: pa.id, projectName: 'Ann House', url: `/projects/${pa.id}?item=${first.id}` });
    expect(JSON.stringify(res.body)).not.toMatch(/Bob/);
    expect((await http.get(`/api/items/tracking-matches?trackingNumber=1Z999AA10123456784&exceptItemId=${first.id}`, ann)).body.map((m: { id: string }) => m.id)).toEqual([second.id]);
    // Bob's own number is nothing to Ann: the same empty answer as a number nobody has.
    expect((await http.get('/api/items/tracking-matches?trackingNumber=BOBONLY123', ann)).body).toEqual([]);
    expect((await http.get('/api/items/tracking-matches?trackingNumber=NOBODY999', ann)).body).toEqual([]);
    expect((await http.get('/api/items/tracking-matches?trackingNumber=BOBONLY123', bob)).body).toHaveLength(1);
  });

  it('refuses a missing number or a bad item id with 400', async () => {
    const ann = actor();
    expect((await http.get('/api/items/tracking-matches', ann)).status).toBe(400);
    expect((await http.get('/api/items/tracking-matches?trackingNumber=%20', ann)).status).toBe(400);
    expect((await http.get('/api/items/tracking-matches?trackingNumber=X1&exceptItemId=nope', ann)).status).toBe(400);
  });
});
