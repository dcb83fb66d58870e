import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import { custodyStatusMessage, type EventEnvelope, type Item } from '@midway/contracts';
import { testEnv } from '@midway/testing';
import { actor, eventually as poll, inviteAndAccept, useCatalog, watchCatalogEvents } from './catalog-harness';

/**
 * Status follows custody (issue 40): while the warehouse holds an item (arrival until delivery or release) its
 * status comes only from logistics' facts (arrived → received, put away or moved → stored, delivered, released),
 * a designer's change answers 409 with the item lifecycle's message, and the item says where it stands and how many
 * of its pieces came. Before arrival, and after custody ends, a designer's status is a label set as before.
 */
const t = useCatalog();
/** Waits for catalog's consumer to apply a fact: bounded generously, since a loaded machine delays it (not a latency check). */
const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean) => poll(fn, ok, 20_000);
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => nc?.close());

const staff = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const publish = async (e: EventEnvelope, msgID = e.id) => void (await jetstream(nc).publish(e.type, JSON.stringify(e), { msgID }));
const fact = (item: Item, at: string) => ({ itemId: item.id, projectId: item.projectId, at, byUserId: staff });
const facts = {
  arrived: (item: Item, at: string, pieces = 1) =>
    makeEvent('logistics.item.arrived.v1', { arrivalId: randomUUID(), itemId: item.id, projectId: item.projectId, trackingNumber: '1Z5R89390357567127', notes: null, arrivedAt: at, inspectionDueAt: at, byUserId: staff, pieces }),
  putAway: (item: Item, at: string, code: string) => makeEvent('logistics.item.put-away.v1', { ...fact(item, at), locationId: randomUUID(), locationCode: code, fromLocationCode: null }),
  moved: (item: Item, at: string, from: string, code: string) => makeEvent('logistics.item.moved.v1', { ...fact(item, at), locationId: randomUUID(), locationCode: code, fromLocationCode: from }),
  released: (item: Item, at: string, reason: 'returned-to-vendor' | 'picked-up') => makeEvent('logistics.item.released.v1', { ...fact(item, at), reason, receivedBy: 'Vendor driver' }),
  completed: (item: Item, at: string) =>
    makeEvent('logistics.delivery.completed.v1', {
      deliveryId: randomUUID(), projectId: item.projectId, date: at.slice(0, 10), window: 'any', address: '12 Harbour St', status: 'completed', items: [{ itemId: item.id, name: item.name, installAssembly: false }],
      byUserId: staff, changedAt: at, receivedBy: 'J. Ellis', deliveredItemIds: [item.id], exceptions: [], photoUrls: [],
    }),
};

async function setUp(body: Record<string, unknown> = {}) {
  const owner = actor();
  const project = await t.http.project(owner, { name: 'Harbour Loft' });
  const item = (await t.http.item(owner, project.id, { name: 'Walnut sideboard', ...body })) as Item;
  const view = async () => ((await t.http.get(`/api/items?projectId=${project.id}`, owner)).body as Item[]).find((i) => i.id === item.id)!;
  return { owner, project, item, view };
}
const ARRIVED = '2026-12-03T15:00:00.000Z';
const MESSAGE = custodyStatusMessage(ARRIVED);

describe('a designer’s status change of an item the warehouse holds', () => {
  it('answers 409 with the lifecycle’s message (PUT status, bulk status, an edit naming another status), changes nothing; an edit keeping the status passes', async () => {
    const { owner, item, view } = await setUp();
    // Watched from before the arrival: its own events may leave the outbox after the item shows it.
    const events = await watchCatalogEvents();
    await publish(facts.arrived(item, ARRIVED));
    await eventually(view, (i) => i.inCustody);

    const put = await t.http.put(`/api/items/${item.id}/status`, owner, { status: 'delivered' });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ error: 'conflict', message: MESSAGE });
    expect(MESSAGE).toBe("The warehouse records this item's status while it holds it (received Dec 3): it changes when staff put it away, load or deliver it.");
    const bulk = await t.http.post('/api/items/bulk-status', owner, { itemIds: [item.id], status: 'stored' });
    expect(bulk.status).toBe(409);
    expect(bulk.body.message).toBe(`“Walnut sideboard”: ${MESSAGE}`);
    const edit = await t.http.put(`/api/items/${item.id}`, owner, { name: 'Walnut sideboard (oak)', status: 'ordered' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(MESSAGE);

    expect(await view()).toMatchObject({ status: 'received', name: 'Walnut sideboard', inCustody: true });
    // Only the arrival's change (ordered → received) was published: none of the refused ones.
    const seen = (await events.settle()).filter((e) => (e.data as { itemId?: string }).itemId === item.id && e.type === 'catalog.item.status-changed.v1');
    events.close();
    expect(seen.map((e) => e.data)).toEqual([expect.objectContaining({ from: 'ordered', to: 'received' })]);

    // The same status in an edit, or set again, passes.
    const keeps = await t.http.put(`/api/items/${item.id}`, owner, { name: 'Walnut sideboard (oak)', status: 'received' });
    expect(keeps.status).toBe(200);
    expect(keeps.body).toMatchObject({ name: 'Walnut sideboard (oak)', status: 'received' });
    expect((await t.http.put(`/api/items/${item.id}/status`, owner, { status: 'received' })).status).toBe(200);
  });

  it('parallel status changes and bulk changes of a held item all answer 409 and none changes it', async () => {
    const { owner, project, item, view } = await setUp();
    const free = (await t.http.item(owner, project.id, { name: 'Brass lamp' })) as Item;
    await publish(facts.arrived(item, ARRIVED));
    await eventually(view, (i) => i.inCustody);
    const answers = await Promise.all([
      ...['ordered', 'in-transit', 'stored', 'delivered'].map((status) => t.http.put(`/api/items/${item.id}/status`, owner, { status })),
      t.http.post('/api/items/bulk-status', owner, { itemIds: [free.id, item.id], status: 'delivered' }),
      t.http.post('/api/items/bulk-status', owner, { itemIds: [item.id, free.id], status: 'in-transit' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 409, 409, 409]);
    // All or none: the free item of the refused bulk changes stayed unchanged too.
    const items = (await t.http.get(`/api/items?projectId=${project.id}`, owner)).body as Item[];
    expect(items.map((i) => [i.name, i.status]).sort()).toEqual([['Brass lamp', 'ordered'], ['Walnut sideboard', 'received']]);
  });

  it('outside custody (before arrival, for an item the warehouse never holds, after delivery) a designer sets any status: a label', async () => {
    const { owner, item, view } = await setUp();
    for (const status of ['received', 'stored', 'delivered', 'ordered']) expect((await t.http.put(`/api/items/${item.id}/status`, owner, { status })).status).toBe(200);
    await publish(facts.arrived(item, ARRIVED));
    await eventually(view, (i) => i.inCustody);
    await publish(facts.completed(item, '2026-12-08T15:00:00.000Z'));
    await eventually(view, (i) => !i.inCustody);
    expect((await t.http.put(`/api/items/${item.id}/status`, owner, { status: 'stored' })).status).toBe(200);
  });
});

describe('the status and place follow custody’s facts', () => {
  it('arrived → received (pieces counted), put away → stored at its place, moved → the new place, delivered → out of custody; a redelivered fact changes nothing', async () => {
    const { owner, item, view } = await setUp({ pieces: 3 });
    expect(item).toMatchObject({ pieces: 3, piecesReceived: 0, inCustody: false, custodySince: null, location: null });
    const first = facts.arrived(item, ARRIVED, 2);
    await publish(first);
    await publish(first, randomUUID());
    expect(await eventually(view, (i) => i.inCustody)).toMatchObject({ status: 'received', pieces: 3, piecesReceived: 2, custodySince: ARRIVED, receivedAt: ARRIVED, location: null });
    await publish(facts.putAway(item, '2026-12-03T16:00:00.000Z', 'B-12'));
    expect(await eventually(view, (i) => i.location === 'B-12')).toMatchObject({ status: 'stored', inCustody: true });
    // The last piece arrives: the item stays stored where it is, now 3 of 3.
    await publish(facts.arrived(item, '2026-12-04T10:00:00.000Z', 1));
    expect(await eventually(view, (i) => i.piecesReceived === 3)).toMatchObject({ status: 'stored', location: 'B-12', custodySince: ARRIVED });
    await publish(facts.moved(item, '2026-12-05T10:00:00.000Z', 'B-12', 'C-03'));
    expect(await eventually(view, (i) => i.location === 'C-03')).toMatchObject({ status: 'stored' });
    await publish(facts.completed(item, '2026-12-08T15:00:00.000Z'));
    expect(await eventually(view, (i) => i.status === 'delivered')).toMatchObject({ inCustody: false, location: null, deliveredAt: '2026-12-08T15:00:00.000Z' });
    // The item detail (project page) carries the same.
    const detail = (await t.http.get(`/api/projects/${item.projectId}`, owner)).body as { items: Item[] };
    expect(detail.items.find((i) => i.id === item.id)).toMatchObject({ status: 'delivered', piecesReceived: 3, pieces: 3, inCustody: false });
  });

  it('a release ends custody: returned to the vendor → ordered again, picked up → delivered', async () => {
    const a = await setUp();
    const b = await setUp();
    for (const x of [a, b]) await publish(facts.arrived(x.item, ARRIVED));
    for (const x of [a, b]) await eventually(x.view, (i) => i.inCustody);
    await publish(facts.released(a.item, '2026-12-05T10:00:00.000Z', 'returned-to-vendor'));
    await publish(facts.released(b.item, '2026-12-05T11:00:00.000Z', 'picked-up'));
    expect(await eventually(a.view, (i) => !i.inCustody)).toMatchObject({ status: 'ordered', location: null });
    expect(await eventually(b.view, (i) => !i.inCustody)).toMatchObject({ status: 'delivered', deliveredAt: '2026-12-05T11:00:00.000Z' });
    // Out of custody: the designer may set a status again.
    expect((await t.http.put(`/api/items/${a.item.id}/status`, a.owner, { status: 'in-transit' })).status).toBe(200);
  });
});

describe('expected pieces', () => {
  it('a designer who may edit items sets them (create and edit; 1 to 99); a viewer may not; bad values are refused with a message', async () => {
    const { owner, project, item } = await setUp();
    expect(item.pieces).toBe(1);
    const edited = await t.http.put(`/api/items/${item.id}`, owner, { pieces: 4 });
    expect(edited.status).toBe(200);
    expect(edited.body.pieces).toBe(4);
    for (const pieces of [0, 100, 1.5, 'three', true]) {
      const bad = await t.http.put(`/api/items/${item.id}`, owner, { pieces });
      expect({ pieces, status: bad.status, message: bad.body.message }).toEqual({ pieces, status: 400, message: expect.stringContaining('pieces must be a whole number from 1 to 99') });
    }
    const viewer = actor();
    await inviteAndAccept(t.http, owner, project.id, viewer, 'viewer');
    expect((await t.http.put(`/api/items/${item.id}`, viewer, { pieces: 2 })).status).toBe(403);
    expect((await t.http.get(`/api/items?projectId=${project.id}`, owner)).body[0].pieces).toBe(4);
  });
});

describe('custody facts heard out of order (a redelivered event comes after later ones)', () => {
  it('a put-away heard before its arrival still places the item; the arrival then dates its custody without undoing it', async () => {
    const { item, view } = await setUp();
    await publish(facts.putAway(item, '2026-12-03T16:00:00.000Z', 'B-12'));
    await eventually(view, (i) => i.location === 'B-12');
    await publish(facts.arrived(item, ARRIVED));
    const after = await eventually(view, (i) => i.piecesReceived === 1);
    expect(after).toMatchObject({ status: 'stored', inCustody: true, location: 'B-12', custodySince: ARRIVED });
  });

  it('a release heard before its arrival ends custody; the arrival heard after it does not open it again', async () => {
    const { item, view } = await setUp();
    await publish(facts.released(item, '2026-12-04T10:00:00.000Z', 'picked-up'));
    await eventually(view, (i) => i.status === 'delivered');
    await publish(facts.arrived(item, ARRIVED));
    const after = await eventually(view, (i) => i.piecesReceived === 1);
    expect(after).toMatchObject({ status: 'delivered', inCustody: false, location: null, custodySince: ARRIVED });
  });
});
