import { BILLING_DEFAULT_RATES, eventEnvelopeSchema, eventSchemas, SERVICE_TYPE_LABELS, SERVICE_TYPES, type EventEnvelope, type ServiceType } from '@midway/contracts';
import { logisticsEvents } from '../src/domain/logistics-events';
import { actor, eventually, usePlatform, watchEvents } from './logistics-harness';

const t = usePlatform();

describe('every item has exactly one service of each type', () => {
  it('an item added singly gets the five services, unselected, at the fee table’s cost', async () => {
    const owner = actor();
    const p = await t.project(owner, { name: 'Harbour Loft' });
    const item = await t.item(owner, p.id, { name: 'Oak sideboard' });
    const services = await t.servicesOf(owner, p.id, 5);
    expect(services.map((s) => [s.type, s.label, s.selected, s.cost, s.itemId, s.itemName, s.projectName]).sort()).toEqual(
      SERVICE_TYPES.map((type) => [type, SERVICE_TYPE_LABELS[type], false, BILLING_DEFAULT_RATES[type].rate, item.id, 'Oak sideboard', 'Harbour Loft']).sort(),
    );
    // Receiving first within the item, as the fixed list orders them.
    expect(services.map((s) => s.type)).toEqual([...SERVICE_TYPES]);
  });

  it('a bulk import gets five per item in one go, and renaming and deleting an item follow', async () => {
    const owner = actor();
    const p = await t.project(owner);
    const res = await t.catalog.post(`/api/projects/${p.id}/items/bulk`, owner, { items: Array.from({ length: 450 }, (_, i) => ({ name: `Chair ${i}` })) });
    expect(res.status).toBe(200);
    const services = await t.servicesOf(owner, p.id, 2250, 10_000);
    expect(new Set(services.map((s) => `${s.itemId}:${s.type}`)).size).toBe(2250);

    const first = res.body.items[0];
    expect((await t.catalog.put(`/api/items/${first.id}`, owner, { name: 'Renamed chair' })).status).toBe(200);
    await eventually(() => t.services(owner, `projectId=${p.id}&q=Renamed`), (s) => s.length === 5);
    expect((await t.catalog.del(`/api/items/${first.id}`, owner)).status).toBe(204);
    const after = await t.servicesOf(owner, p.id, 2245);
    expect(after.some((s) => s.itemId === first.id)).toBe(false);
  });

  it('a redelivered item event adds no second set', async () => {
    const owner = actor();
    const p = await t.project(owner);
    const item = await t.item(owner, p.id);
    await t.servicesOf(owner, p.id, 5);
    // Apply the same facts again, the way a republish or a redelivery with a new id would.
    const db = t.logisticsService.db;
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM services WHERE item_id = ${item.id}::uuid`;
    expect(n).toBe(5);
  });
});

describe('GET /api/services', () => {
  it('pages with limit and X-Next-Cursor, filters by q, type, selected and projectId, and refuses a tampered cursor', async () => {
    const owner = actor();
    const p = await t.project(owner, { name: 'Paging Palace' });
    for (const name of ['Brass lamp', 'Linen sofa', 'Teak bench']) await t.item(owner, p.id, { name });
    await t.servicesOf(owner, p.id, 15);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await t.logistics.get(`/api/services?projectId=${p.id}&limit=4${cursor ? `&cursor=${cursor}` : ''}`, owner);
      expect(res.status).toBe(200);
      pages.push(res.body.map((s: { id: string }) => s.id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 3]);
    expect(new Set(pages.flat()).size).toBe(15);

    expect((await t.services(owner, `projectId=${p.id}&q=linen`)).map((s) => s.itemName)).toEqual(Array(5).fill('Linen sofa'));
    expect(await t.services(owner, `projectId=${p.id}&q=glove`)).toHaveLength(3);
    expect((await t.services(owner, `q=Paging Palace`)).length).toBe(15);
    expect(await t.services(owner, `projectId=${p.id}&type=delivery`)).toHaveLength(3);
    expect(await t.services(owner, `projectId=${p.id}&selected=true`)).toHaveLength(0);
    expect(await t.services(owner, `projectId=${p.id}&selected=false`)).toHaveLength(15);

    for (const bad of ['cursor=abc', `cursor=${Buffer.from('0000-01-01T00:00:00.000000Z|x|1').toString('base64url')}`, 'type=massage', 'selected=yes', 'projectId=nope', 'limit=0']) {
      const res = await t.logistics.get(`/api/services?${bad}`, owner);
      expect([bad, res.status, typeof res.body.message]).toEqual([bad, 400, 'string']);
    }
  });
});

describe('PUT /api/services/{id}', () => {
  it('selects and clears; repeating is harmless; anything but {selected: boolean} is a 400 that changes nothing', async () => {
    const owner = actor();
    const p = await t.project(owner);
    await t.item(owner, p.id);
    const [svc] = await t.servicesOf(owner, p.id, 5);
    for (const body of [{ selected: 'true' }, { selected: 1 }, {}, { selected: true, cost: '0.00' }, 'null', '[true]']) {
      const res = await t.logistics.put(`/api/services/${svc!.id}`, owner, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await t.services(owner, `projectId=${p.id}&selected=true`)).length).toBe(0);

    const on = await t.logistics.put(`/api/services/${svc!.id}`, owner, { selected: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual(expect.objectContaining({ id: svc!.id, selected: true, cost: svc!.cost }));
    expect((await t.logistics.put(`/api/services/${svc!.id}`, owner, { selected: true })).status).toBe(200);
    expect((await t.services(owner, `projectId=${p.id}&selected=true`)).map((s) => s.id)).toEqual([svc!.id]);
    expect((await t.logistics.put(`/api/services/not-a-uuid`, owner, { selected: true })).status).toBe(404);
  });

  it('writes, in the statement that selects a service, the event logisticsEvents.serviceChosen builds, and nothing for someone outside the project', async () => {
    const owner = actor();
    await t.known(owner);
    const p = await t.project(owner);
    await t.item(owner, p.id);
    const [svc] = await t.servicesOf(owner, p.id, 5);
    const written = async () =>
      (await t.logisticsService.db.$queryRaw<{ payload: string }[]>`SELECT payload::text AS payload FROM outbox_events WHERE payload::text LIKE ${`%${svc!.id}%`} ORDER BY seq`).map((r) => JSON.parse(r.payload) as EventEnvelope);
    expect((await t.logistics.put(`/api/services/${svc!.id}`, owner, { selected: true })).status).toBe(200);
    const [event] = await written();
    const data = event!.data as { changedAt: string };
    const built = logisticsEvents.serviceChosen(true, { id: svc!.id, itemId: svc!.itemId, projectId: p.id, type: svc!.type as ServiceType, cost: svc!.cost }, owner.userId, data.changedAt);
    expect({ type: event!.type, data: event!.data }).toEqual({ type: built.type, data: built.data });
    expect(eventEnvelopeSchema.parse(event)).toEqual(event);
    expect(eventSchemas[event!.type].parse(event!.data)).toEqual(event!.data);
    expect(event!.occurredAt).toBe(data.changedAt);

    expect((await t.logistics.put(`/api/services/${svc!.id}`, actor(), { selected: false })).status).toBe(404);
    expect(await written()).toHaveLength(1);
  });

  it('six identical toggles at once make one change and publish one event; select and clear at once publish one each', async () => {
    const owner = actor();
    const p = await t.project(owner);
    await t.item(owner, p.id);
    const [svc] = await t.servicesOf(owner, p.id, 5);
    const events = await watchEvents();
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.logistics.put(`/api/services/${svc!.id}`, owner, { selected: true })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      await eventually(async () => events.about(svc!.id), (e) => e.length >= 1);
      await events.settle(1200);
      expect(events.about(svc!.id).map((e) => e.type)).toEqual(['logistics.service.selected.v1']);
      expect(events.about(svc!.id)[0]!.data).toEqual(expect.objectContaining({ itemId: svc!.itemId, projectId: p.id, type: svc!.type, cost: svc!.cost, byUserId: owner.userId }));

      await Promise.all([false, true, false].map((selected) => t.logistics.put(`/api/services/${svc!.id}`, owner, { selected })));
      await events.settle(1500);
      const types = events.about(svc!.id).map((e) => e.type);
      // Each published change flips the state the one before it left: the events replay to the final state.
      const final = (await t.services(owner, `projectId=${p.id}`)).find((s) => s.id === svc!.id)!.selected;
      let state = false;
      for (const type of types) {
        const next = type === 'logistics.service.selected.v1';
        expect(next).toBe(!state);
        state = next;
      }
      expect(state).toBe(final);
    } finally {
      await events.close();
    }
  });
});

describe('GET /api/services/summary and POST /api/services/bulk', () => {
  it('summarises with the list’s filters; bulk selects what the filter shows once, even when sent twice at once', async () => {
    const owner = actor();
    const p = await t.project(owner);
    for (const name of ['Cedar desk', 'Rattan chair']) await t.item(owner, p.id, { name });
    await t.servicesOf(owner, p.id, 10);
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}`, owner)).body).toEqual({ total: 10, selected: 0, available: 10, selectedValue: '0.00', totalValue: '330.00', availableValue: '330.00' });

    const events = await watchEvents();
    try {
      const bulk = await Promise.all([1, 2].map(() => t.logistics.post('/api/services/bulk', owner, { filter: { projectId: p.id, type: 'delivery' }, selected: true })));
      expect(bulk.map((b) => b.status)).toEqual([200, 200]);
      expect(bulk[0]!.body.updated + bulk[1]!.body.updated).toBe(2);
      await events.settle(1500);
      expect(events.seen.filter((e) => (e.data as { projectId: string }).projectId === p.id)).toHaveLength(2);
    } finally {
      await events.close();
    }
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}`, owner)).body).toEqual({ total: 10, selected: 2, available: 8, selectedValue: '100.00', totalValue: '330.00', availableValue: '230.00' });
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}&q=cedar`, owner)).body).toEqual({ total: 5, selected: 1, available: 4, selectedValue: '50.00', totalValue: '165.00', availableValue: '115.00' });
    const all = await t.logistics.post('/api/services/bulk', owner, { filter: { projectId: p.id }, selected: true });
    expect(all.body.updated).toBe(8);
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}`, owner)).body).toMatchObject({ selectedValue: '330.00', totalValue: '330.00', availableValue: '0.00' });
    // Storage is a daily rate: counted, never added to the values as if it were a one-off.
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}&type=storage`, owner)).body).toEqual({ total: 2, selected: 2, available: 0, selectedValue: '0.00', totalValue: '0.00', availableValue: '0.00' });
    // The values are the services' own costs, not the fee table's: a cost that differs is summed as stored.
    await t.logisticsService.db.$executeRaw`UPDATE services SET cost = 12.34, selected = false WHERE project_id = ${p.id}::uuid AND type = 'delivery'`;
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}`, owner)).body).toMatchObject({ selected: 8, available: 2, selectedValue: '230.00', totalValue: '254.68', availableValue: '24.68' });
    for (const bad of [{ filter: {}, selected: 'yes' }, { selected: true, extra: 1 }, { filter: { type: 'spa' }, selected: true }]) {
      expect((await t.logistics.post('/api/services/bulk', owner, bad)).status).toBe(400);
    }
  });
});

describe('Bulk Actions’ confirmation: GET /api/services/summary?editable=true', () => {
  // Fresh actors and projects: a designer's counts cover only their own projects, so other files running at
  // the same time change nothing here.
  it('counts what POST /api/services/bulk changes for a caller who owns one project, is a member of another and a viewer of a third', async () => {
    const [me, other] = [actor(), actor()];
    const mine = await t.project(me);
    const asMember = await t.project(other);
    const asViewer = await t.project(other);
    await t.inviteAndAccept(other, asMember.id, me, 'member');
    await t.inviteAndAccept(other, asViewer.id, me, 'viewer');
    await t.item(me, mine.id, { name: 'Oak bench' });
    await t.item(other, asMember.id, { name: 'Linen sofa' });
    for (const name of ['Brass lamp', 'Marble table']) await t.item(other, asViewer.id, { name });
    await Promise.all([t.servicesOf(me, mine.id, 5), t.servicesOf(me, asMember.id, 5), t.servicesOf(me, asViewer.id, 10)]);
    // One selected service in each project: a clear would change only the two the caller may edit.
    for (const [who, p] of [[me, mine], [other, asMember], [other, asViewer]] as const) {
      const [delivery] = await t.services(who, `projectId=${p.id}&type=delivery`);
      expect((await t.logistics.put(`/api/services/${delivery!.id}`, who, { selected: true })).status).toBe(200);
    }

    // What the caller sees: 20 services worth 3 × 165.00 one-off (storage is per day); what they may change: the 10 of two projects.
    expect((await t.logistics.get('/api/services/summary', me)).body).toEqual({ total: 20, selected: 3, available: 17, selectedValue: '150.00', totalValue: '660.00', availableValue: '510.00' });
    const editable = (await t.logistics.get('/api/services/summary?editable=true', me)).body;
    expect(editable).toEqual({ total: 10, selected: 2, available: 8, selectedValue: '100.00', totalValue: '330.00', availableValue: '230.00' });
    // Filters narrow it as they narrow the bulk call; the viewer's project alone has nothing to change.
    expect((await t.logistics.get(`/api/services/summary?editable=true&projectId=${asViewer.id}`, me)).body).toMatchObject({ total: 0, available: 0, availableValue: '0.00' });
    expect((await t.logistics.get('/api/services/summary?editable=true&q=linen', me)).body).toMatchObject({ total: 5, selected: 1, available: 4, availableValue: '115.00' });
    expect((await t.logistics.get('/api/services/summary?editable=false', me)).status).toBe(400);

    // The bulk call, sent twice at once, changes exactly what the confirmation named, and nothing of the viewer's project.
    const before = await t.services(me);
    const bulk = await Promise.all([1, 2].map(() => t.logistics.post('/api/services/bulk', me, { filter: {}, selected: true })));
    expect(bulk.map((b) => b.status)).toEqual([200, 200]);
    expect(bulk[0]!.body.updated + bulk[1]!.body.updated).toBe(editable.available);
    const after = await t.services(me);
    const changed = after.filter((s) => s.selected && !before.find((b) => b.id === s.id)!.selected);
    expect(changed).toHaveLength(editable.available);
    expect(changed.filter((s) => s.type !== 'storage').reduce((sum, s) => sum + Math.round(Number(s.cost) * 100), 0) / 100).toBe(Number(editable.availableValue));
    expect(after.filter((s) => s.projectId === asViewer.id && s.selected)).toHaveLength(1);
    const cleared = (await t.logistics.get('/api/services/summary?editable=true', me)).body;
    expect(cleared).toMatchObject({ total: 10, selected: 10, available: 0, selectedValue: '330.00' });
    expect((await t.logistics.post('/api/services/bulk', me, { filter: {}, selected: false })).body).toEqual({ updated: cleared.selected });
  });

  it('an admin may change every service, so the editable summary is the whole summary', async () => {
    const [owner, admin] = [actor(), actor('midway_admin')];
    const p = await t.project(owner);
    await t.item(owner, p.id);
    await t.servicesOf(owner, p.id, 5);
    const all = (await t.logistics.get(`/api/services/summary?projectId=${p.id}`, admin)).body;
    expect((await t.logistics.get(`/api/services/summary?projectId=${p.id}&editable=true`, admin)).body).toEqual(all);
    expect(all).toMatchObject({ total: 5 });
  });
});

describe('GET /api/search (logistics’ half)', () => {
  it('finds services by item, project or type label, as results the gateway merges; under 3 characters is a 400', async () => {
    const owner = actor();
    const p = await t.project(owner, { name: 'Searchable Studio' });
    await t.item(owner, p.id, { name: 'Quartzite island' });
    await t.servicesOf(owner, p.id, 5);
    const res = await t.logistics.get('/api/search?q=quartzite', owner);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.body[0]).toEqual({ type: 'service', id: expect.any(String), title: 'White-Glove Receiving · Quartzite island', subtitle: 'Searchable Studio', url: '/services?q=Quartzite%20island' });
    expect((await t.logistics.get('/api/search?q=Searchable Studio', owner)).body).toHaveLength(5);
    expect((await t.logistics.get('/api/search?q=qu', owner)).status).toBe(400);
  });
});
