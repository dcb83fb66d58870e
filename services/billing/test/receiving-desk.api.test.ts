import { randomUUID } from 'node:crypto';
import { actor, daysAgo, dayOf, eventually, useBilling } from './billing-harness';

/**
 * The receiving desk's facts as billing charges them: receiving once per item, dated on the warehouse's arrival
 * (catalog's status fact may come days later, or the item may have been marked received by hand first); enhanced
 * inspection once per inspected item whose service is selected, whatever the inspection found.
 */
const t = useBilling();
const { read } = t;
const settle = () => new Promise((r) => setTimeout(r, 700));
const admin = actor('midway_admin');

const arrive = (projectId: string, itemId: string, at: string) =>
  t.up.publish('logistics.item.arrived.v1', {
    arrivalId: randomUUID(), itemId, projectId, trackingNumber: '1Z5R89390357567127', notes: null, arrivedAt: at,
    inspectionDueAt: new Date(Date.parse(at) + 48 * 3_600_000).toISOString(), byUserId: admin.userId,
  });

it('charges receiving once, on the arrival day, however late catalog’s received status comes and however often the fact is redelivered', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const item = await t.up.item(p, owner, { quantity: 2, at: daysAgo(9) });
  await t.up.select(p, owner, item, 'receiving', daysAgo(8));
  await eventually(() => read.selected(item, 'receiving'), (s) => s?.selected === true);
  const fact = await arrive(p, item, daysAgo(6));
  const fees = await eventually(() => read.events({ itemId: item }), (e) => e.some((x) => x.eventType === 'receiving'));
  expect(fees.filter((e) => e.eventType === 'receiving')).toEqual([expect.objectContaining({ eventDate: dayOf(daysAgo(6)), quantity: 2, amount: '50.00' })]);
  await t.up.redeliver(fact);
  await t.up.status(p, owner, item, 'ordered', 'received', daysAgo(2), { quantity: 2 });
  await eventually(async () => (await read.item(item))?.status, (s) => s === 'received');
  await settle();
  expect((await read.events({ itemId: item })).filter((e) => e.eventType === 'receiving')).toHaveLength(1);
});

it('charges nothing for an arrival when receiving is not selected, nor for an item billing never heard of', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const item = await t.up.item(p, owner, { at: daysAgo(5) });
  await eventually(async () => (await read.item(item))?.status, (s) => s === 'ordered');
  const unknown = randomUUID();
  await arrive(p, item, daysAgo(4));
  await arrive(p, unknown, daysAgo(4));
  await settle();
  expect(await read.events({ itemId: item })).toEqual([]);
  expect(await read.events({ itemId: unknown })).toEqual([]);
});

it('charges enhanced inspection once for a damaged item with the service selected', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const item = await t.up.item(p, owner, { at: daysAgo(5) });
  await t.up.select(p, owner, item, 'enhanced_inspection', daysAgo(5));
  await eventually(() => read.selected(item, 'enhanced_inspection'), (s) => s?.selected === true);
  const inspected = await t.up.publish('logistics.item.inspected.v1', {
    inspectionId: randomUUID(), itemId: item, projectId: p, notes: 'Cracked top', byUserId: admin.userId, inspectedAt: daysAgo(3), condition: 'damaged', photoUrls: ['/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'],
  });
  await t.up.redeliver(inspected);
  const fees = await eventually(() => read.events({ itemId: item }), (e) => e.length > 0);
  await settle();
  expect((await read.events({ itemId: item })).map((e) => [e.eventType, e.eventDate, e.amount])).toEqual([['enhanced_inspection', dayOf(daysAgo(3)), '15.00']]);
  expect(fees).toHaveLength(1);
});
