import { randomUUID } from 'node:crypto';
import { makeEvent } from '@midway/service-kit';
import { UnitOfWork } from '../src/data/unit-of-work';
import { applyFact } from '../src/domain/billing-facts';
import { actor, daysAgo, dayOf, eventually, useBilling, watchEvents } from './billing-harness';

/**
 * The fee rules of issue 11, each with its edge, fed by upstream facts on NATS as catalog, identity and
 * logistics publish them; every recording, redelivery and replay has one effect (unique keys).
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

const eventsOf = (itemId: string, n: number) => eventually(() => read.events({ itemId }), (e) => e.length >= n);
const settle = () => new Promise((r) => setTimeout(r, 700));

const arrivedIn = (itemId: string) => eventually(() => read.custody(itemId), (c) => !!c);

describe('a designer’s statuses are labels: they bill nothing (issue 40)', () => {
  it('received, stored and delivered set by hand, with every service selected, charge no receiving, storage, delivery or installation', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { quantity: 2, at: daysAgo(9) });
    const createdReceived = await t.up.item(p, owner, { status: 'received', at: daysAgo(9) });
    for (const i of [item, createdReceived]) for (const type of ['receiving', 'delivery', 'install_assembly'] as const) await t.up.select(p, owner, i, type, daysAgo(9));
    await eventually(() => read.selected(createdReceived, 'install_assembly'), (s) => s?.selected === true);
    await t.up.status(p, owner, item, 'ordered', 'received', daysAgo(6), { quantity: 2 });
    await t.up.status(p, owner, item, 'received', 'stored', daysAgo(5), { quantity: 2 });
    await t.up.status(p, owner, item, 'stored', 'delivered', daysAgo(2), { quantity: 2 });
    await t.up.status(p, owner, createdReceived, 'received', 'delivered', daysAgo(2));
    await eventually(async () => (await read.item(item))?.status, (s) => s === 'delivered');
    await eventually(async () => (await read.item(createdReceived))?.status, (s) => s === 'delivered');
    await t.billing.auto.recordStorage();
    await settle();
    expect(await read.events({ projectId: p })).toEqual([]);
  });
});

describe('receiving', () => {
  it('is charged once per item ever, on the day of the warehouse’s arrival, per unit (quantity 5 → 5 × 25.00); a redelivered arrival and later statuses add nothing', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { quantity: 5, at: daysAgo(8) });
    await t.up.select(p, owner, item, 'receiving', daysAgo(7));
    // Marked received by hand first (a label), then the warehouse's arrival, redelivered, then more statuses.
    await t.up.status(p, owner, item, 'ordered', 'received', daysAgo(7), { quantity: 5 });
    const arrival = await t.up.arrive(p, owner, item, daysAgo(6));
    await t.up.redeliver(arrival);
    await t.up.status(p, owner, item, 'received', 'stored', daysAgo(5), { quantity: 5 });
    await t.up.status(p, owner, item, 'stored', 'received', daysAgo(4), { quantity: 5 });
    await eventually(async () => (await read.item(item))?.status, (s) => s === 'received');
    await settle();
    const receiving = (await read.events({ itemId: item })).filter((e) => e.eventType === 'receiving');
    expect(receiving).toEqual([expect.objectContaining({ eventDate: dayOf(daysAgo(6)), quantity: 5, rate: '25.00', amount: '125.00' })]);
  });

  it('an arrival heard before catalog told billing of the item is charged when it does, dated on the arrival', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const early = randomUUID();
    await t.up.select(p, owner, early, 'receiving', daysAgo(5));
    await eventually(() => read.selected(early, 'receiving'), (s) => s?.selected === true);
    await t.up.arrive(p, owner, early, daysAgo(3));
    await arrivedIn(early);
    expect(await read.events({ itemId: early })).toEqual([]);
    await t.up.item(p, owner, { status: 'ordered', at: daysAgo(4), id: early });
    expect((await eventsOf(early, 1)).map((e) => [e.eventType, e.eventDate])).toEqual([['receiving', dayOf(daysAgo(3))]]);
  });
});

describe('an arrival and catalog’s first fact about the item, applied at once by the two consumers', () => {
  it('bill receiving exactly once for each of 50 items whichever commits first', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const ids = Array.from({ length: 50 }, () => randomUUID());
    for (const id of ids) await t.up.select(p, owner, id, 'receiving', daysAgo(5));
    await eventually(() => read.selected(ids.at(-1)!, 'receiving'), (s) => s?.selected === true);
    await Promise.all(ids.flatMap((id) => [t.up.item(p, owner, { at: daysAgo(4), id }), t.up.arrive(p, owner, id, daysAgo(3))]));
    await t.up.caughtUp();
    await settle();
    const receiving = (await read.events({ projectId: p })).filter((e) => e.eventType === 'receiving');
    expect(receiving.map((e) => e.key).sort()).toEqual(ids.map((id) => `receiving:${id}`).sort());
  });
});

describe('receiving follows the Services page: billed only when the service is selected', () => {
  it('switched off (never selected, or cleared before the arrival): no receiving fee; storage, a warehouse fact, is still billed', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const never = await t.up.item(p, owner, { at: daysAgo(8) });
    const cleared = await t.up.item(p, owner, { at: daysAgo(8) });
    await t.up.select(p, owner, cleared, 'receiving', daysAgo(7));
    await t.up.select(p, owner, cleared, 'receiving', daysAgo(6), false);
    await eventually(() => read.selected(cleared, 'receiving'), (s) => s?.selected === false);
    for (const i of [never, cleared]) await t.up.arrive(p, owner, i, daysAgo(3));
    for (const i of [never, cleared]) await arrivedIn(i);
    await settle();
    await t.billing.auto.recordStorage(dayOf(daysAgo(3)));
    const types = (await read.events({ projectId: p })).map((e) => e.eventType);
    expect(types.filter((x) => x === 'receiving')).toEqual([]);
    expect(types.filter((x) => x === 'storage')).toHaveLength(2);
  });

  it('a selection made before the arrival but heard after it bills receiving then; one cleared before the arrival but heard after takes it back', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const chosen = await t.up.item(p, owner, { quantity: 2, at: daysAgo(8) });
    const dropped = await t.up.item(p, owner, { at: daysAgo(8) });
    const late = await t.up.item(p, owner, { at: daysAgo(8) });
    await t.up.select(p, owner, dropped, 'receiving', daysAgo(7));
    await eventually(() => read.selected(dropped, 'receiving'), (s) => s?.selected === true);
    for (const i of [chosen, dropped, late]) await t.up.arrive(p, owner, i, daysAgo(3));
    await eventsOf(dropped, 1);
    await arrivedIn(chosen);
    // Heard after the arrival: chosen the day before it, dropped the day before it, and one chosen after it.
    await t.up.select(p, owner, chosen, 'receiving', daysAgo(4));
    await t.up.select(p, owner, dropped, 'receiving', daysAgo(4), false);
    await t.up.select(p, owner, late, 'receiving', daysAgo(1));
    await eventually(() => read.selected(late, 'receiving'), (s) => s?.selected === true);
    await settle();
    const receiving = (await read.events({ projectId: p })).filter((e) => e.eventType === 'receiving');
    expect(receiving.map((e) => [e.key, e.amount])).toEqual([[`receiving:${chosen}`, '50.00']]);
  });
});

describe('storage', () => {
  it('charges each day in custody per item (not per unit), fills a missed day, and recording three times at once adds nothing', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { quantity: 5, at: daysAgo(10) });
    await t.up.arrive(p, owner, item, daysAgo(3));
    await arrivedIn(item);
    await t.billing.auto.recordStorage(dayOf(daysAgo(2)));
    // The job does not run yesterday; today's run fills it in.
    const runs = await Promise.all([1, 2, 3].map(() => api.post('/api/billing/storage-fees/record', admin)));
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(runs[0]!.body).toEqual({ message: expect.stringMatching(/^(Daily storage fees recorded|Storage fees were already recorded)/) });
    const storage = (await read.events({ itemId: item })).filter((e) => e.eventType === 'storage');
    expect(storage.map((e) => [e.eventDate, e.quantity, e.amount])).toEqual([3, 2, 1, 0].map((n) => [dayOf(daysAgo(n)), 1, '2.00']));
  });

  it('stops the day a completed delivery or a release takes the item out of custody (that day not charged); an excepted item stays; nothing for an item never held', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const [delivered, released, excepted, never] = await Promise.all([1, 2, 3, 4].map(() => t.up.item(p, owner, { at: daysAgo(10) })));
    for (const i of [delivered!, released!, excepted!]) await t.up.arrive(p, owner, i, daysAgo(4));
    await t.up.status(p, owner, never!, 'ordered', 'stored', daysAgo(4));
    await t.up.complete(p, owner, [{ itemId: delivered! }, { itemId: excepted!, excepted: true }], daysAgo(1));
    await t.up.release(p, owner, released!, 'returned-to-vendor', daysAgo(2));
    await eventually(() => read.custody(delivered!), (c) => c?.endedBy === 'delivered');
    await eventually(() => read.custody(released!), (c) => c?.endedBy === 'returned-to-vendor');
    await t.billing.auto.recordStorage();
    await t.billing.auto.recordStorage();
    const days = async (i: string) => (await read.events({ itemId: i })).filter((e) => e.eventType === 'storage').map((e) => e.eventDate);
    expect(await days(delivered!)).toEqual([4, 3, 2].map((n) => dayOf(daysAgo(n))));
    expect(await days(released!)).toEqual([4, 3].map((n) => dayOf(daysAgo(n))));
    expect(await days(excepted!)).toEqual([4, 3, 2, 1, 0].map((n) => dayOf(daysAgo(n))));
    expect(await days(never!)).toEqual([]);
    expect((await read.custody(excepted!))?.endedAt).toBeNull();
  });

  it('publishes the project’s running cost per type and month (billing.cost.recorded.v1): one figure per month, growing as days are recorded, not doubled by parallel runs', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { at: '2025-01-29T12:00:00.000Z' });
    await t.up.arrive(p, owner, item, '2025-01-30T12:00:00.000Z');
    await arrivedIn(item);
    const watch = await watchEvents();
    await t.billing.auto.recordStorage('2025-01-31');
    await Promise.all([1, 2, 3].map(() => t.billing.auto.recordStorage('2025-02-02')));
    await t.billing.auto.recordStorage('2025-02-03');
    const costs = (await watch.settle())
      .filter((e) => e.type === 'billing.cost.recorded.v1' && (e.data as { projectId: string }).projectId === p)
      .map((e) => e.data as { type: string; year: number; month: number; amount: string });
    await watch.close();
    // January: the 30th and 31st; February: the 1st and 2nd, then the 3rd (the running total, re-sent).
    expect(costs.filter((c) => c.type === 'storage').map((c) => [c.year, c.month, c.amount])).toEqual([[2025, 1, '4.00'], [2025, 2, '4.00'], [2025, 2, '6.00']]);
    const rows = await t.billing.db.$queryRaw<{ month: number; amount: string }[]>`SELECT month, amount::text FROM project_costs WHERE project_id = ${p}::uuid AND type = 'storage' ORDER BY month`;
    expect(rows).toEqual([{ month: 1, amount: '4.00' }, { month: 2, amount: '6.00' }]);
  });

  it('counts days in BILLING_TIME_ZONE: 03:00 UTC is the evening before in Vancouver', async () => {
    const uow = new UnitOfWork(t.billing.db);
    const owner = actor();
    const [projectId, itemId] = [randomUUID(), randomUUID()];
    const at = `${dayOf(daysAgo(2))}T03:00:00.000Z`;
    const apply = (e: ReturnType<typeof makeEvent>) => uow.once(e, (r) => applyFact(r, e, 'America/Vancouver'));
    await apply(makeEvent('logistics.service.selected.v1', { serviceId: randomUUID(), itemId, projectId, type: 'receiving', cost: null, byUserId: owner.userId, changedAt: daysAgo(4) }));
    await apply(makeEvent('catalog.item.created.v1', { itemId, projectId, designerId: owner.userId, name: 'Boundary lamp', quantity: 1, status: 'ordered', supplier: null, trackingNumber: null, carrierId: null, price: null, receivedAt: null, deliveredAt: null, createdAt: daysAgo(5) }));
    await apply(makeEvent('logistics.item.arrived.v1', { arrivalId: randomUUID(), itemId, projectId, trackingNumber: '1ZTZ', notes: null, arrivedAt: at, inspectionDueAt: at, byUserId: owner.userId }));
    expect((await read.events({ itemId })).map((x) => x.eventDate)).toEqual([dayOf(daysAgo(3))]);
    await uow.run((r) => r.events.recordStorage(dayOf(daysAgo(2)), 'America/Vancouver'));
    expect((await read.events({ itemId })).filter((x) => x.eventType === 'storage').map((x) => x.eventDate)).toEqual([dayOf(daysAgo(3)), dayOf(daysAgo(2))]);
  });
});

describe('delivery and installation', () => {
  /** Items of a new project the warehouse holds since `n` days ago. */
  async function heldItems(owner: ReturnType<typeof actor>, count: number, n = 6) {
    const p = await t.up.project(owner);
    const items = await Promise.all(Array.from({ length: count }, () => t.up.item(p, owner, { at: daysAgo(n + 1) })));
    for (const i of items) await t.up.arrive(p, owner, i, daysAgo(n));
    return { p, items };
  }

  it('one delivery per project per completion day for items with delivery selected; installation once per item with it selected', async () => {
    const owner = actor();
    const { p, items: [a, b, c, d] } = await heldItems(owner, 4, 9);
    for (const i of [a!, b!, d!]) await t.up.select(p, owner, i, 'delivery', daysAgo(8));
    await t.up.select(p, owner, a!, 'install_assembly', daysAgo(8));
    await eventually(() => read.selected(d!, 'delivery'), (s) => s?.selected === true);
    const first = await t.up.complete(p, owner, [{ itemId: a!, installAssembly: true }, { itemId: b! }], daysAgo(2, 9));
    await t.up.complete(p, owner, [{ itemId: c! }], daysAgo(2, 16));
    await t.up.complete(p, owner, [{ itemId: d! }], daysAgo(1));
    await t.up.redeliver(first);
    await eventually(() => read.custody(d!), (x) => x?.endedBy === 'delivered');
    await settle();
    const all = await read.events({ projectId: p });
    const deliveries = all.filter((e) => e.eventType === 'delivery');
    expect(deliveries.map((e) => [e.eventDate, e.amount])).toEqual([[dayOf(daysAgo(2)), '50.00'], [dayOf(daysAgo(1)), '50.00']]);
    expect(all.filter((e) => e.eventType === 'install_assembly').map((e) => [e.key, e.amount])).toEqual([[`install_assembly:${a}`, '75.00']]);
  });

  it('a selection made before the delivery but heard after it (two streams) still bills the delivery, once', async () => {
    const owner = actor();
    const { p, items: [item, late] } = await heldItems(owner, 2);
    await t.up.complete(p, owner, [{ itemId: item! }], daysAgo(1));
    await eventually(() => read.custody(item!), (x) => x?.endedBy === 'delivered');
    await t.up.select(p, owner, item!, 'delivery', daysAgo(2));
    await t.up.select(p, owner, item!, 'install_assembly', daysAgo(2));
    // Selected after the delivery happened: not billed for that delivery.
    await t.up.complete(p, owner, [{ itemId: late! }], daysAgo(3));
    await eventually(() => read.custody(late!), (x) => x?.endedBy === 'delivered');
    await t.up.select(p, owner, late!, 'install_assembly', daysAgo(2));
    await eventually(() => read.selected(late!, 'install_assembly'), (s) => s?.selected === true);
    await settle();
    const billed = (await read.events({ projectId: p })).filter((e) => e.eventType !== 'receiving' && e.eventType !== 'storage');
    expect(billed.map((e) => [e.eventType, e.eventDate]).sort()).toEqual([['delivery', dayOf(daysAgo(1))], ['install_assembly', dayOf(daysAgo(1))]]);
  });

  it('nothing is charged for a delivered item whose delivery service is not selected (or was deselected)', async () => {
    const owner = actor();
    const { p, items: [item] } = await heldItems(owner, 1);
    await t.up.select(p, owner, item!, 'delivery', daysAgo(4));
    await t.up.select(p, owner, item!, 'delivery', daysAgo(3), false);
    await eventually(() => read.selected(item!, 'delivery'), (s) => s?.selected === false);
    await t.up.complete(p, owner, [{ itemId: item! }], daysAgo(1));
    await eventually(() => read.custody(item!), (x) => x?.endedBy === 'delivered');
    await settle();
    expect((await read.events({ projectId: p })).filter((e) => e.eventType === 'delivery')).toEqual([]);
  });

  it('a service cleared before the delivery but heard after it (two streams) takes back the fee billed meanwhile; a delivery another item still needs stays', async () => {
    const owner = actor();
    const { p, items: [a, b, c] } = await heldItems(owner, 3);
    for (const i of [a!, b!, c!]) await t.up.select(p, owner, i, 'delivery', daysAgo(5));
    await t.up.select(p, owner, a!, 'install_assembly', daysAgo(5));
    await eventually(() => read.selected(c!, 'delivery'), (s) => s?.selected === true);
    // a and b delivered the same day, c the day after; all billed while the selections still stood.
    await t.up.complete(p, owner, [{ itemId: a!, installAssembly: true }, { itemId: b! }], daysAgo(2, 10));
    await t.up.complete(p, owner, [{ itemId: c! }], daysAgo(1));
    const billed = (e: { eventType: string }[]) => e.filter((x) => x.eventType === 'delivery' || x.eventType === 'install_assembly').length;
    await eventually(() => read.events({ projectId: p }), (e) => billed(e) === 3);
    // Cleared two days before the deliveries, heard only now.
    await t.up.select(p, owner, a!, 'delivery', daysAgo(3), false);
    await t.up.select(p, owner, a!, 'install_assembly', daysAgo(3), false);
    await t.up.select(p, owner, c!, 'delivery', daysAgo(3), false);
    await eventually(() => read.events({ projectId: p }), (e) => billed(e) === 1);
    await settle();
    const left = (await read.events({ projectId: p })).filter((e) => e.eventType === 'delivery' || e.eventType === 'install_assembly');
    // b still had delivery selected on that day: the consolidated delivery stays; c's and a's installation go.
    expect(left.map((e) => [e.eventType, e.eventDate])).toEqual([['delivery', dayOf(daysAgo(2))]]);
    const [cost] = await t.billing.db.$queryRaw<{ amount: string }[]>`SELECT sum(amount)::text AS amount FROM project_costs WHERE project_id = ${p}::uuid AND type IN ('delivery', 'install_assembly')`;
    expect(cost!.amount).toBe('50.00');
  });
});

describe('delivery facts and selections arriving at the same moment on the two streams', () => {
  it('a service cleared before the delivery is never charged; one chosen before it always is (15 items each, published at once)', async () => {
    const owner = actor();
    const items = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => {
        const p = await t.up.project(owner);
        const item = await t.up.item(p, owner, { at: daysAgo(7) });
        await t.up.arrive(p, owner, item, daysAgo(6));
        return { p, item, cleared: n % 2 === 0 };
      }),
    );
    // Cleared ones were selected first; chosen ones are not selected yet.
    for (const x of items.filter((i) => i.cleared)) await t.up.select(x.p, owner, x.item, 'delivery', daysAgo(5));
    await eventually(() => read.selected(items[items.length - 2]!.item, 'delivery'), (s) => s?.selected === true);
    await Promise.all(
      items.flatMap((x) => [
        t.up.complete(x.p, owner, [{ itemId: x.item }], daysAgo(1)),
        t.up.select(x.p, owner, x.item, 'delivery', daysAgo(3), !x.cleared),
      ]),
    );
    for (const x of items) await eventually(() => read.custody(x.item), (c) => c?.endedBy === 'delivered');
    for (const x of items) await eventually(() => read.selected(x.item, 'delivery'), (s) => s?.selected === !x.cleared);
    await settle();
    const charged = await Promise.all(items.map(async (x) => (await read.events({ projectId: x.p })).some((e) => e.eventType === 'delivery')));
    expect(charged).toEqual(items.map((x) => !x.cleared));
  });
});

describe('the custody row orders a delivery and a selection applied at once', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const uowFor = () => new UnitOfWork(t.billing.db);

  async function deliveredWhileSelectionChanges(selectedBefore: boolean) {
    const uow = uowFor();
    const owner = actor();
    const [projectId, itemId] = [randomUUID(), randomUUID()];
    const apply = (e: ReturnType<typeof makeEvent>) => uow.once(e, (r) => applyFact(r, e, 'UTC'));
    const choice = (type: 'logistics.service.selected.v1' | 'logistics.service.deselected.v1', at: string) =>
      makeEvent(type, { serviceId: randomUUID(), itemId, projectId, type: 'delivery', cost: '50.00', byUserId: owner.userId, changedAt: at });
    await apply(makeEvent('catalog.item.created.v1', { itemId, projectId, designerId: owner.userId, name: 'Race chair', quantity: 1, status: 'ordered', supplier: null, trackingNumber: null, carrierId: null, price: null, receivedAt: null, deliveredAt: null, createdAt: daysAgo(7) }));
    await apply(makeEvent('logistics.item.arrived.v1', { arrivalId: randomUUID(), itemId, projectId, trackingNumber: '1ZRACE', notes: null, arrivedAt: daysAgo(6), inspectionDueAt: daysAgo(4), byUserId: owner.userId }));
    if (selectedBefore) await apply(choice('logistics.service.selected.v1', daysAgo(5)));
    const delivered = makeEvent('logistics.delivery.completed.v1', {
      deliveryId: randomUUID(), projectId, date: dayOf(daysAgo(1)), window: 'any', address: '12 Harbour St', status: 'completed', items: [{ itemId, name: 'Race chair', installAssembly: false }],
      byUserId: owner.userId, changedAt: daysAgo(1), receivedBy: 'J. Ellis', deliveredItemIds: [itemId], exceptions: [], photoUrls: [],
    });
    // The delivery's transaction stays open a moment after its work; the selection fact (made before the
    // delivery) is applied meanwhile by the other consumer.
    const slow = uow.once(delivered, async (r) => {
      await applyFact(r, delivered, 'UTC');
      await sleep(600);
    });
    await sleep(150);
    await apply(choice(selectedBefore ? 'logistics.service.deselected.v1' : 'logistics.service.selected.v1', daysAgo(3)));
    await slow;
    return (await read.events({ projectId })).filter((e) => e.eventType === 'delivery').length;
  }

  it('a clearing applied while the delivery commits still takes the fee back', async () => {
    expect(await deliveredWhileSelectionChanges(true)).toBe(0);
  });

  it('a choice applied while the delivery commits still charges it', async () => {
    expect(await deliveredWhileSelectionChanges(false)).toBe(1);
  });
});

describe('enhanced inspection', () => {
  it('is charged once per item when it is inspected with the service selected, per unit, on the inspection day; a second inspection or a redelivery adds nothing', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { quantity: 2, status: 'received', at: daysAgo(6) });
    await t.up.select(p, owner, item, 'enhanced_inspection', daysAgo(6));
    await eventually(() => read.selected(item, 'enhanced_inspection'), (s) => s?.selected === true);
    const watch = await watchEvents();
    const first = await t.up.inspect(p, owner, item, daysAgo(5));
    await t.up.redeliver(first);
    await t.up.inspect(p, owner, item, daysAgo(4));
    await eventsOf(item, 1);
    await settle();
    const inspections = (await read.events({ itemId: item })).filter((e) => e.eventType === 'enhanced_inspection');
    expect(inspections).toEqual([expect.objectContaining({ key: `enhanced_inspection:${item}`, eventDate: dayOf(daysAgo(5)), quantity: 2, rate: '15.00', amount: '30.00' })]);
    const costs = (await watch.settle()).filter((e) => e.type === 'billing.cost.recorded.v1' && (e.data as { projectId: string; type: string }).projectId === p && (e.data as { type: string }).type === 'enhanced_inspection');
    expect(costs.map((e) => (e.data as { amount: string }).amount)).toEqual(['30.00']);
    await watch.close();
  });

  it('is not charged when the service is not selected at the inspection (selecting it afterwards does not bill it)', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    const never = await t.up.item(p, owner, { status: 'received', at: daysAgo(6) });
    const late = await t.up.item(p, owner, { status: 'received', at: daysAgo(6) });
    const cleared = await t.up.item(p, owner, { status: 'received', at: daysAgo(6) });
    await t.up.select(p, owner, cleared, 'enhanced_inspection', daysAgo(6));
    await t.up.select(p, owner, cleared, 'enhanced_inspection', daysAgo(5), false);
    await t.up.inspect(p, owner, never, daysAgo(4));
    await t.up.inspect(p, owner, late, daysAgo(4));
    await t.up.inspect(p, owner, cleared, daysAgo(4));
    await t.up.select(p, owner, late, 'enhanced_inspection', daysAgo(3));
    await eventually(() => read.selected(late, 'enhanced_inspection'), (s) => s?.selected === true);
    await settle();
    expect((await read.events({ projectId: p })).filter((e) => e.eventType === 'enhanced_inspection')).toEqual([]);
  });
});

describe('rates', () => {
  it('initialize writes the fee table once; a change applies from its date on, never before; a past date is refused', async () => {
    const first = await Promise.all([api.post('/api/billing/initialize', admin), api.post('/api/billing/initialize', admin)]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    const rates = (await api.get('/api/billing/rates', admin)).body as { serviceType: string; rate: string; current: boolean }[];
    expect(Object.fromEntries(rates.filter((r) => r.current).map((r) => [r.serviceType, r.rate]))).toEqual({
      receiving: '25.00', enhanced_inspection: '15.00', storage: '2.00', delivery: '50.00', install_assembly: '75.00', special_handling: '10.00',
    });
    const again = await api.post('/api/billing/initialize', admin);
    expect(again.body.message).toMatch(/already initialized/);
    expect((await api.get('/api/billing/rates', admin)).body).toHaveLength(rates.length);

    const past = await api.put('/api/billing/rates/storage', admin, { rate: '3.00', effectiveDate: dayOf(daysAgo(1)) });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/never retroactively/);
    expect((await api.put('/api/billing/rates/storage', admin, { rate: 'abc' })).status).toBe(400);
    expect((await api.put('/api/billing/rates/teleport', admin, { rate: '1.00' })).status).toBe(400);

    // Mid-stay change: the days before today keep 2.00, today is charged at the new rate.
    const owner = actor();
    const p = await t.up.project(owner);
    const item = await t.up.item(p, owner, { at: daysAgo(3) });
    await t.up.arrive(p, owner, item, daysAgo(2));
    await arrivedIn(item);
    const today = dayOf(new Date().toISOString());
    try {
      expect((await api.put('/api/billing/rates/storage', admin, { rate: 3.5, effectiveDate: today })).body).toMatchObject({ serviceType: 'storage', rate: '3.50', effectiveDate: today, current: true });
      await t.billing.auto.recordStorage(today);
      const storage = (await read.events({ itemId: item })).filter((e) => e.eventType === 'storage');
      expect(storage.map((e) => [e.eventDate, e.rate])).toEqual([[dayOf(daysAgo(2)), '2.00'], [dayOf(daysAgo(1)), '2.00'], [today, '3.50']]);
    } finally {
      await api.put('/api/billing/rates/storage', admin, { rate: '2.00', effectiveDate: today });
    }
  });
});
